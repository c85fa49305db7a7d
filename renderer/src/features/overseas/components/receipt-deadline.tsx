/**
 * The contract's receipt deadline (issue 25, the receipt rule: receipts must reach the total N days after
 * the contract was created), shown above its receipts: the due date, the days-left tag and the balance
 * still due. Late or within a week it is the deadline list's own row; further off the due date is the
 * contract's creation day (as the server wrote it) plus the rule's days.
 */
import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Order } from '../../../../../contract/overseas';
import { DeadlineTag } from '../../../components/deadline-tag';
import { formatMoney } from '../../../components/format-money';
import { receiptDeadlineQuery, receiptRuleQuery } from '../api/receipt-deadline';

type ReceiptOrder = Pick<Order, 'id' | 'order_no' | 'created_at' | 'total' | 'receipt_total' | 'currency'>;

export function ReceiptDeadline({ order }: { order: ReceiptOrder }) {
  const complete = order.receipt_total >= order.total;
  const row = useQuery({ ...receiptDeadlineQuery(order), enabled: !complete });
  const rule = useQuery({ ...receiptRuleQuery(), enabled: !complete && row.data === null });

  let content: ReactNode = null;
  if (complete) {
    content = <Typography.Text type="success">已收齐</Typography.Text>;
  } else if (row.data) {
    content = (
      <>
        <span>{row.data.due_on} 到期</span>
        <DeadlineTag deadline={row.data} />
        <span>
          未收余额 {formatMoney(Number(row.data.balance ?? order.total - order.receipt_total))}{' '}
          {row.data.currency ?? order.currency}
        </span>
      </>
    );
  } else if (row.data === null && rule.data !== undefined) {
    if (!rule.data || rule.data.enabled === 0) {
      content = <Typography.Text type="secondary">未启用</Typography.Text>;
    } else {
      // The ISO time carries the server's offset: its first ten characters are the server's day.
      const due = dayjs(order.created_at.slice(0, 10)).add(rule.data.days, 'day');
      const left = due.diff(dayjs().startOf('day'), 'day');
      content = (
        <>
          <span>{due.format('YYYY-MM-DD')} 到期</span>
          <Typography.Text type="secondary">（还剩 {left} 天）</Typography.Text>
          <span>
            未收余额 {formatMoney(order.total - order.receipt_total)} {order.currency}
          </span>
        </>
      );
    }
  }
  if (content === null) return null;
  return (
    <div className="receipt-deadline" role="note" aria-label="收款期限" style={{ marginBottom: 8 }}>
      <Space size={8} wrap>
        <Typography.Text strong>收款期限：</Typography.Text>
        {content}
      </Space>
    </div>
  );
}
