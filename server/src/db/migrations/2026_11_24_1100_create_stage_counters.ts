import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { COMPLETION_STAGES, STAGES, type Stage, stageTable } from '../../../../contract/stage';

/*
 * Frozen (see 2026_11_22_0900), with one deliberate exception to "imports no application code": the
 * figures of `GET /api/car/procedureStatistics` take each stage's flow from `contract/stage.ts`, the one
 * stage → flow table (issue 9: never a second one). Changing a stage's flow there therefore needs a new
 * migration that recreates these triggers (docs/decisions.md, "Counters kept by the database").
 *
 * The dashboard and procedureStatistics read `stage_counters` (one row per figure and shard, summed)
 * instead of recounting 500,000 vehicles nine ways per call. Triggers on `vehicles`, `orders` and
 * `purchases` keep the rows in step inside the statement's own transaction, whichever code path writes
 * (lifecycle, VIN correction, deletes, imports, a module not yet written).
 *
 * SQLite has one writer at a time: one shard (0), row-level triggers. PostgreSQL has concurrent
 * writers: a hot counter row would make every transaction that moves a vehicle wait for the one before
 * it to commit, so each figure has SHARDS rows and a transaction adds to the row of its connection
 * (`pg_backend_pid() % SHARDS`); statement-level triggers over the transition tables add one sum per
 * figure per statement, in figure order, so two statements never take the same rows in opposite order.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const SHARDS = 16;

const capitalised = (stage: Stage) => `${stage[0]?.toUpperCase()}${stage.slice(1)}`;
const column = (row: string, name: string) => `${row}."${name}"`;

/** Each counted figure of a vehicle row and its condition, on the row named `row`. */
const vehicleFigures = (row: string): { name: string; when: string }[] => [
  // Dashboard: the step happened (value above 0).
  ...STAGES.map((stage) => ({ name: `car${capitalised(stage)}`, when: `${column(row, stage)} > 0` })),
  // Dashboard: complete, every completion stage at 2.
  { name: 'carComplete', when: COMPLETION_STAGES.map((stage) => `${column(row, stage)} = 2`).join(' and ') },
  // procedureStatistics: in the stage's flow and the stage still 0 (work waiting).
  ...STAGES.map((stage) => ({
    name: `waiting.${stage}`,
    when: `${column(row, 'flow')} = '${stageTable[stage].flow}' and ${column(row, stage)} = 0`,
  })),
];

const contractFigures = [
  { table: 'orders', name: 'orderNum' },
  { table: 'purchases', name: 'purchaseNum' },
] as const;

const allFigures = [...contractFigures.map((figure) => figure.name), ...vehicleFigures('v').map((f) => f.name)];

const one = (when: string) => `(case when ${when} then 1 else 0 end)`;

/** The initial counts, from the rows already there. */
const fill = async (db: Kysely<unknown>) => {
  const counts = vehicleFigures('v')
    .map((figure) => `sum(${one(figure.when)}) as "${figure.name}"`)
    .join(', ');
  const { rows } = await sql
    .raw<Record<string, number | string | null>>(`select ${counts} from vehicles v`)
    .execute(db);
  const values = new Map<string, number>(Object.entries(rows[0] ?? {}).map(([name, n]) => [name, Number(n ?? 0)]));
  for (const { table, name } of contractFigures) {
    const { rows: counted } = await sql.raw<{ n: number | string }>(`select count(*) as n from ${table}`).execute(db);
    values.set(name, Number(counted[0]?.n ?? 0));
  }
  const shards = isPostgres(db) ? SHARDS : 1;
  const seeded = allFigures.flatMap((name) =>
    Array.from({ length: shards }, (_, shard) => ({ name, shard, count: shard === 0 ? (values.get(name) ?? 0) : 0 })),
  );
  await db
    .insertInto('stage_counters' as never)
    .values(seeded as never)
    .execute();
};

// ---- SQLite: row-level triggers, one UPDATE of the figures that change ----

const sqliteDelta = (figures: { name: string; delta: string }[]) => {
  const byName = `case name ${figures.map((f) => `when '${f.name}' then ${f.delta}`).join(' ')} else 0 end`;
  const names = figures.map((f) => `'${f.name}'`).join(', ');
  return `update stage_counters set count = count + (${byName}) where name in (${names}) and (${byName}) <> 0;`;
};

