import type { Db } from '../../db/database';
import { containsText, VIN_CORRECTION_VIN_NEW } from '../../db/text-search';
import type { NewVinCorrectionRow } from './vin-correction.table';

const filtered = (db: Db, vinNew: string | undefined) => {
  let query = db.selectFrom('vin_corrections').leftJoin('users', 'users.id', 'vin_corrections.user_id');
  if (vinNew) query = query.where(containsText(db, VIN_CORRECTION_VIN_NEW, vinNew));
  return query;
};

export const listVinCorrections = (db: Db, vinNew: string | undefined, offset: number, limit: number) =>
  filtered(db, vinNew)
    .select([
      'vin_corrections.id',
      'vin_corrections.vin_old',
      'vin_corrections.vin_new',
      'vin_corrections.created_at',
      'users.nickname',
    ])
    .orderBy('vin_corrections.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();

export const countVinCorrections = async (db: Db, vinNew: string | undefined): Promise<number> => {
  const row = await filtered(db, vinNew)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const insertVinCorrection = async (db: Db, row: NewVinCorrectionRow): Promise<number> => {
  const inserted = await db.insertInto('vin_corrections').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
};
