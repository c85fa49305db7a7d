import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900).
 *
 * The filed list (`GET /api/car/archiveLists`) shows the overseas contracts holding vehicles in filing and
 * filters them by whether a vehicle still lacks its tax refund, deregistration or freight. Walking the
 * contracts with a seek per contract into a partial index of the filing vehicles (the first design) cost
 * its count 50–100 ms on PostgreSQL and 250 ms at 16 clerks on SQLite at 500,000 vehicles. `order_filing` holds, per contract, how
 * many of its vehicles are in filing and how many of those lack each stage (value below 2): the list is a
 * range of one small covering index, its count a count of it (46,000 rows at a company).
 *
 * Kept by triggers on `vehicles`, as `stage_counters` is (2026_11_24_1100): in the statement that writes a
 * flow, a contract or a stage value, whichever code writes it. SQLite: row-level triggers. PostgreSQL:
 * statement-level triggers over the transition tables, one upsert per statement summed per contract in
 * contract order, so two statements never take the same rows in opposite order. Two clerks writing the
 * same contract's vehicles wait on its one row; clerks on different contracts never meet.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const STAGES = ['drawback', 'archive', 'freight'] as const;
const TRIGGERS = ['vehicles_order_filing_insert', 'vehicles_order_filing_update', 'vehicles_order_filing_delete'];

const lacking = (row: string) => STAGES.map((stage) => `(case when ${row}.${stage} < 2 then 1 else 0 end)`);

const createTable = async (db: Kysely<unknown>) => {
  await db.schema
    .createTable('order_filing')
    .addColumn('order_id', 'integer', (col) => col.primaryKey())
    .addColumn('vehicles', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lacking_drawback', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lacking_archive', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lacking_freight', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // The listed contracts with what the filters ask, newest first: page, filters and count read it alone.
  await sql`create index order_filing_listed_index on order_filing (order_id, lacking_drawback, lacking_archive, lacking_freight) where vehicles > ${sql.lit(0)}`.execute(
    db,
  );
};

const fill = async (db: Kysely<unknown>) => {
  await sql
    .raw(
      `insert into order_filing (order_id, vehicles, lacking_drawback, lacking_archive, lacking_freight)
       select v.order_id, count(*), ${lacking('v')
         .map((one) => `sum${one}`)
         .join(', ')}
       from vehicles v where v.flow = 'filing' and v.order_id is not null group by v.order_id`,
    )
    .execute(db);
};

// ---- SQLite: row-level triggers ----

const filing = (row: 'new' | 'old') => `${row}.flow = 'filing' and ${row}.order_id is not null`;

const sqliteAdd = (row: 'new' | 'old', sign: '+' | '-') => {
  const sets = STAGES.map((stage, i) => `lacking_${stage} = lacking_${stage} ${sign} ${lacking(row)[i]}`);
  return `update order_filing set vehicles = vehicles ${sign} 1, ${sets.join(', ')} where order_id = ${row}.order_id and ${filing(row)};`;
};

const sqliteEnsure = `insert or ignore into order_filing (order_id) select new.order_id where ${filing('new')};`;

const sqliteTriggers = async (db: Kysely<unknown>) => {
  const statements = [
    `create trigger vehicles_order_filing_insert after insert on vehicles when ${filing('new')} begin ${sqliteEnsure} ${sqliteAdd('new', '+')} end`,
    `create trigger vehicles_order_filing_delete after delete on vehicles when ${filing('old')} begin ${sqliteAdd('old', '-')} end`,
    `create trigger vehicles_order_filing_update after update of flow, order_id, drawback, archive, freight on vehicles
     when (${filing('old')}) or (${filing('new')})
     begin ${sqliteAdd('old', '-')} ${sqliteEnsure} ${sqliteAdd('new', '+')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
};

// ---- PostgreSQL: statement-level triggers ----

type Operation = 'insert' | 'update' | 'delete';

const postgresTriggers = async (db: Kysely<unknown>) => {
  for (const operation of ['insert', 'update', 'delete'] as const satisfies readonly Operation[]) {
    const side = (sign: 1 | -1, table: string, alias: string) =>
      `select ${sign} as sign, ${alias}.order_id, ${lacking(alias)
        .map((one, i) => `${one} as ${STAGES[i]}`)
        .join(', ')} from ${table} ${alias} where ${alias}.flow = 'filing' and ${alias}.order_id is not null`;
    const signed = [
      ...(operation === 'delete' ? [] : [side(1, 'new_rows', 'n')]),
      ...(operation === 'insert' ? [] : [side(-1, 'old_rows', 'o')]),
    ].join(' union all ');
    const sums = ['sum(r.sign)', ...STAGES.map((stage) => `sum(r.sign * r.${stage})`)];
    const fn = `vehicles_order_filing_${operation}`;
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $body$
begin
  insert into order_filing (order_id, vehicles, lacking_drawback, lacking_archive, lacking_freight)
  select r.order_id, ${sums.join(', ')}
  from (${signed}) r
  group by r.order_id
  having ${sums.map((sum) => `${sum} <> 0`).join(' or ')}
  order by r.order_id
  on conflict (order_id) do update set
    vehicles = order_filing.vehicles + excluded.vehicles,
    ${STAGES.map((stage) => `lacking_${stage} = order_filing.lacking_${stage} + excluded.lacking_${stage}`).join(',\n    ')};
  return null;
end
$body$`,
      )
      .execute(db);
    const transitions =
      operation === 'insert'
        ? 'new table as new_rows'
        : operation === 'delete'
          ? 'old table as old_rows'
          : 'old table as old_rows new table as new_rows';
    await sql
      .raw(
        `create trigger ${fn} after ${operation} on vehicles referencing ${transitions} for each statement execute function ${fn}()`,
      )
      .execute(db);
  }
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db);
  await fill(db);
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of TRIGGERS) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${name} on vehicles`).execute(db);
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('order_filing').execute();
}
