import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Form, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  PURCHASE_EXPORT_FILE_NAME,
  purchaseMessages,
  purchaseMoneyLabels,
  purchaseTextLimits,
  purchaseTypeLabels,
  remitStatusLabels,
  type PurchaseCar,
  type PurchaseListItem,
} from '../../../../../contract/purchase';
import type { HandOverAnswer } from '../../../../../contract/stage';
import type { FilterValues } from '../../../components/filter-bar';
import { formatMoney, paidPercent } from '../../../components/format-money';
import { useHandOverResult } from '../../../components/hand-over-result';
import { ListScreen } from '../../../components/list-screen';
import { AddButton, ExcelExportButton, RefreshButton } from '../../../components/list-toolbar';
import { MoneyInput, moneyRules } from '../../../components/money-input';
import { wrapAnywhere, type PagedTableColumn } from '../../../components/paged-table';
import { EditAndDetailActions, RowAction, RowActions } from '../../../components/row-actions';
import { TimeCell } from '../../../components/time-cell';
import { usePagedList } from '../../../components/use-paged-list';
import { VinCell } from '../../../components/vin-cell';
import { VinFilterField } from '../../../components/vin-filter-field';
import { deletePurchase } from '../api/delete-purchase';
import { exportPurchases } from '../api/export-purchases';
import { batchHandOverPurchase, handOverPurchase } from '../api/hand-over-purchase';
import { listPurchasesQuery, purchasesQueryKey } from '../api/list-purchases';
import { RemitDialog, type RemitTarget } from '../components/remit-dialog';
import { remittedText } from '../../../components/purchase-money';
import { purchasePaths } from '../purchase-format';

/**
 * At 1366 px the filter boxes show their whole placeholder (请输入采购合同号 beside the clear button) and a
 * typical contract number or seller; the VIN box a whole 17-character VIN in the VIN font.
 */
const FILTER_TEXT_WIDTH = 230;

const money = (value: number | null) => (typeof value === 'number' ? formatMoney(value) : '—');

/** The row expansion: the contract's vehicles with the purchase side's prices. */
function PurchaseCars({ purchase }: { purchase: PurchaseListItem }) {
  const columns: TableColumnsType<PurchaseCar> = [
    { key: 'vin', title: '车架号', dataIndex: 'vin', width: 220, render: (vin: string) => <VinCell vin={vin} /> },
    { key: 'model', title: '车型', dataIndex: 'model', onCell: wrapAnywhere, render: (model) => model ?? '—' },
    { key: 'price', title: '价格', dataIndex: 'price', width: 130, align: 'right', render: money },
    { key: 'invoice', title: '服务费', dataIndex: 'invoice', width: 110, align: 'right', render: money },
    { key: 'other', title: '其他费用', dataIndex: 'other', width: 110, align: 'right', render: money },
  ];
  return (
    <Table<PurchaseCar>
      aria-label={`采购合同 ${purchase.purchase_no} 的车辆`}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={purchase.car}
      pagination={false}
      locale={{ emptyText: '该合同还没有车辆' }}
    />
  );
}

