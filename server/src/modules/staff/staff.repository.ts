import type { Db } from '../../db/database';
import type { NewUserRow, UserRow, UserUpdate } from './staff.table';

export const findLiveUserById = (db: Db, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();

export const findLiveUserByUsername = (db: Db, username: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Every account ever made, deleted ones included: the first-run setup is open only while there is none. */
export const countAllUsers = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const countLiveUsers = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const listLiveUsers = (db: Db, offset: number, limit: number): Promise<UserRow[]> =>
  db
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();

export const insertUser = async (db: Db, row: NewUserRow): Promise<number> => {
  const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
};

/**
 * Updates a live account, unguarded: deleting an account and changing one's own password do not depend
 * on what the clerk read. Saves of a form go through db/guarded-update.ts. Returns whether a row changed.
 */
export const updateLiveUser = async (db: Db, id: number, patch: UserUpdate): Promise<boolean> => {
  const result = await db
    .updateTable('users')
    .set(patch)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};
