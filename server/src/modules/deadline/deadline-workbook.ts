import type { DeadlineRow } from '../../../../contract/deadline';
import type { Column } from '../../excel/workbook';

/** The export's columns (Chinese headers, days as real dates, the receipt rule's balance as money). */
export const deadlineColumns: readonly Column<DeadlineRow>[] = [
  { header: '期限', width: 14, kind: 'text', value: (row) => row.label },
  { header: '车架号', width: 22, kind: 'text', value: (row) => row.vin },
  { header: '海外合同号', width: 20, kind: 'text', value: (row) => row.order_no },
  { header: '起算日期', width: 12, kind: 'date', value: (row) => row.started_on },
  { header: '到期日期', width: 12, kind: 'date', value: (row) => row.due_on },
  { header: '剩余天数', width: 10, kind: 'integer', value: (row) => row.days_left },
  { header: '状态', width: 10, kind: 'text', value: (row) => (row.days_left < 0 ? '已逾期' : '7天内到期') },
  { header: '未收金额', width: 16, kind: 'money', value: (row) => (row.balance === null ? null : Number(row.balance)) },
  { header: '币种', width: 8, kind: 'text', value: (row) => row.currency },
];
