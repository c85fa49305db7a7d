import type { Generated, Selectable } from 'kysely';

/** The administrator's monthly book rate of a currency (USD), in integer micro-units (7.1234 → 7123400). */
export interface RatesTable {
  month: string;
  currency: string;
  rate_micro: number | string;
  created_by: number | null;
  created_at: string;
  updated_at: Generated<string>;
}

export type RateRow = Selectable<RatesTable>;
