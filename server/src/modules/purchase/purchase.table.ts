import type { Generated, Insertable, Selectable } from 'kysely';
import type { Currency } from '../overseas/overseas.table';

/** Purchase contracts. Money in integer fen. */
export interface PurchasesTable {
  id: Generated<number>;
  purchase_no: string;
  /** 1 new car, 2 used car. */
  type: 1 | 2;
  order_id: number | null;
  customer_id: number | null;
  customer_name: string;
  customer_address: string | null;
  customer_contact_way: string | null;
  customer_type_id: number | null;
  amount: number;
  total: number;
  /** 1 once the remittances reach the total. */
  remit_status: Generated<0 | 1>;
  /** JSON array of `/storage/…` paths. */
  contracts: Generated<string>;
  handed_over: Generated<0 | 1>;
  handed_over_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface RemitsTable {
  id: Generated<number>;
  purchase_id: number;
  amount: number;
  currency: Generated<Currency>;
  bank_slips: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type PurchaseRow = Selectable<PurchasesTable>;
export type NewPurchaseRow = Insertable<PurchasesTable>;
export type RemitRow = Selectable<RemitsTable>;
export type NewRemitRow = Insertable<RemitsTable>;
