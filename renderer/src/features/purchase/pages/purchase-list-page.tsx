import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Checkbox, Table, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  PURCHASE_EXPORT_FILE_NAME,
  purchaseMessages,
  type PurchaseCar,
  type PurchaseListItem,
  type PurchaseListQuery,
} from '../../../../../contract/purchase';
import type { HandOverAnswer } from '../../../../../contract/stage';
import { fieldColumns, listFields } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { useHandOverResult } from '../../../components/hand-over-result';
import { ListScreen } from '../../../components/list-screen';
import { AddButton, ExcelExportButton, RefreshButton } from '../../../components/list-toolbar';
import { wrapAnywhere } from '../../../components/paged-table';
import { purchaseCarPriceFields, purchaseFields } from '../../../components/purchase-fields';
import { EditAndDetailActions, RowAction, RowActions } from '../../../components/row-actions';
import { usePagedList } from '../../../components/use-paged-list';
import { VinCell } from '../../../components/vin-cell';
import { deletePurchase } from '../api/delete-purchase';
import { exportPurchases } from '../api/export-purchases';
import { batchHandOverPurchase, handOverPurchase } from '../api/hand-over-purchase';
import { listPurchasesQuery, purchasesQueryKey } from '../api/list-purchases';
import { RemitDialog, type RemitTarget } from '../components/remit-dialog';
import { purchasePaths } from '../purchase-format';

/** The row expansion: the contract's vehicles with the purchase side's prices. */
function PurchaseCars({ purchase }: { purchase: PurchaseListItem }) {
  const columns: TableColumnsType<PurchaseCar> = [
    {
      key: 'vin',
      title: '车架号',
      dataIndex: 'vin',
      width: 220,
      render: (vin: string, car: PurchaseCar) => <VinCell vin={vin} vehicleId={car.id} />,
    },
    { key: 'model', title: '车型', dataIndex: 'model', onCell: wrapAnywhere, render: (model) => model ?? '—' },
    ...fieldColumns(purchaseCarPriceFields),
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

  const confirmHandOver = (purchase: PurchaseListItem, batch: boolean) => {
    // 免入库 here spares the clerk a visit to 入库出库 for cars that never enter the yard (issue 24).
    let skipYard = false;
    modal.confirm({
      title: batch ? '批量移交' : '移交入库',
      content: (
        <>
          <div>{batch ? purchaseMessages.batchHandOverConfirm : purchaseMessages.handOverConfirm}</div>
          <Checkbox style={{ marginTop: 12 }} onChange={(event) => (skipYard = event.target.checked)}>
            {purchaseMessages.skipYardOption}
          </Checkbox>
        </>
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // A refusal is the HTTP client's toast (the server's reason, or 移交失败!).
        const answer = await (
          batch ? batchHandOverPurchase(purchase.id, skipYard) : handOverPurchase(purchase.id, skipYard)
        ).catch(() => undefined);
        if (answer) showHandOver(answer);
      },
    });
  };

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

  const { columns, filters } = listFields<PurchaseListItem, PurchaseListQuery>([
    ...purchaseFields,
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
  ]);

  return (
    <ListScreen<PurchaseListItem, FilterValues>
      className="purchase-list-page"
      list={list}
      columns={columns}
      label="采购合同列表"
      filterLabel="采购合同筛选"
      filters={filters}
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
