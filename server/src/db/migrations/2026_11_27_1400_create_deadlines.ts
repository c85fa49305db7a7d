import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * Deadlines (issue 25, DOMAIN.md "Deadlines"). `deadline_rules` holds the administrator's policy, one
 * row per rule key, seeded with DOMAIN.md's defaults (the tax refund's days are not used: its due date
 * is 30 April of the year after the export). `deadlines` holds one row per vehicle and rule (or, for
 * the receipt rule, per overseas contract, with no vehicle) once the rule's clock started: its start
 * day, its due day (both `YYYY-MM-DD` in the server's time zone, so they sort as text) and the day it
 * stopped (`closed_on`, null while open). Days left are worked out when read, from due_on and today, so
 * nothing needs a timer. The open rows have partial indexes by due day: the list and the dashboard
 * read only them, however many closed rows the years pile up.
 *
 * `order_id` of a vehicle's row copies the vehicle's contract, so that the list filters by contract on
 * one table; a trigger keeps it when a car changes contract.
 *
 * Backfill for the vehicles and contracts already under way (only open clocks are written):
 * - entry: the purchase contract's hand-over (`purchases.handed_over_at`), else the migration's day;
 * - registry, release: the migration's day (a vehicle row does not keep when it moved);
 * - temp_plate: the day the complete plating or transfer record was last saved (`updated_at`);
 * - drawback, archive, freight: the export declaration's `exports_date`;
 * - receipt: the contract's creation day.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const identity = (db: Kysely<unknown>) => (col: ColumnDefinitionBuilder) =>
  isPostgres(db) ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

const RULES: readonly { key: string; days: number }[] = [
  { key: 'entry', days: 7 },
  { key: 'registry', days: 15 },
  { key: 'temp_plate', days: 30 },
  { key: 'release', days: 15 },
  { key: 'drawback', days: 0 },
  { key: 'archive', days: 30 },
  { key: 'freight', days: 30 },
  { key: 'receipt', days: 90 },
];

/** The server's zone as config.ts reads it (TZ, else Asia/Shanghai): a migration gets no config. */
const zone = (): string => {
  const named = process.env.TZ?.trim();
  if (!named) return 'Asia/Shanghai';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: named });
    return named;
  } catch {
    return 'Asia/Shanghai';
  }
};

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: zone(),
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dayOf = (instant: string | Date): string => dayFormat.format(new Date(instant));

const addDays = (day: string, days: number): string => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};

const dueOn = (key: string, startedOn: string): string => {
  if (key === 'drawback') return `${Number(startedOn.slice(0, 4)) + 1}-04-30`;
  return addDays(startedOn, RULES.find((rule) => rule.key === key)?.days ?? 0);
};