const sqliteTriggers = async (db: Kysely<unknown>) => {
  const changes = (sign: '+' | '-' | 'both') =>
    vehicleFigures('new').map((figure, index) => {
      const old = vehicleFigures('old')[index]?.when ?? 'false';
      const delta =
        sign === '+' ? one(figure.when) : sign === '-' ? `-${one(old)}` : `(${one(figure.when)} - ${one(old)})`;
      return { name: figure.name, delta };
    });
  const columns = ['flow', ...STAGES].map((name) => `"${name}"`).join(', ');
  const statements = [
    `create trigger vehicles_counters_insert after insert on vehicles begin ${sqliteDelta(changes('+'))} end`,
    `create trigger vehicles_counters_delete after delete on vehicles begin ${sqliteDelta(changes('-'))} end`,
    `create trigger vehicles_counters_update after update of ${columns} on vehicles begin ${sqliteDelta(changes('both'))} end`,
    ...contractFigures.flatMap(({ table, name }) => [
      `create trigger ${table}_counters_insert after insert on ${table} begin update stage_counters set count = count + 1 where name = '${name}'; end`,
      `create trigger ${table}_counters_delete after delete on ${table} begin update stage_counters set count = count - 1 where name = '${name}'; end`,
    ]),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
};

// ---- PostgreSQL: statement-level triggers over the transition tables ----

type Operation = 'insert' | 'update' | 'delete';

/** The changed rows with a sign: +1 for a row as it is now, -1 for a row as it was. */
const signedRows = (operation: Operation) =>
  [
    ...(operation === 'delete' ? [] : ['select 1 as sign, n.* from new_rows n']),
    ...(operation === 'insert' ? [] : ['select -1 as sign, o.* from old_rows o']),
  ].join(' union all ');

const postgresFunction = (name: string, operation: Operation, figures: { name: string; delta: string }[]) => `
create function ${name}() returns trigger language plpgsql as $body$
declare
  changed record;
begin
  for changed in
    select f.name, sum(f.delta) as delta
    from (${signedRows(operation)}) r
    cross join lateral (values ${figures.map((f) => `('${f.name}', ${f.delta})`).join(', ')}) as f(name, delta)
    group by f.name
    having sum(f.delta) <> 0
    order by f.name
  loop
    update stage_counters set count = count + changed.delta
    where name = changed.name and shard = pg_backend_pid() % ${SHARDS};
  end loop;
  return null;
end
$body$`;

const postgresTriggers = async (db: Kysely<unknown>) => {
  const vehicleDeltas = vehicleFigures('r').map((figure) => ({
    name: figure.name,
    delta: `r.sign * ${one(figure.when)}`,
  }));
  const tables = [
    { table: 'vehicles', figures: vehicleDeltas, operations: ['insert', 'update', 'delete'] as const },
    ...contractFigures.map(({ table, name }) => ({
      table,
      figures: [{ name, delta: 'r.sign' }],
      operations: ['insert', 'delete'] as const,
    })),
  ];
  for (const { table, figures, operations } of tables) {
    for (const operation of operations) {
      const fn = `${table}_counters_${operation}`;
      await sql.raw(postgresFunction(fn, operation, figures)).execute(db);
      // A trigger with transition tables takes no column list: updates of other columns sum to nothing.
      const transitions =
        operation === 'insert'
          ? 'new table as new_rows'
          : operation === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      await sql
        .raw(
          `create trigger ${fn} after ${operation} on ${table} referencing ${transitions} for each statement execute function ${fn}()`,
        )
        .execute(db);
    }
  }
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stage_counters')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('shard', 'integer', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stage_counters_pkey', ['name', 'shard'])
    .execute();
  await fill(db);
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const triggerNames = [
  'vehicles_counters_insert',
  'vehicles_counters_update',
  'vehicles_counters_delete',
  ...contractFigures.flatMap(({ table }) => [`${table}_counters_insert`, `${table}_counters_delete`]),
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of triggerNames) {
    const table = name.split('_')[0] ?? '';
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('stage_counters').execute();
}
