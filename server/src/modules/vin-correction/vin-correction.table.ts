import type { Generated, Insertable, Selectable } from 'kysely';

/** A VIN changed on the one vehicle row; the old and new VIN and who changed it are kept. */
export interface VinCorrectionsTable {
  id: Generated<number>;
  vehicle_id: number;
  vin_old: string;
  vin_new: string;
  user_id: number | null;
  /** Why it was corrected; null when the clerk gave no reason (and for corrections before 2026_11_25_1210). */
  reason: string | null;
  created_at: string;
}

export type VinCorrectionRow = Selectable<VinCorrectionsTable>;
export type NewVinCorrectionRow = Insertable<VinCorrectionsTable>;
