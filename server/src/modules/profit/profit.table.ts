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

/** Fen as the drivers read a bigint: a number from SQLite, a string from PostgreSQL. */
type Fen = number | string;

/**
 * One contract's figures as `computeProfit` gives them, kept for the report (migration 2026_11_27_1510):
 * written only by profit-store.ts, after triggers marked the contract in `order_profit_dirty`.
 */
export interface OrderProfitTable {
  order_id: number;
  order_no: string;
  customer_name: string;
  country: string | null;
  currency: string;
  created_at: string;
  month: string;
  cars: number;
  revenue: Fen | null;
  costs: Fen;
  freight: Fen | null;
  drawback: Fen | null;
  profit: Fen | null;
  margin_bp: Fen | null;
  fx_gain: Fen | null;
  final: number;
}

export interface OrderProfitDirtyTable {
  order_id: number;
}

export type OrderProfitRow = Selectable<OrderProfitTable>;
