/**
 * How profit figures read on every screen (issue 26): money as the server sends it (decimal strings with
 * two places, computed in fen) grouped in thousands without ever passing through a float; the margin as a
 * percentage; 最终 or 预估 with the reasons as tags; an exchange gain in green and a loss in red.
 */
import type { ReactNode } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import { PROFIT_REASONS, type ProfitReason } from '../../../contract/profit';

/** A figure the server could not compute (a USD contract whose month has no book rate). */
export const UNKNOWN_FIGURE = '—';

/** Gains and losses in the colours of the books: green a gain, red a loss. */
export const GAIN_COLOR = '#389e0d';
export const LOSS_COLOR = '#cf1322';

/**
 * `"-1234567.5"` → `"-1,234,567.50"`, from the text alone; null (unknown) → `—`. A text that is not a
 * decimal is shown as it came rather than invented.
 */
export function formatDecimalMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return UNKNOWN_FIGURE;
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (fraction + '00').slice(0, 2);
  const zero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return `${zero ? '' : sign}${grouped}.${cents}`;
}

/** `"0.0776"` → `"7.76%"`, `"-0.125"` → `"-12.50%"` (the server's 4 places, shifted, never rounded); null → `—`. */
export function formatMargin(margin: string | null | undefined): string {
  if (margin === null || margin === undefined || margin === '') return UNKNOWN_FIGURE;
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(margin.trim());
  if (!match) return margin;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = (fraction + '0000').slice(0, 4);
  const percentWhole = `${whole}${digits.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const percent = `${percentWhole}.${digits.slice(2, 4)}`;
  return `${/^0\.00$/.test(percent) ? '' : sign}${percent}%`;
}

/** The sign of a decimal text: 1 above zero, -1 below, 0 at zero or unknown. */
export function decimalSign(value: string | null | undefined): -1 | 0 | 1 {
  if (!value || !/^-?\d+(\.\d*)?$/.test(value.trim())) return 0;
  if (/^-?0*(\.0*)?$/.test(value.trim())) return 0;
  return value.trim().startsWith('-') ? -1 : 1;
}

/** Money in a table cell: right-aligned figures, `—` when unknown. */
export function Money({ value, strong }: { value: string | null | undefined; strong?: boolean }) {
  const text = formatDecimalMoney(value);
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}>
      {text}
    </span>
  );
}

/**
 * 汇兑损益: a gain green with its +, a loss red, 0 plain; nothing until the receipt is settled (the
 * figure does not exist yet).
 */
export function FxGain({ value, strong }: { value: string | null | undefined; strong?: boolean }) {
  if (value === null || value === undefined) return <span className="fx-gain fx-gain-none" />;
  const sign = decimalSign(value);
  const text = formatDecimalMoney(value);
  const kind = sign > 0 ? 'gain' : sign < 0 ? 'loss' : 'even';
  return (
    <span
      className={`fx-gain fx-gain-${kind}`}
      title={sign > 0 ? '汇兑收益' : sign < 0 ? '汇兑损失' : undefined}
      style={{
        color: sign > 0 ? GAIN_COLOR : sign < 0 ? LOSS_COLOR : undefined,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontWeight: strong ? 600 : undefined,
      }}
    >
      {sign > 0 ? `+${text}` : text}
    </span>
  );
}

/** Profit in a cell: a loss in red (the books' colour), unknown as `—`. */
export function ProfitAmount({ value, strong }: { value: string | null | undefined; strong?: boolean }) {
  const loss = decimalSign(value) < 0;
  return (
    <span
      className={loss ? 'profit-loss' : undefined}
      style={{
        color: loss ? LOSS_COLOR : undefined,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontWeight: strong ? 600 : undefined,
      }}
    >
      {formatDecimalMoney(value)}
    </span>
  );
}

/** The order the screens list reasons in (the contract's). */
const REASON_ORDER: readonly ProfitReason[] = Object.values(PROFIT_REASONS);

/** Where a clerk can fix each reason, said on hover. */
export const reasonHints: Record<ProfitReason, string> = {
  [PROFIT_REASONS.noRate]: '在 系统设置 > 记账汇率 中设置该合同创建月份的美元汇率',
  [PROFIT_REASONS.notSettled]: '收款结汇后在收款记录中填写结汇金额',
  [PROFIT_REASONS.noFreight]: '在运费记录中填写运费金额',
  [PROFIT_REASONS.noDrawback]: '在退税记录中填写退税金额',
  [PROFIT_REASONS.noPurchasePrice]: '在采购合同中填写采购价',
};

/** 最终 (green) or 预估 (orange), then each reason as a tag. */
export function ProfitStatus({
  final,
  reasons = [],
  compact,
}: {
  final: boolean;
  reasons?: readonly ProfitReason[];
  /** Only the word (the report's rows, which have no reasons). */
  compact?: boolean;
}): ReactNode {
  const ordered = [...reasons].sort((a, b) => REASON_ORDER.indexOf(a) - REASON_ORDER.indexOf(b));
  return (
    <Space size={[4, 4]} wrap className="profit-status">
      <Tag color={final ? 'success' : 'warning'} style={{ marginInlineEnd: 0 }}>
        {final ? '最终' : '预估'}
      </Tag>
      {compact
        ? null
        : ordered.map((reason) => (
            <Tooltip key={reason} title={reasonHints[reason]}>
              <Tag className="profit-reason" style={{ marginInlineEnd: 0 }}>
                {reason}
              </Tag>
            </Tooltip>
          ))}
    </Space>
  );
}
