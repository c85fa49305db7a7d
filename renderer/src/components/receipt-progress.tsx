import { Progress, Typography } from 'antd';
import type { OrderListItem } from '../../../contract/overseas';
import { formatMoney, paidPercent } from './format-money';

/** 收款进度: a bar of receipt_total / total, with both amounts under it. */
export function ReceiptProgress({ order }: { order: Pick<OrderListItem, 'receipt_total' | 'total'> }) {
  const percent = paidPercent(order.receipt_total, order.total);
  const label = `已收 ${formatMoney(order.receipt_total)} / ${formatMoney(order.total)}`;
  return (
    <div role="group" aria-label={`收款进度 ${percent}%，${label}`}>
      <Progress percent={percent} size="small" status={percent >= 100 ? 'success' : 'normal'} style={{ margin: 0 }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
    </div>
  );
}
