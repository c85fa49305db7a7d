import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { exportFileNames } from '../../../../../contract/export';
import { type OrderListItem, type OrderListQuery } from '../../../../../contract/overseas';
import { moneyLabels } from '../../../../../contract/overseas-messages';
import { ColumnChooser } from '../../../components/column-chooser';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { formatMoney } from '../../../components/format-money';
import { ListScreen } from '../../../components/list-screen';
import { AddButton, ExcelExportButton, RefreshButton } from '../../../components/list-toolbar';
import { moneyRules } from '../../../components/money-input';
import { wrapAnywhere } from '../../../components/paged-table';
import { EditAndDetailActions, RowAction, RowActions } from '../../../components/row-actions';
import { TimeCell } from '../../../components/time-cell';
import { usePagedList } from '../../../components/use-paged-list';
import { VinCell } from '../../../components/vin-cell';
import { exportOrders } from '../api/export-orders';
import { exportReceipts } from '../api/export-receipts';
import { listOrdersQuery, ordersQueryKey } from '../api/list-orders';
import { ReceiptCollectDialog, type ReceiptTarget } from '../components/receipt-collect-dialog';
import { ReceiptProgress } from '../../../components/receipt-progress';
import { useChosenColumns } from '../hooks/use-chosen-columns';
import { canBuy, canHandOver, useHandOverOrder } from '../hooks/use-hand-over-order';
import { overseasPaths } from '../overseas-format';

/** The key of this table's remembered columns in the desktop settings. */
export const OVERSEAS_LIST_COLUMNS_KEY = 'overseas-list';

/** The row expansion: the contract's VINs with their models. */
function OrderVins({ order }: { order: OrderListItem }) {
  if (order.cars.length === 0) {
    return <Typography.Text type="secondary">该合同还没有车辆</Typography.Text>;
  }
  return (
    <div aria-label={`合同 ${order.order_no} 的车架号`}>
      <Typography.Text type="secondary" style={{ marginRight: 8 }}>
        车架号（{order.cars.length}）：
      </Typography.Text>
      <Space size={[4, 4]} wrap>
        {order.cars.map((car) => (
          <Tag key={car.id} title={car.model ?? undefined}>
            <VinCell vin={car.vin} vehicleId={car.id} />
          </Tag>
        ))}
      </Space>
    </div>
  );
}

/**
 * The contract's columns, each with the filter it offers. Rows are two lines high anyway (progress, time):
 * long numbers and names wrap rather than hide. The narrow columns are as narrow as their contents allow, so
 * the customer's name keeps the width that is left and a row stays two or three lines high: more than four
 * contracts on a 1366×768 screen. The bar keeps its own order: 合同号, the two amounts, 车架号, 客户名称, 日期范围.
 */
const overseasFields: FieldDescription<OrderListItem, OrderListQuery>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 48 },
  {
    key: 'order_no',
    title: '合同号',
    dataIndex: 'order_no',
    width: 116,
    onCell: wrapAnywhere,
    filter: { kind: 'text', key: 'order_no', width: 160 },
  },
  {
    key: 'customer',
    title: '客户',
    onCell: wrapAnywhere,
    render: (_: unknown, order: OrderListItem) => order.customer?.name ?? order.customer_name,
    filter: { kind: 'text', key: 'name', label: '客户名称', width: 160, order: 1 },
  },
  {
    key: 'country',
    title: '国家',
    width: 72,
    onCell: wrapAnywhere,
    render: (_: unknown, order: OrderListItem) => order.country ?? order.customer_country ?? '',
  },
  {
    key: 'agent_name',
    title: '代理人',
    dataIndex: 'agent_name',
    width: 80,
    onCell: wrapAnywhere,
  },
  { key: 'amount', title: '订购数量', dataIndex: 'amount', width: 72, align: 'right' },
  { key: 'currency', title: '币种', dataIndex: 'currency', width: 48 },
  {
    key: 'total',
    title: '合同总额',
    dataIndex: 'total',
    width: 104,
    align: 'right',
    render: (total: number) => formatMoney(total),
    filter: {
      kind: 'money',
      key: 'total',
      label: '订单金额',
      placeholder: '合同总额',
      rules: moneyRules({ label: moneyLabels.totalFilter, allowZero: true }),
      width: 150,
    },
  },
  {
    key: 'receipt_progress',
    title: '收款进度',
    width: 132,
    render: (_: unknown, order: OrderListItem) => <ReceiptProgress order={order} />,
    filter: {
      kind: 'money',
      key: 'amount',
      label: '收款金额',
      placeholder: '已收金额',
      rules: moneyRules({ label: moneyLabels.amountFilter, allowZero: true }),
      width: 150,
    },
  },
  // A plain box, as before this list had the shared VIN field.
  {
    key: 'vin',
    title: '车架号',
    hideInTable: true,
    filter: { kind: 'text', key: 'vin', maxLength: 17, width: 190 },
  },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 92,
    // Date over time: the column stays narrow enough for the table to fit a 1366 px screen.
    render: (value: string) => <TimeCell value={value} />,
    filter: { kind: 'dateRange', name: 'created', label: '日期范围', width: 240, order: 2 },
  },
];

