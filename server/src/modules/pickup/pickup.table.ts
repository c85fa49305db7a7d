import type { Generated, Insertable, Selectable } from 'kysely';

/** Check-in at the yard (入库): one per vehicle. */
export interface CheckInsTable {
  id: Generated<number>;
  vehicle_id: number;
  dl_name: string | null;
  wg_image: string | null;
  vin_image: string | null;
  /** JSON array of `/storage/…` paths. */
  car_images: Generated<string>;
  remark: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type CheckInRow = Selectable<CheckInsTable>;
export type NewCheckInRow = Insertable<CheckInsTable>;
