import type { Kysely, Updateable } from 'kysely';
import { messages } from '../../../contract/common';
import type { Actor } from '../app-context';
import { conflict } from '../http-errors';
import { type HistoryEventInput, recordHistory } from '../platform/history/record-history';
import type { Database, Db } from './database';

/** Tables whose rows a clerk edits after reading them: each has an `id` and the `updated_at` guard. */
type GuardedTable = {
  [Table in keyof Database]: Database[Table] extends { id: unknown; updated_at: string } ? Table : never;
}[keyof Database];

/**
 * Columns only server/src/lifecycle/ writes (DESIGN.md, issue 8): a vehicle's flow and stage values, an
 * overseas contract's status. ESLint refuses them in `.set()` and `.values()` object literals; this type
 * refuses them in a guarded save's patch however it was built (a spread, a variable), which the lint
 * cannot see.
 */
export type LifecycleColumn<Table> = Table extends 'vehicles'
  ? 'flow' | 'entry' | 'plate' | 'release' | 'transfer' | 'exports' | 'drawback' | 'archive' | 'freight'
  : Table extends 'orders'
    ? 'status'
    : never;

/** A guarded save's patch: the table's updateable columns, never a lifecycle column. */
export type GuardedPatch<Table extends GuardedTable> = Omit<Updateable<Database[Table]>, LifecycleColumn<Table>> & {
  [Column in LifecycleColumn<Table>]?: never;
};

/**
 * Writes `patch` to row `id` only while the row still has the `updated_at` the caller read: a save by
 * someone else in between leaves the row alone. Answers whether the row was written.
 */
export const updateRowIfUnchanged = async <Table extends GuardedTable>(
  db: Db,
  table: Table,
  id: number,
  patch: GuardedPatch<Table>,
  readUpdatedAt: string,
): Promise<boolean> => {
  // Kysely cannot follow a table name that is a type parameter; every table named here has both columns.
  const guarded = db as unknown as Kysely<{ row: { id: number; updated_at: string } }>;
  const result = await guarded
    .updateTable(table as unknown as 'row')
    .set(patch as Updateable<{ id: number; updated_at: string }>)
    .where('id', '=', id)
    .where('updated_at', '=', readUpdatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/**
 * The save of a record a clerk read, inside the caller's transaction: the guarded write, then its audit
 * row (built after the write, so it can show the row as saved). 409 该记录已被他人修改 when the row changed.
 */
export const saveUnlessChanged = async (
  trx: Db,
  actor: Actor,
  write: () => Promise<boolean>,
  audit: () => HistoryEventInput | Promise<HistoryEventInput>,
): Promise<void> => {
  if (!(await write())) throw conflict(messages.staleRecord);
  await recordHistory(trx, actor, await audit());
};
