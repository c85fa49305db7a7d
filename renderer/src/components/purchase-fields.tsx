/**
 * A purchase contract's fields, described once (`FieldDescription`): the purchase list's columns and
 * filters, and the 合同信息 of the contract's read-only view (`PurchaseContractView`, shown by the purchase
 * info page and the business information page), which labels some of them its own way.
 */
import { Tag, Typography } from 'antd';
import {
  purchaseMoneyLabels,
  purchaseTextLimits,
  purchaseTypeContractLabels,
  purchaseTypeLabels,
  remitStatusLabels,
  type PurchaseCar,
  type PurchaseListItem,
  type PurchaseListQuery,
} from '../../../contract/purchase';
import type { FieldDescription } from './field-description';
import { formatMoney, paidPercent } from './format-money';
import { formatDate } from './format-time';
import { moneyRules } from './money-input';
import { wrapAnywhere } from './paged-table';
import { moneyInCapitals, purchaseMoney, remittedText, remittedWithCurrency } from './purchase-money';
import { TimeCell } from './time-cell';

/**
 * At 1366 px the filter boxes show their whole placeholder (请输入采购合同号 beside the clear button) and a
 * typical contract number or seller; the VIN box a whole 17-character VIN in the VIN font.
 */
const FILTER_TEXT_WIDTH = 230;

const money = (value: number | null | undefined) => (typeof value === 'number' ? formatMoney(value) : '—');

/** The purchase side's prices of a vehicle: the list's expanded rows and the view's 车辆信息. */
export const purchaseCarPriceFields: FieldDescription<PurchaseCar>[] = [
  { key: 'price', title: '价格', dataIndex: 'price', width: 130, align: 'right', render: money },
  { key: 'invoice', title: '服务费', dataIndex: 'invoice', width: 110, align: 'right', render: money },
  { key: 'other', title: '其他费用', dataIndex: 'other', width: 110, align: 'right', render: money },
];

function TotalWithCapitals({ total }: { total: number }) {
  const capitals = moneyInCapitals(total);
  return (
    <span>
      {purchaseMoney(total)}
      {capitals ? <Typography.Text type="secondary">（{capitals}）</Typography.Text> : null}
    </span>
  );
}

/** The purchase list's columns in order, with the filters of the bar (车架号 is a filter only). */
export const purchaseFields: FieldDescription<PurchaseListItem, PurchaseListQuery>[] = [
  {
    key: 'type',
    title: '类型',
    dataIndex: 'type',
    width: 64,
    render: (type: PurchaseListItem['type']) => (
      <Tag color={type === 1 ? 'blue' : 'orange'}>{purchaseTypeLabels[type] ?? '二手车'}</Tag>
    ),
    detail: { label: '合同类型', render: (purchase) => purchaseTypeContractLabels[purchase.type] ?? '二手车合同' },
  },
  {
    key: 'purchase_no',
    title: '采购合同号',
    dataIndex: 'purchase_no',
    width: 140,
    onCell: wrapAnywhere,
    filter: { kind: 'text', key: 'purchase_no', maxLength: purchaseTextLimits.purchase_no, width: FILTER_TEXT_WIDTH },
    detail: { label: '合同号' },
  },
  {
    key: 'customer_name',
    title: '客户',
    dataIndex: 'customer_name',
    onCell: wrapAnywhere,
    filter: {
      kind: 'text',
      key: 'name',
      label: '客户名称',
      maxLength: purchaseTextLimits.name,
      width: FILTER_TEXT_WIDTH,
    },
    detail: { label: '客户名称' },
  },
  { key: 'vin', title: '车架号', hideInTable: true, filter: { kind: 'vin', key: 'vin' } },
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
    filter: {
      kind: 'money',
      key: 'total',
      rules: moneyRules({ label: purchaseMoneyLabels.totalFilter, allowZero: true }),
      width: 150,
    },
    detail: { render: (purchase) => <TotalWithCapitals total={purchase.total} /> },
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
    filter: {
      kind: 'select',
      key: 'remit_status',
      label: '打款状态',
      width: 110,
      options: [
        { value: 0, label: remitStatusLabels[0] },
        { value: 1, label: remitStatusLabels[1] },
      ],
    },
    detail: { render: (purchase) => remittedWithCurrency(purchase.remit_total, purchase.total) },
  },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 92,
    render: (value: string) => <TimeCell value={value} />,
    detail: { label: '创建日期', render: (purchase) => formatDate(purchase.created_at) },
  },
];