export function PurchaseListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [remitting, setRemitting] = useState<RemitTarget>();

  const list = usePagedList(listPurchasesQuery);
  const refreshAll = useCallback(() => queryClient.invalidateQueries({ queryKey: purchasesQueryKey }), [queryClient]);

  const showHandOverResult = useHandOverResult();
  const showHandOver = (answer: HandOverAnswer) => {
    void refreshAll();
    showHandOverResult(answer, { nothingDetail: purchaseMessages.nothingHandedOverDetail });
  };

  const confirmHandOver = (purchase: PurchaseListItem, batch: boolean) =>
    modal.confirm({
      title: batch ? '批量移交' : '移交入库',
      content: batch ? purchaseMessages.batchHandOverConfirm : purchaseMessages.handOverConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // A refusal is the HTTP client's toast (the server's reason, or 移交失败!).
        const answer = await (batch ? batchHandOverPurchase(purchase.id) : handOverPurchase(purchase.id)).catch(
          () => undefined,
        );
        if (answer) showHandOver(answer);
      },
    });

  const confirmDelete = (purchase: PurchaseListItem) =>
    modal.confirm({
      title: '删除采购合同',
      content: purchaseMessages.deleteConfirm,
      okText: '确定',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const deleted = await deletePurchase(purchase.id).then(
          () => true,
          () => false,
        );
        if (!deleted) return;
        void message.success(purchaseMessages.deleted);
        void refreshAll();
      },
    });

  const columns: PagedTableColumn<PurchaseListItem>[] = [
    {
      key: 'type',
      title: '类型',
      dataIndex: 'type',
      width: 64,
      render: (type: PurchaseListItem['type']) => (
        <Tag color={type === 1 ? 'blue' : 'orange'}>{purchaseTypeLabels[type] ?? '二手车'}</Tag>
      ),
    },
    { key: 'purchase_no', title: '采购合同号', dataIndex: 'purchase_no', width: 140, onCell: wrapAnywhere },
    { key: 'customer_name', title: '客户', dataIndex: 'customer_name', onCell: wrapAnywhere },
    {
      key: 'vehicles',
      title: '车辆数',
      width: 64,
      align: 'right',
      render: (_: unknown, purchase: PurchaseListItem) => purchase.car.length,
    },
    {
      key: 'total',
      title: '合同总额',
      dataIndex: 'total',
      width: 130,
      align: 'right',
      onCell: wrapAnywhere,
      render: (total: number) => formatMoney(total),
    },
    {
      key: 'remit_total',
      title: '已打款',
      width: 170,
      align: 'right',
      onCell: wrapAnywhere,
      render: (_: unknown, purchase: PurchaseListItem) => (
        <div aria-label={`打款进度 ${paidPercent(purchase.remit_total, purchase.total)}%`}>
          <div>{remittedText(purchase.remit_total, purchase.total)}</div>
          <Tag color={purchase.remit_status === 1 ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
            {remitStatusLabels[purchase.remit_status]}
          </Tag>
        </div>
      ),
    },
    {
      key: 'created_at',
      title: '创建时间',
      dataIndex: 'created_at',
      width: 92,
      render: (value: string) => <TimeCell value={value} />,
    },
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 176,
      fixed: 'right',
      render: (_: unknown, purchase: PurchaseListItem) => (
        <RowActions>
          <EditAndDetailActions
            noun="采购合同"
            number={purchase.purchase_no}
            editPath={purchasePaths.edit(purchase.id)}
            infoPath={purchasePaths.info(purchase.id)}
          />
          <RowAction
            label={`采购合同 ${purchase.purchase_no} 确认打款`}
            onClick={() =>
              setRemitting({
                id: purchase.id,
                purchase_no: purchase.purchase_no,
                customer_name: purchase.customer_name,
                amount: purchase.amount,
                total: purchase.total,
                remit_total: purchase.remit_total,
              })
            }
          >
            确认打款
          </RowAction>
          <RowAction
            label={`采购合同 ${purchase.purchase_no} 移交入库`}
            disabled={purchase.handed_over === 1}
            title={purchase.handed_over === 1 ? '已移交入库' : undefined}
            onClick={() => confirmHandOver(purchase, false)}
          >
            {purchase.handed_over === 1 ? '已移交' : '移交入库'}
          </RowAction>
          <RowAction
            label={`采购合同 ${purchase.purchase_no} 批量移交`}
            disabled={purchase.order_id === null}
            title={purchase.order_id === null ? purchaseMessages.batchWithoutOrder : undefined}
            onClick={() => confirmHandOver(purchase, true)}
          >
            批量移交
          </RowAction>
          {/* Once its cars went to the yard the server refuses the delete; say why before the click. */}
          <RowAction
            label={`删除采购合同 ${purchase.purchase_no}`}
            danger
            disabled={purchase.handed_over === 1}
            title={purchase.handed_over === 1 ? purchaseMessages.deleteHandedOver : undefined}
            onClick={() => confirmDelete(purchase)}
          >
            删除
          </RowAction>
        </RowActions>
      ),
    },
  ];

  return (
    <ListScreen<PurchaseListItem, FilterValues>
      className="purchase-list-page"
      list={list}
      columns={columns}
      label="采购合同列表"
      filterLabel="采购合同筛选"
      filters={
        <>
          <Form.Item label="采购合同号" name="purchase_no">
            <Input
              placeholder="请输入采购合同号"
              allowClear
              maxLength={purchaseTextLimits.purchase_no}
              style={{ width: FILTER_TEXT_WIDTH }}
            />
          </Form.Item>
          <Form.Item label="客户名称" name="name">
            <Input
              placeholder="请输入客户名称"
              allowClear
              maxLength={purchaseTextLimits.name}
              style={{ width: FILTER_TEXT_WIDTH }}
            />
          </Form.Item>
          <VinFilterField />
          <Form.Item
            label="合同总额"
            name="total"
            rules={moneyRules({ label: purchaseMoneyLabels.totalFilter, allowZero: true })}
          >
            <MoneyInput placeholder="合同总额" allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item label="打款状态" name="remit_status">
            <Select
              placeholder="全部"
              allowClear
              style={{ width: 110 }}
              options={[
                { value: 0, label: remitStatusLabels[0] },
                { value: 1, label: remitStatusLabels[1] },
              ]}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <>
          <AddButton onClick={() => navigate(purchasePaths.add)} />
          <ExcelExportButton request={() => exportPurchases(list.filters)} fileBase={PURCHASE_EXPORT_FILE_NAME} />
          <RefreshButton list={list} />
        </>
      }
      emptyText={{
        empty: '暂无采购合同，点击“新建业务”添加',
        filtered: '没有符合条件的采购合同，请修改筛选条件或点击“重置”',
        failed: '采购合同加载失败，请点击“刷新”重试',
      }}
      table={{
        expandable: { expandedRowRender: (purchase) => <PurchaseCars purchase={purchase} />, columnWidth: 32 },
        scroll: { x: 1000 },
      }}
    >
      <RemitDialog
        purchase={remitting}
        onClose={() => setRemitting(undefined)}
        onSaved={() => {
          setRemitting(undefined);
          void refreshAll();
        }}
      />
    </ListScreen>
  );
}
