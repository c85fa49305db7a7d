import type { Generated, Insertable, Selectable } from 'kysely';

/** Where a vehicle is (DOMAIN.md); null while only an overseas contract names it. */
export type VehicleFlow = 'purchase' | 'pickup' | 'registry' | 'release' | 'filing';

/** 0 no record, 1 documents missing, 2 complete. */
export type StageValue = 0 | 1 | 2;

export const STAGES = ['entry', 'plate', 'release', 'transfer', 'exports', 'drawback', 'archive', 'freight'] as const;
export type Stage = (typeof STAGES)[number];

export interface VehiclesTable {
  id: Generated<number>;
  vin: string;
  model: string | null;
  order_id: number | null;
  purchase_id: number | null;
  /** Overseas side, fen. */
  order_price: number | null;
  order_invoice: number | null;
  order_other: number | null;
  /** Purchase side, fen. */
  price: number | null;
  invoice: number | null;
  other: number | null;
  flow: VehicleFlow | null;
  entry: Generated<StageValue>;
  plate: Generated<StageValue>;
  release: Generated<StageValue>;
  transfer: Generated<StageValue>;
  exports: Generated<StageValue>;
  drawback: Generated<StageValue>;
  archive: Generated<StageValue>;
  freight: Generated<StageValue>;
  created_at: string;
  updated_at: string;
}

export type VehicleRow = Selectable<VehiclesTable>;
export type NewVehicleRow = Insertable<VehiclesTable>;
