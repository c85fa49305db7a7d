import type { Generated, Insertable, Selectable } from 'kysely';

/** Plating (上牌): one per vehicle, 8 documents; `rate` is the share present in whole percent. */
export interface PlatingsTable {
  id: Generated<number>;
  vehicle_id: number;
  /** `YYYY-MM-DD`. */
  yy_date: string | null;
  xsz_image: string | null;
  djz_image: string | null;
  lp_image: string | null;
  fp_image: string | null;
  hgz_image: string | null;
  ycxzs_image: string | null;
  hbqd_image: string | null;
  bx_image: string | null;
  car_images: Generated<string>;
  rate: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Transfer of ownership (过户): one per vehicle, 5 documents. */
export interface TransfersTable {
  id: Generated<number>;
  vehicle_id: number;
  djz_image: string | null;
  lp_image: string | null;
  usedcar_invoices_image: string | null;
  zzs_invoices_image: string | null;
  xsz_image: string | null;
  car_images: Generated<string>;
  rate: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type PlatingRow = Selectable<PlatingsTable>;
export type NewPlatingRow = Insertable<PlatingsTable>;
export type TransferRow = Selectable<TransfersTable>;
export type NewTransferRow = Insertable<TransfersTable>;
