import type { Generated, Insertable, Selectable } from 'kysely';

// Flows and stages are defined once, with the stage table (contract/stage.ts).
export type { Flow as VehicleFlow, Stage, StageValue } from '../../../../contract/stage';
import type { Flow as VehicleFlow, StageValue } from '../../../../contract/stage';

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
  /** 1 when the vehicle left the yard with 免入库 (`noentry`): it never needed a check-in. */
  no_entry: Generated<0 | 1>;
  created_at: string;
  updated_at: string;
}

export type VehicleRow = Selectable<VehiclesTable>;
export type NewVehicleRow = Insertable<VehiclesTable>;
