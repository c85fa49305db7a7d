/**
 * What profit reads (issue 26), on the bench's rows: the bank settled the USD receipts of every contract
 * older than three months (at about 6.9 to 7.3 CNY a dollar), freight and tax refund amounts are recorded
 * on nine records in ten, and a book rate is kept for every month of the ten years but two (a USD
 * contract of those months has no figures: 记账汇率未设置). Then every contract's figures are computed
 * into order_profit by the server's own function, as the first report after an upgrade would.
 */
import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import { refreshProfits } from '../src/modules/profit/profit.service';

/** The server's default zone: the months of the rates and of the contracts. */
const TIME_ZONE = 'Asia/Shanghai';

const monthsBetween = (first: string, last: string): string[] => {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (;;) {
    const text = `${year}-${String(month).padStart(2, '0')}`;
    months.push(text);
    if (text >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
};

export const writeProfitFigures = async (db: Db): Promise<Record<string, number>> => {
  const span = await db
    .selectFrom('orders')
    .select(({ fn }) => [fn.min('created_at').as('first'), fn.max('created_at').as('last')])
    .executeTakeFirstOrThrow();
  const first = String(span.first).slice(0, 7);
  const last = String(span.last).slice(0, 7);
  const months = monthsBetween(first, last);
  // Two months without a rate: one long ago, and the one before last.
  const missing = new Set([months[Math.floor(months.length / 3)], months[months.length - 2]]);
  const at = new Date().toISOString();
  const rates = months
    .filter((month) => !missing.has(month))
    .map((month, i) => ({
      month,
      currency: 'USD',
      rate_micro: 6_800_000 + ((i * 7919) % 500_000),
      created_by: null,
      created_at: at,
      updated_at: at,
    }));
  for (let start = 0; start < rates.length; start += 200)
    await db
      .insertInto('rates')
      .values(rates.slice(start, start + 200))
      .execute();

  const cutoff = new Date(new Date(String(span.last)).getTime() - 90 * 86_400_000).toISOString();
  const settled = await sql`update receipts set settlement = amount * (690 + id % 40) / 100
    where currency = 'USD' and created_at < ${cutoff}`.execute(db);
  const freights = await sql`update freights set freight_money = 300000 + (id % 97) * 10000
    where id % 10 <> 0`.execute(db);
  const refunds = await sql`update tax_refunds set drawback_money = 500000 + (id % 89) * 10000
    where id % 10 <> 0`.execute(db);
  const contracts = await refreshProfits(db, TIME_ZONE);
  return {
    rates: rates.length,
    'settled receipts': Number(settled.numAffectedRows ?? 0),
    'freight amounts': Number(freights.numAffectedRows ?? 0),
    'refund amounts': Number(refunds.numAffectedRows ?? 0),
    'contracts computed': contracts,
  };
};
