/**
 * /filed/info/:order_id (业务信息, spec part 2, section 2, "Business information detail page"): one vehicle
 * of an overseas contract with every record of its life. The vehicle is `?car=<id>` when the clerk came
 * from a vehicle's row, else the contract's first; the 车架号 picker in the header switches between the
 * contract's vehicles (and writes `?car=`, so 刷新 and a copied address keep it). Six tabs on the left —
 * 海外合同, 采购合同, 出入库, 上牌过户, 出口报关, 归档 — each disabled while the vehicle has no such record;
 * the overseas tab edits a receipt with the contract detail's dialog.
 *
 * The contract (`GET /api/order/{id}`) gives the header and the picker; `procedureRead` the tabs.
 */
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Card, Descriptions, Empty, Select, Skeleton, Space, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../../contract/overseas';
import { type ProcedureRead, procedureReadMessages } from '../../../../../contract/filed-business-info';
import { vehicleFilePath } from '../../../api/vehicle-file';
import { formatDate } from '../../../components/format-time';
import { OrderContractView } from '../../../components/order-contract-view';
import { RecordPage, type RecordPageQuery } from '../../../components/record-page';
import { useRouteRecordId } from '../../../components/route-record';
import { ORDERS_QUERY_KEY, useFiledOrder } from '../api/filed-order';
import { procedureReadQuery } from '../api/business-info';
import { BusinessInfoPurchase } from '../components/business-info-purchase';
import {
  BusinessInfoClosing,
  BusinessInfoExports,
  BusinessInfoRegistry,
  BusinessInfoYard,
} from '../components/business-info-records';

/** Where 返回 goes when the page was opened directly: 档案查询, the menu the page belongs to. */
const QUERY_LIST_PATH = '/filed/query_list';

export type BusinessInfoTab = 'overseas' | 'purchase' | 'yard' | 'registry' | 'exports' | 'closing';

/** The six tabs in the spec's order, each with whether the vehicle has anything to show there. */
const TABS: { key: BusinessInfoTab; label: string; has: (data: ProcedureRead) => boolean }[] = [
  { key: 'overseas', label: '海外合同', has: (data) => data.order !== null },
  { key: 'purchase', label: '采购合同', has: (data) => data.purchase.length > 0 },
  { key: 'yard', label: '出入库', has: (data) => data.entry.length > 0 || data.release.length > 0 },
  { key: 'registry', label: '上牌过户', has: (data) => data.plate.length > 0 || data.transfer.length > 0 },
  { key: 'exports', label: '出口报关', has: (data) => data.exports.length > 0 },
  {
    key: 'closing',
    label: '归档',
    has: (data) => data.drawback.length > 0 || data.archive.length > 0 || data.freight.length > 0,
  },
];

/** The vehicle of `?car=`: one of the contract's, else its first; `stranger` when `?car=` named another. */
function chosenCar(order: Order, carParam: string | null): { id: number | undefined; stranger: boolean } {
  const asked = carParam === null ? undefined : Number(carParam);
  const found = order.cars.find((car) => car.id === asked);
  return { id: found?.id ?? order.cars[0]?.id, stranger: carParam !== null && found === undefined };
}

function VehicleTabs({ order, data }: { order: Order; data: ProcedureRead }) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<BusinessInfoTab>('overseas');
  // A tab the vehicle has nothing for is never the open one (after switching to a vehicle with less).
  const active = TABS.find((tab) => tab.key === picked)?.has(data) ? picked : 'overseas';
  const content: Record<BusinessInfoTab, () => ReactNode> = {
    overseas: () => (
      <OrderContractView
        order={data.order ?? order}
        onReceiptSaved={() => void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY })}
      />
    ),
    purchase: () => <BusinessInfoPurchase orderId={order.id} purchaseId={data.purchase[0]} />,
    yard: () => <BusinessInfoYard data={data} />,
    registry: () => <BusinessInfoRegistry data={data} />,
    exports: () => <BusinessInfoExports data={data} />,
    closing: () => <BusinessInfoClosing data={data} />,
  };
  return (
    <Tabs
      className="business-info-tabs"
      tabPlacement="start"
      activeKey={active}
      onChange={(key) => setPicked(key as BusinessInfoTab)}
      items={TABS.map((tab) => ({
        key: tab.key,
        label: tab.label,
        disabled: !tab.has(data),
        // Only the open tab is drawn: the purchase tab reads its contract when opened.
        children: tab.key === active ? content[tab.key]() : null,
      }))}
    />
  );
}

function BusinessInfo({
  order,
  carId,
  stranger,
  procedure,
  onPickCar,
}: {
  order: Order;
  carId: number | undefined;
  stranger: boolean;
  procedure: { data: ProcedureRead | undefined; isError: boolean; error: Error | null };
  onPickCar: (id: number) => void;
}) {
  const header = [
    { key: 'order_no', label: '合同编号', children: order.order_no },
    { key: 'customer', label: '客户名称', children: order.customer?.name ?? order.customer_name },
    { key: 'created_at', label: '创建日期', children: formatDate(order.created_at) },
    {
      key: 'vin',
      label: '车架号',
      children: (
        <Space size={8} wrap>
          <Select<number>
            aria-label="选择车辆"
            className="business-info-car-picker"
            // A line of text high, as the header's other facts.
            size="small"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 260, fontFamily: 'ui-monospace, SFMono-Regular, Consolas, "Liberation Mono", monospace' }}
            value={carId}
            onChange={onPickCar}
            options={order.cars.map((car) => ({ value: car.id, label: car.vin }))}
            notFoundContent="没有这个车架号"
          />
          {carId !== undefined && (
            <Link to={vehicleFilePath(carId)} aria-label="打开该车辆的车辆档案">
              车辆档案
            </Link>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 4 } }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small" items={header} />
      </Card>
      {stranger ? (
        <Alert type="warning" showIcon title={procedureReadMessages.carNotOnOrder} style={{ marginBottom: 16 }} />
      ) : null}
      {carId === undefined ? (
        <Empty description={procedureReadMessages.noCars} />
      ) : procedure.isError ? (
        <Alert type="error" showIcon title="车辆业务信息加载失败" description={procedure.error?.message} />
      ) : procedure.data && procedure.data.car.id === carId ? (
        <VehicleTabs key={carId} order={order} data={procedure.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </>
  );
}

export function BusinessInfoPage() {
  const route = useRouteRecordId('order_id');
  const order = useFiledOrder(route.id);
  const [search, setSearch] = useSearchParams();
  const car = order.data ? chosenCar(order.data, search.get('car')) : { id: undefined, stranger: false };
  const procedure = useQuery({ ...procedureReadQuery(car.id ?? 0), enabled: car.id !== undefined });
  // 刷新 reads both the contract and the vehicle again.
  const record: RecordPageQuery<Order> = {
    data: order.data,
    isError: order.isError,
    isFetching: order.isFetching || procedure.isFetching,
    error: order.error,
    refetch: () => Promise.all([order.refetch(), car.id === undefined ? null : procedure.refetch()]),
  };
  return (
    <RecordPage<Order>
      route={route}
      record={record}
      className="business-info-page"
      title="业务信息"
      number={(data) => data.order_no}
      loadFailedTitle="业务信息加载失败"
      missingText="该海外合同不存在或已被删除"
      closeTo={QUERY_LIST_PATH}
    >
      {(data) => (
        <BusinessInfo
          order={data}
          carId={car.id}
          stranger={car.stranger}
          procedure={procedure}
          onPickCar={(id) => setSearch({ car: String(id) }, { replace: true })}
        />
      )}
    </RecordPage>
  );
}
