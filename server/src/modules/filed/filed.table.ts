import type { Generated, Insertable, Selectable } from 'kysely';

/** Tax refund (退税): which vehicles of an overseas contract were refunded. */
export interface TaxRefundsTable {
  id: Generated<number>;
  order_id: number;
  /** The refund amount in fen (issue 26); null until recorded. */
  drawback_money: number | string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface TaxRefundVehiclesTable {
  tax_refund_id: number;
  vehicle_id: number;
}

/** Deregistration (注销) with its certificate. */
export interface DeregistrationsTable {
  id: Generated<number>;
  order_id: number;
  zxzm_image: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface DeregistrationVehiclesTable {
  deregistration_id: number;
  vehicle_id: number;
}

/** Freight (运费): freight invoice and payment slip, plus photos. */
export interface FreightsTable {
  id: Generated<number>;
  order_id: number;
  yffp_image: string | null;
  yffkd_image: string | null;
  car_images: Generated<string>;
  /** The freight amount in fen (issue 26); null until recorded. */
  freight_money: number | string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface FreightVehiclesTable {
  freight_id: number;
  vehicle_id: number;
}

export type TaxRefundRow = Selectable<TaxRefundsTable>;
export type NewTaxRefundRow = Insertable<TaxRefundsTable>;
export type DeregistrationRow = Selectable<DeregistrationsTable>;
export type NewDeregistrationRow = Insertable<DeregistrationsTable>;
export type FreightRow = Selectable<FreightsTable>;
export type NewFreightRow = Insertable<FreightsTable>;

/**
 * Per overseas contract, its vehicles in filing and how many of them lack each filing stage (value below
 * 2). Kept by triggers on `vehicles` (migration 2026_11_24_1900); only the filed list reads it, nothing in
 * the application writes it.
 */
export interface OrderFilingTable {
  order_id: number;
  vehicles: number;
  lacking_drawback: number;
  lacking_archive: number;
  lacking_freight: number;
}
