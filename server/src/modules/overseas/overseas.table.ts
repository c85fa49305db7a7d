import type { Generated, Insertable, Selectable } from 'kysely';

export type Currency = 'USD' | 'CNY';

/** Overseas contracts. Money in integer fen. */
export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  customer_id: number | null;
  customer_name: string;
  customer_address: string | null;
  customer_contact_way: string | null;
  customer_country: string | null;
  customer_type_id: number | null;
  agent_id: number | null;
  agent_name: string | null;
  /** Number of vehicles ordered. */
  amount: number;
  currency: Generated<Currency>;
  total: number;
  /** Sum of the receipts' amounts, fen: kept by triggers on `receipts` (migration 2026_11_24_1300), never written here. */
  receipt_total: Generated<number>;
  /** 1 new, 2 handed to purchasing, 6 finished. */
  status: Generated<number>;
  /** JSON array of `/storage/…` paths. */
  contracts: Generated<string>;
  agreement_no: string | null;
  agreement: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ReceiptsTable {
  id: Generated<number>;
  order_id: number;
  amount: number;
  currency: Currency;
  receipt_no: string;
  /** `YYYY-MM-DD`. */
  receipted_at: string;
  remitter: string | null;
  settlement: number | null;
  actual_total: number | null;
  registered_address: string | null;
  proof: string | null;
  /** The settlement tax slip. */
  receipt: string | null;
  is_deposit: Generated<0 | 1>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type ReceiptRow = Selectable<ReceiptsTable>;
export type NewReceiptRow = Insertable<ReceiptsTable>;
