import { Typography } from 'antd';
import { moneyInCapitals } from '../../../components/purchase-money';

/** The amount echoed in Chinese capitals under its box (人民币 is implied: purchases are in CNY). */
export function MoneyCapitals({ value, label = '大写' }: { value: unknown; label?: string }) {
  const capitals = moneyInCapitals(value);
  return (
    <Typography.Text type="secondary" aria-live="polite" data-testid="money-capitals">
      {capitals ? `${label}：${capitals}` : '\u00a0'}
    </Typography.Text>
  );
}