export function OverseasListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [collecting, setCollecting] = useState<ReceiptTarget>();
  const [chosenColumns, chooseColumns] = useChosenColumns(OVERSEAS_LIST_COLUMNS_KEY);
  const { handOver, busyId } = useHandOverOrder();

  const list = usePagedList(listOrdersQuery);
  const refreshAll = useCallback(() => queryClient.invalidateQueries({ queryKey: ordersQueryKey }), [queryClient]);

  const { columns, filters, dateRangeKeys } = listFields<OrderListItem, OrderListQuery>([
    ...overseasFields,
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      // 移交采购 (a new contract) or 新建采购合同 (one handed to purchasing) wraps under the other three: the
      // table keeps to a 1366 px screen.
      width: 136,
      fixed: 'right',
      render: (_: unknown, order: OrderListItem) => (
        <RowActions>
          <EditAndDetailActions
            noun="合同"
            number={order.order_no}
            editPath={overseasPaths.edit(order.id)}
            infoPath={overseasPaths.info(order.id)}
          />
          <RowAction
            label={`合同 ${order.order_no} 收款`}
            onClick={() =>
              setCollecting({
                id: order.id,
                order_no: order.order_no,
                currency: order.currency,
                total: order.total,
                receipt_total: order.receipt_total,
              })
            }
          >
            收款
          </RowAction>
          {canHandOver(order.status) ? (
            <RowAction
              label={`合同 ${order.order_no} 移交采购`}
              loading={busyId === order.id}
              onClick={() => void handOver(order)}
            >
              移交采购
            </RowAction>
          ) : null}
          {canBuy(order.status) ? (
            // 新建采购 in 移交采购's place: the row keeps two lines at 1366 px (the title says it whole).
            <RowAction
              label={`合同 ${order.order_no} 新建采购合同`}
              title="新建采购合同"
              onClick={() => navigate(overseasPaths.purchaseAdd(order.id))}
            >
              新建采购
            </RowAction>
          ) : null}
        </RowActions>
      ),
    },
  ]);

  return (
    <ListScreen<OrderListItem, FilterValues>
      className="overseas-list-page"
      list={list}
      columns={columns}
      label="海外合同列表"
      filterLabel="海外合同筛选"
      filters={filters}
      dateRangeKeys={dateRangeKeys}
      toolbar={
        <>
          <AddButton onClick={() => navigate(overseasPaths.add)} />
          <ExcelExportButton
            label="导出收款单"
            request={() => exportReceipts(list.filters)}
            fileBase={exportFileNames.receipts}
          />
          <ExcelExportButton request={() => exportOrders(list.filters)} fileBase={exportFileNames.orders} />
          <RefreshButton list={list} />
        </>
      }
      toolbarEnd={<ColumnChooser columns={columns} value={chosenColumns} onChange={chooseColumns} />}
      emptyText={{
        empty: '暂无海外合同，点击“新建业务”添加',
        filtered: '没有符合条件的合同，请修改筛选条件或点击“重置”',
        failed: '海外合同加载失败，请点击“刷新”重试',
      }}
      table={{
        visibleColumnKeys: chosenColumns,
        // A narrow ＋ column: its width goes to the contract number and the customer.
        expandable: { expandedRowRender: (order) => <OrderVins order={order} />, columnWidth: 32 },
        scroll: { x: 1060 },
      }}
    >
      <ReceiptCollectDialog
        order={collecting}
        onClose={() => setCollecting(undefined)}
        onSaved={() => {
          setCollecting(undefined);
          void refreshAll();
        }}
      />
    </ListScreen>
  );
}
