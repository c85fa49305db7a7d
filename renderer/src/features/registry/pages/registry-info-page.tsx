import { Card, Descriptions } from 'antd';
import type { RegistryStage } from '../../../../../contract/registry';
import { formatTime } from '../../../components/format-time';
import { RecordPage } from '../../../components/record-page';
import { useRouteRecordId } from '../../../components/route-record';
import { StageDocumentsView } from '../../../components/stage-documents';
import { VinCell } from '../../../components/vin-cell';
import { type RegistryRecord, useRegistryRecord } from '../api/registry-records';
import { registryPaths, registryScreens } from '../registry-format';

function RegistryDetail({ stage, record }: { stage: RegistryStage; record: RegistryRecord }) {
  const screens = registryScreens[stage];
  const contract = [
    { key: 'purchase_no', label: '采购合同号', children: record.purchase_no ?? '—' },
    { key: 'customer', label: '客户名称', children: record.customer_name ?? '—' },
    { key: 'amount', label: '采购数量', children: record.amount === null ? '—' : `共采购 ${record.amount} 台` },
  ];
  const vehicle = [
    { key: 'vin', label: '车架号', children: <VinCell vin={record.vin} vehicleId={record.car_id} /> },
    ...('yy_date' in record ? [{ key: 'yy_date', label: '预约日期', children: record.yy_date ?? '未预约' }] : []),
    { key: 'created_at', label: `${screens.noun}时间`, children: formatTime(record.created_at) },
    { key: 'updated_at', label: '最后修改', children: formatTime(record.updated_at) },
  ];
  return (
    <>
      <Card size="small" title="合同信息" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small" items={contract} />
      </Card>
      <Card size="small" title="车辆信息" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small" items={vehicle} />
      </Card>
      <Card size="small" title={`${screens.noun}资料`}>
        <StageDocumentsView stage={stage} record={record} />
      </Card>
    </>
  );
}

/**
 * The read-only page of a plating or a transfer (spec part 2, section 2). The record's own id is the
 * last parameter; the contract's ids are the legacy link's and are read from the record.
 */
function RegistryInfo({ stage }: { stage: RegistryStage }) {
  const screens = registryScreens[stage];
  const route = useRouteRecordId();
  const record = useRegistryRecord(stage, route.id);
  return (
    <RecordPage<RegistryRecord>
      route={route}
      record={record}
      className={`registry-info-page registry-${stage}-info`}
      title={`${screens.noun}详情`}
      number={(data) => data.vin}
      loadFailedTitle={`${screens.noun}记录加载失败`}
      missingText={`该${screens.noun}记录不存在或已被删除`}
      closeTo={registryPaths.list}
      editPath={screens.edit}
      history={(data) => ({ entity: stage, id: data.id })}
    >
      {(data) => <RegistryDetail stage={stage} record={data} />}
    </RecordPage>
  );
}

/** /dmv/lincense_info/:order_id/:p_id/:id. */
export function PlateInfoPage() {
  return <RegistryInfo stage="plate" />;
}

/** /dmv/transfer_info/:order_id/:p_id/:id. */
export function TransferInfoPage() {
  return <RegistryInfo stage="transfer" />;
}
