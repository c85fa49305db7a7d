import { type ColumnDefinitionBuilder, type Generated, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900).
 *
 * The history (issue 22): one typed event per change, the fields that changed, and a link row per vehicle
 * touched, so that a record's, a contract's and a car's history are each one range of one index.
 * `entity_id` is text because two entities (deadline rules, monthly rates) are keyed by text; numeric
 * ids are written as their digits. `order_id` / `purchase_id` name the contract whose history holds the
 * event (its own, its car lines', its receipts' or remittances'). No foreign keys to the records: a
 * deleted record keeps its history.
 *
 * The older `audit_log` rows are moved into the new shape: entity names become API.md's words
 * (`vehicle` → `car`, stage tables → stage words), the fields that differ between before_json and
 * after_json become the changes, and the VINs a row names (a stage record's `vins`, a hand-over's, a
 * deleted purchase's `car`) become vehicle links where a vehicle still has (or once had) that VIN.
 * Logins and logouts are not history: they stay in `audit_log`, which keeps only them from now on.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const identity = (db: Kysely<unknown>) => (col: ColumnDefinitionBuilder) =>
  isPostgres(db) ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

const ENTITY_WORDS: Record<string, string> = {
  order: 'order',
  purchase: 'purchase',
  vehicle: 'car',
  customer: 'customer',
  customer_type: 'customer_type',
  receipt: 'receipt',
  remit: 'remit',
  user: 'user',
  check_ins: 'entry',
  platings: 'plate',
  transfers: 'transfer',
  release_passes: 'release',
  export_declarations: 'exports',
  tax_refunds: 'drawback',
  deregistrations: 'archive',
  freights: 'freight',
};

const ACTIONS = new Set([
  'create',
  'update',
  'delete',
  'link',
  'detach',
  'hand_over',
  'finish',
  'reopen',
  'enable',
  'disable',
  'setup',
  'password_change',
  'correct_vin',
]);

const actionWord = (action: string): string => {
  if (ACTIONS.has(action)) return action;
  const prefix = ['create', 'update', 'hand_over'].find((word) => action.startsWith(`${word}_`));
  return prefix ?? 'update';
};

const MONEY: Record<string, readonly string[]> = {
  order: ['total'],
  purchase: ['total'],
  car: ['order_price', 'order_invoice', 'order_other', 'price', 'invoice', 'other'],
  receipt: ['amount', 'settlement', 'actual_total'],
  remit: ['amount'],
  exports: ['exports_money'],
};
const LISTS = new Set(['contracts', 'car_images']);
const SKIPPED = new Set(['id', 'created_at', 'created_by', 'updated_at', 'vehicle_id']);
const secret = (field: string) => /password(?!_changed)|token|secret|hash/i.test(field);

type Json = Record<string, unknown>;

const parse = (text: string | null): Json | undefined => {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
};

const shown = (entity: string, field: string, value: unknown): unknown => {
  if (value === undefined || value === null) return null;
  if (MONEY[entity]?.includes(field)) {
    const fen = Number(value);
    return value === '' || !Number.isFinite(fen) ? value : (fen / 100).toFixed(2);
  }
  if (LISTS.has(field) && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
};

const changes = (entity: string, before: Json | undefined, after: Json | undefined) => {
  // A change names its fields in after (a column of the row read before that it did not write did not
  // change); a delete, in before.
  return Object.keys(after ?? before ?? {})
    .filter((field) => !secret(field) && !SKIPPED.has(field))
    .map((field) => ({
      field,
      before: shown(entity, field, before?.[field]),
      after: shown(entity, field, after?.[field]),
    }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
};

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

const vinsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((vin): vin is string => typeof vin === 'string') : [];

interface AuditRow {
  id: number;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  request_id: string | null;
  created_at: string;
}

/** The tables this migration reads and writes, as they are at this version. */
interface Tables {
  audit_log: AuditRow;
  vehicles: { id: number; vin: string };
  vin_corrections: { id: number; vehicle_id: number; vin_old: string };
  history_events: {
    id: Generated<number>;
    at: string;
    user_id: number | null;
    action: string;
    entity: string;
    entity_id: string | null;
    order_id: number | null;
    purchase_id: number | null;
    changes: string;
    request_id: string | null;
  };
  history_vehicles: { event_id: number; vehicle_id: number };
}

const BATCH = 500;

/** The vehicle ids of these VINs: current VINs first, then VINs a correction replaced. */
const vehiclesByVin = async (db: Kysely<Tables>, vins: readonly string[]): Promise<Map<string, number>> => {
  const found = new Map<string, number>();
  for (let start = 0; start < vins.length; start += BATCH) {
    const slice = vins.slice(start, start + BATCH);
    const corrected = await db
      .selectFrom('vin_corrections')
      .select(['vin_old as vin', 'vehicle_id'])
      .where('vin_old', 'in', slice)
      .orderBy('id')
      .execute();
    for (const row of corrected) found.set(row.vin, Number(row.vehicle_id));
    const current = await db.selectFrom('vehicles').select(['vin', 'id']).where('vin', 'in', slice).execute();
    for (const row of current) found.set(row.vin, Number(row.id));
  }
  return found;
};

const moveBatch = async (db: Kysely<Tables>, rows: readonly AuditRow[]) => {
  const parsed = rows.map((row) => ({ row, before: parse(row.before_json), after: parse(row.after_json) }));
  const vinLists = parsed.map(({ before, after }) => [
    ...vinsOf(after?.vins),
    ...vinsOf(before?.vins),
    ...vinsOf(before?.car),
  ]);
  const byVin = await vehiclesByVin(db, [...new Set(vinLists.flat())]);

  for (const [index, { row, before, after }] of parsed.entries()) {
    let entity = ENTITY_WORDS[row.entity] as string;
    const action = actionWord(row.action);
    let entityId: number | null = row.entity_id;
    const vehicleIds = new Set<number>();
    for (const vin of vinLists[index] ?? []) {
      const vehicleId = byVin.get(vin);
      if (vehicleId !== undefined) vehicleIds.add(vehicleId);
    }
    if (entity === 'car' && row.entity_id !== null) vehicleIds.add(row.entity_id);
    if (action === 'correct_vin') {
      entity = 'vin_alter';
      entityId = numberOf(after?.correction_id);
    }
    const pick = (field: string) => numberOf(after?.[field]) ?? numberOf(before?.[field]);
    const orderId =
      entity === 'order' ? row.entity_id : entity === 'car' || entity === 'receipt' ? pick('order_id') : null;
    const purchaseId =
      entity === 'purchase' ? row.entity_id : entity === 'car' || entity === 'remit' ? pick('purchase_id') : null;
    const { id } = await db
      .insertInto('history_events')
      .values({
        at: row.created_at,
        user_id: row.user_id,
        action,
        entity,
        entity_id: entityId === null ? null : String(entityId),
        order_id: orderId,
        purchase_id: purchaseId,
        changes: JSON.stringify(changes(entity, before, after)),
        request_id: row.request_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const links = [...vehicleIds].map((vehicleId) => ({ event_id: id, vehicle_id: vehicleId }));
    for (let start = 0; start < links.length; start += BATCH) {
      await db
        .insertInto('history_vehicles')
        .values(links.slice(start, start + BATCH))
        .execute();
    }
  }
};

const moveAuditRows = async (db: Kysely<Tables>) => {
  const entities = Object.keys(ENTITY_WORDS);
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', 'in', entities)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await moveBatch(db, rows);
    after = rows[rows.length - 1]?.id ?? after;
  }
  await db.deleteFrom('audit_log').where('entity', 'in', entities).execute();
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('history_events')
    .addColumn('id', 'integer', identity(db))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('purchase_id', 'integer')
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('request_id', 'text')
    .execute();
  await db.schema
    .createIndex('history_events_entity_index')
    .on('history_events')
    .columns(['entity', 'entity_id', 'id'])
    .execute();
  await sql`create index history_events_order_index on history_events (order_id, id) where order_id is not null`.execute(
    db,
  );
  await sql`create index history_events_purchase_index on history_events (purchase_id, id) where purchase_id is not null`.execute(
    db,
  );
  await db.schema
    .createTable('history_vehicles')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('history_events.id'))
    .addColumn('vehicle_id', 'integer', (col) => col.notNull())
    // A car's history is one range of this key, newest event first.
    .addPrimaryKeyConstraint('history_vehicles_pkey', ['vehicle_id', 'event_id'])
    .execute();
  await moveAuditRows(db as unknown as Kysely<Tables>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('history_vehicles').execute();
  await db.schema.dropTable('history_events').execute();
}
