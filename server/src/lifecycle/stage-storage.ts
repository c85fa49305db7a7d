import type { Stage } from '../../../contract/stage';

/**
 * Where each stage's record lives (migration 2026_11_22_0902). A check-in, a plating and a transfer
 * belong to one vehicle (`vehicle_id`, unique); the other records cover several vehicles through a link
 * table whose `vehicle_id` is unique too: either way a vehicle has at most one record per stage.
 */
export type StageStorage =
  | { kind: 'perVehicle'; table: 'check_ins' | 'platings' | 'transfers' }
  | {
      kind: 'linked';
      table: 'release_passes' | 'export_declarations' | 'tax_refunds' | 'deregistrations' | 'freights';
      links:
        | 'release_pass_vehicles'
        | 'export_declaration_vehicles'
        | 'tax_refund_vehicles'
        | 'deregistration_vehicles'
        | 'freight_vehicles';
      key: 'release_pass_id' | 'export_declaration_id' | 'tax_refund_id' | 'deregistration_id' | 'freight_id';
    };

export const stageStorage: Record<Stage, StageStorage> = {
  entry: { kind: 'perVehicle', table: 'check_ins' },
  plate: { kind: 'perVehicle', table: 'platings' },
  transfer: { kind: 'perVehicle', table: 'transfers' },
  release: { kind: 'linked', table: 'release_passes', links: 'release_pass_vehicles', key: 'release_pass_id' },
  exports: {
    kind: 'linked',
    table: 'export_declarations',
    links: 'export_declaration_vehicles',
    key: 'export_declaration_id',
  },
  drawback: { kind: 'linked', table: 'tax_refunds', links: 'tax_refund_vehicles', key: 'tax_refund_id' },
  archive: { kind: 'linked', table: 'deregistrations', links: 'deregistration_vehicles', key: 'deregistration_id' },
  freight: { kind: 'linked', table: 'freights', links: 'freight_vehicles', key: 'freight_id' },
};

/** The photo list's API field and the column that keeps it as JSON. */
export const PHOTO_FIELD = 'car_image';
export const PHOTO_COLUMN = 'car_images';