interface OpenRow {
  vehicle_id: number | null;
  order_id: number | null;
  key: string;
  started_on: string;
  due_on: string;
}

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('deadline_rules')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('days', 'integer', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`enabled in (0, 1)`),
    )
    .addColumn('updated_at', 'text')
    .execute();
  await db
    .insertInto('deadline_rules' as never)
    .values(RULES.map((rule) => ({ key: rule.key, days: rule.days, enabled: 1 })) as never)
    .execute();

  await db.schema
    .createTable('deadlines')
    .addColumn('id', 'integer', identity(db))
    .addColumn('vehicle_id', 'integer', (col) => col.references('vehicles.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('started_on', 'text', (col) => col.notNull())
    .addColumn('due_on', 'text', (col) => col.notNull())
    .addColumn('closed_on', 'text')
    .execute();
  // One clock per vehicle and rule, one receipt clock per contract (nulls are distinct in both databases).
  await db.schema
    .createIndex('deadlines_vehicle_key')
    .unique()
    .on('deadlines')
    .columns(['vehicle_id', 'key'])
    .execute();
  await db.schema
    .createIndex('deadlines_order_receipt')
    .unique()
    .on('deadlines')
    .column('order_id')
    .where(sql.ref('key'), '=', sql.lit('receipt'))
    .execute();
  // The list (by due day, rule, id) and the dashboard's counts read these, open rows only.
  await db.schema
    .createIndex('deadlines_open_due')
    .on('deadlines')
    .columns(['due_on', 'key', 'id'])
    .where(sql.ref('closed_on'), 'is', null)
    .execute();
  await db.schema
    .createIndex('deadlines_open_key')
    .on('deadlines')
    .columns(['key', 'due_on', 'id'])
    .where(sql.ref('closed_on'), 'is', null)
    .execute();
  await db.schema
    .createIndex('deadlines_open_order')
    .on('deadlines')
    .columns(['order_id', 'due_on', 'id'])
    .where(sql.ref('closed_on'), 'is', null)
    .execute();

  if (postgres) {
    await sql`
      create function deadlines_follow_order() returns trigger language plpgsql as $$
      begin
        update deadlines set order_id = new.order_id where vehicle_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger vehicles_deadlines_order after update of order_id on vehicles
      for each row when (old.order_id is distinct from new.order_id) execute function deadlines_follow_order()`.execute(
      db,
    );
  } else {
    await sql`
      create trigger vehicles_deadlines_order after update of order_id on vehicles
      when old.order_id is not new.order_id begin
        update deadlines set order_id = new.order_id where vehicle_id = new.id;
      end`.execute(db);
  }

  await backfill(db);
}

const backfill = async (db: Kysely<unknown>): Promise<void> => {
  const today = dayOf(new Date());
  const rows: OpenRow[] = [];
  const vehicleRow = (vehicle: { id: number; order_id: number | null }, key: string, startedOn: string) =>
    rows.push({
      vehicle_id: vehicle.id,
      order_id: vehicle.order_id,
      key,
      started_on: startedOn,
      due_on: dueOn(key, startedOn),
    });

  const atYard = await sql<{ id: number; order_id: number | null; handed_over_at: string | null }>`
    select vehicles.id, vehicles.order_id, purchases.handed_over_at from vehicles
    left join purchases on purchases.id = vehicles.purchase_id
    where vehicles.flow = 'pickup' and vehicles.entry = 0 and vehicles.no_entry = 0`.execute(db);
  for (const vehicle of atYard.rows) {
    vehicleRow(vehicle, 'entry', vehicle.handed_over_at ? dayOf(vehicle.handed_over_at) : today);
  }

  const atRegistry = await sql<{ id: number; order_id: number | null }>`
    select id, order_id from vehicles
    where flow in ('registry', 'release', 'filing') and plate < 2 and transfer < 2`.execute(db);
  for (const vehicle of atRegistry.rows) vehicleRow(vehicle, 'registry', today);

  const plated = await sql<{
    id: number;
    order_id: number | null;
    plated_at: string | null;
    transferred_at: string | null;
  }>`
    select vehicles.id, vehicles.order_id, platings.updated_at as plated_at, transfers.updated_at as transferred_at
    from vehicles
    left join platings on platings.vehicle_id = vehicles.id
    left join transfers on transfers.vehicle_id = vehicles.id
    where (vehicles.plate = 2 or vehicles.transfer = 2) and vehicles.exports = 0 and vehicles.flow is not null`.execute(
    db,
  );
  for (const vehicle of plated.rows) {
    const completed = vehicle.plated_at ?? vehicle.transferred_at;
    vehicleRow(vehicle, 'temp_plate', completed ? dayOf(completed) : today);
  }

  const atRelease = await sql<{ id: number; order_id: number | null }>`
    select id, order_id from vehicles
    where flow in ('release', 'filing') and (release = 0 or exports = 0)`.execute(db);
  for (const vehicle of atRelease.rows) vehicleRow(vehicle, 'release', today);

  const exported = await sql<{
    id: number;
    order_id: number | null;
    exports_date: string;
    drawback: number;
    archive: number;
    freight: number;
  }>`
    select vehicles.id, vehicles.order_id, export_declarations.exports_date,
      vehicles.drawback, vehicles.archive, vehicles.freight
    from vehicles
    join export_declaration_vehicles on export_declaration_vehicles.vehicle_id = vehicles.id
    join export_declarations on export_declarations.id = export_declaration_vehicles.export_declaration_id
    where export_declarations.exports_date is not null
      and (vehicles.drawback = 0 or vehicles.archive = 0 or vehicles.freight < 2)`.execute(db);
  for (const vehicle of exported.rows) {
    const day = vehicle.exports_date.slice(0, 10);
    if (Number(vehicle.drawback) === 0) vehicleRow(vehicle, 'drawback', day);
    if (Number(vehicle.archive) === 0) vehicleRow(vehicle, 'archive', day);
    if (Number(vehicle.freight) < 2) vehicleRow(vehicle, 'freight', day);
  }

  const unpaid = await sql<{ id: number; created_at: string }>`
    select id, created_at from orders where receipt_total < total`.execute(db);
  for (const order of unpaid.rows) {
    const startedOn = dayOf(order.created_at);
    rows.push({
      vehicle_id: null,
      order_id: order.id,
      key: 'receipt',
      started_on: startedOn,
      due_on: dueOn('receipt', startedOn),
    });
  }

  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto('deadlines' as never)
      .values(rows.slice(start, start + BATCH) as never)
      .execute();
  }
};

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists vehicles_deadlines_order on vehicles`.execute(db);
    await sql`drop function if exists deadlines_follow_order()`.execute(db);
  } else {
    await sql`drop trigger if exists vehicles_deadlines_order`.execute(db);
  }
  await db.schema.dropTable('deadlines').execute();
  await db.schema.dropTable('deadline_rules').execute();
}
