import type { Generated, Insertable, Selectable } from 'kysely';
import type { Currency } from '../overseas/overseas.table';

/** Release pass (出库): one record for several vehicles. */
export interface ReleasePassesTable {
  id: Generated<number>;
  order_id: number | null;
  purchase_id: number | null;
  fxt_image: string | null;
  lc_image: string | null;
  car_images: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ReleasePassVehiclesTable {
  release_pass_id: number;
  vehicle_id: number;
}

/** Export declaration (出口报关): one record for several vehicles of one overseas contract. */
export interface ExportDeclarationsTable {
  id: Generated<number>;
  order_id: number;
  purchase_id: number | null;
  currency: Generated<Currency>;
  bgd_sn: string | null;
  /** `YYYY-MM-DD`. */
  exports_date: string | null;
  /** Fen. */
  exports_money: number | null;
  xkz_image: string | null;
  bgzl_image: string | null;
  bgd_image: string | null;
  td_image: string | null;
  jcbg_image: string | null;
  hgfxtz_image: string | null;
  car_images: Generated<string>;
  rate: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ExportDeclarationVehiclesTable {
  export_declaration_id: number;
  vehicle_id: number;
}

export type ReleasePassRow = Selectable<ReleasePassesTable>;
export type NewReleasePassRow = Insertable<ReleasePassesTable>;
export type ExportDeclarationRow = Selectable<ExportDeclarationsTable>;
export type NewExportDeclarationRow = Insertable<ExportDeclarationsTable>;
