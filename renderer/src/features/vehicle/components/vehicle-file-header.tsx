/**
 * The vehicle file's head: the VIN (monospace, copied with one click, the check-digit warning when its
 * 9th character is not what ISO 3779 computes), the model, new or used, its overseas contract (number,
 * customer, country) and purchase contract(s), where it is now and what comes next, and its open
 * deadlines (issue 25) with the lists' tag.
 */
import { Link } from 'react-router-dom';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { flowLabels } from '../../../../../contract/stage';
import { carTypeLabels, type VehicleFile } from '../../../../../contract/vehicle-file';
import { DeadlineTag, deadlineWording } from '../../../components/deadline-tag';
import { checkDigitWarning } from '../../../components/vin';
import { VIN_FONT } from '../../../components/vin-search-box';
import { nextStepText } from '../next-step';

export const vehicleFilePaths = {
  order: (orderId: number) => `/overseas/info/${orderId}`,
  purchase: (purchaseId: number) => `/purchase/info/${purchaseId}`,
};

/** The VIN large enough to read at a glance, with its copy button. */
export function FileVin({ vin }: { vin: string }) {
  return (
    <Typography.Text
      className="vehicle-file-vin"
      copyable={{ text: vin, tooltips: ['复制车架号', '已复制'] }}
      style={{ fontFamily: VIN_FONT, fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {vin}
    </Typography.Text>
  );
}

const dash = '—';

export function VehicleFileHeader({ file }: { file: VehicleFile }) {
  const { vehicle, order, purchases } = file;
  const warning = checkDigitWarning(vehicle.vin);
  const items = [
    { key: 'model', label: '车型', children: vehicle.model || dash },
    {
      key: 'type',
      label: '车辆类型',
      children: vehicle.car_type === null ? '尚未采购' : carTypeLabels[vehicle.car_type],
    },
    {
      key: 'order',
      label: '海外合同',
      children: order ? (
        <Link to={vehicleFilePaths.order(order.id)} aria-label={`海外合同 ${order.order_no}`}>
          {order.order_no}
        </Link>
      ) : (
        dash
      ),
    },
    { key: 'customer', label: '客户', children: order?.customer_name || dash },
    { key: 'country', label: '国家', children: order?.country || dash },
    {
      key: 'purchase',
      label: '采购合同',
      children:
        purchases.length > 0 ? (
          <Space size={[8, 0]} wrap>
            {purchases.map((purchase) => (
              <Link
                key={purchase.id}
                to={vehicleFilePaths.purchase(purchase.id)}
                aria-label={`采购合同 ${purchase.purchase_no}`}
              >
                {purchase.purchase_no}
              </Link>
            ))}
          </Space>
        ) : (
          dash
        ),
    },
    {
      key: 'flow',
      label: '当前环节',
      children: vehicle.flow ? <Tag color="processing">{flowLabels[vehicle.flow]}</Tag> : '尚未采购',
    },
    {
      key: 'next',
      label: '下一步',
      children: <Typography.Text strong>{nextStepText(vehicle)}</Typography.Text>,
    },
  ];
  if (file.deadlines.length > 0) {
    items.push({
      key: 'deadlines',
      label: '期限',
      children: (
        <Space direction="vertical" size={2} className="vehicle-file-deadlines">
          {file.deadlines.map((deadline) => (
            <span key={deadline.key}>
              {deadline.label} {deadline.due_on} 到期{' '}
              {deadlineWording(deadline.days_left) ? (
                <DeadlineTag deadline={deadline} />
              ) : (
                <Typography.Text type="secondary">（还剩 {deadline.days_left} 天）</Typography.Text>
              )}
            </span>
          ))}
        </Space>
      ),
    });
  }

  return (
    <div className="vehicle-file-header">
      <Space size={[12, 4]} wrap align="center" style={{ marginBottom: 8 }}>
        <FileVin vin={vehicle.vin} />
        {vehicle.car_type !== null && (
          <Tag color={vehicle.car_type === 1 ? 'blue' : 'purple'}>{carTypeLabels[vehicle.car_type]}</Tag>
        )}
        {vehicle.no_entry && <Tag>免入库</Tag>}
      </Space>
      {warning && (
        <div role="note" style={{ marginBottom: 8 }}>
          <Typography.Text type="warning">
            <WarningOutlined /> {warning}
          </Typography.Text>
        </div>
      )}
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} items={items} />
    </div>
  );
}
