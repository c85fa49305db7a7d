import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900).
 *
 * How many vehicles are in each flow, kept in `stage_counters` as `flow.<flow>` beside the figures of
 * 2026_11_24_1100 and in the same way (one shard on SQLite; 16 on PostgreSQL, a transaction adding to
 * its connection's row; statement-level triggers over the transition tables there). The yard's and the
 * registry's unfiltered lists show every vehicle handed to them, about 450,000 of 500,000 at a company:
 * their totals are these counters summed (0.1 ms), not a count of the flow index (36 ms on SQLite, on
 * every page). The flows are written out here, not imported: a frozen migration keeps its own list.
 */

const FLOWS = ['purchase', 'pickup', 'registry', 'release', 'filing'] as const;
const SHARDS = 16;
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const TRIGGERS = ['vehicles_flow_counters_insert', 'vehicles_flow_counters_update', 'vehicles_flow_counters_delete'];

const fill = async (db: Kysely<unknown>) => {
  const { rows } = await sql<{
    flow: string;
    n: number | string;
  }>`select flow, count(*) as n from vehicles where flow is not null group by flow`.execute(db);
  const counted = new Map(rows.map((row) => [row.flow, Number(row.n)]));
  const shards = isPostgres(db) ? SHARDS : 1;
  const seeded = FLOWS.flatMap((flow) =>
    Array.from({ length: shards }, (_, shard) => ({
      name: `flow.${flow}`,
      shard,
      count: shard === 0 ? (counted.get(flow) ?? 0) : 0,
    })),
  );
  await db
    .insertInto('stage_counters' as never)
    .values(seeded as never)
    .execute();
};

const add = (sign: '+' | '-', row: 'new' | 'old') =>
  `update stage_counters set count = count ${sign} 1 where name = 'flow.' || ${row}.flow;`;

const sqliteTriggers = async (db: Kysely<unknown>) => {
  const statements = [
    `create trigger vehicles_flow_counters_insert after insert on vehicles when new.flow is not null begin ${add('+', 'new')} end`,
    `create trigger vehicles_flow_counters_delete after delete on vehicles when old.flow is not null begin ${add('-', 'old')} end`,
    // A null flow makes `'flow.' || flow` null: that side's update matches no row.
    `create trigger vehicles_flow_counters_update after update of flow on vehicles when old.flow is not new.flow begin ${add('-', 'old')} ${add('+', 'new')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
};

type Operation = 'insert' | 'update' | 'delete';

const postgresTriggers = async (db: Kysely<unknown>) => {
  for (const operation of ['insert', 'update', 'delete'] as const satisfies readonly Operation[]) {
    const signed = [
      ...(operation === 'delete' ? [] : ['select 1 as sign, n.flow from new_rows n']),
      ...(operation === 'insert' ? [] : ['select -1 as sign, o.flow from old_rows o']),
    ].join(' union all ');
    const fn = `vehicles_flow_counters_${operation}`;
    // Sums per flow in flow order, so two statements never take the same counter rows in opposite order.
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $body$
declare
  changed record;
begin
  for changed in
    select 'flow.' || r.flow as name, sum(r.sign) as delta
    from (${signed}) r
    where r.flow is not null
    group by r.flow
    having sum(r.sign) <> 0
    order by r.flow
  loop
    update stage_counters set count = count + changed.delta
    where name = changed.name and shard = pg_backend_pid() % ${SHARDS};
  end loop;
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
  await db
    .deleteFrom('stage_counters' as never)
    .where(sql.ref('name'), 'like', 'flow.%')
    .execute();
}
