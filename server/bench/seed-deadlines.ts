/**
 * Deadlines on the bench's rows (issue 25). The migration already started the clocks of the vehicles and
 * contracts under way from their records (2026_11_27_1400); a hand-over's start is not on a vehicle row,
 * so it gave the yard, registry and release clocks the seeding day. Here they are spread over the last
 * 60 days as a company's would be (about half of them late), and the registry clocks of the registered
 * cars are kept closed, as years of work leave them: the list reads only the open rows among many.
 */
import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import { isPostgres } from '../src/db/text-search';

/** The rules' default days (the migration's seed) of the clocks started on a hand-over. */
const HAND_OVER_RULES = { entry: 7, registry: 15, release: 15 } as const;

export const writeDeadlines = async (db: Db, today: string): Promise<Record<string, number>> => {
  const postgres = isPostgres(db);
  const daysBefore = postgres
    ? sql<string>`to_char(${today}::date - ((id * 7919) % 60)::integer, 'YYYY-MM-DD')`
    : sql<string>`date(${today}, '-' || ((id * 7919) % 60) || ' days')`;
  let spread = 0;
  for (const [key, days] of Object.entries(HAND_OVER_RULES)) {
    const due = postgres
      ? sql<string>`to_char(started_on::date + ${days}::integer, 'YYYY-MM-DD')`
      : sql<string>`date(started_on, ${`+${days} days`})`;
    const moved = await sql`update deadlines set started_on = ${daysBefore}
      where key = ${key} and closed_on is null and started_on = ${today}`.execute(db);
    await sql`update deadlines set due_on = ${due} where key = ${key} and closed_on is null`.execute(db);
    spread += Number(moved.numAffectedRows ?? 0);
  }
  const closed = await sql`insert into deadlines (vehicle_id, order_id, key, started_on, due_on, closed_on)
    select id, order_id, 'registry', substr(created_at, 1, 10), substr(created_at, 1, 10), substr(created_at, 1, 10)
    from vehicles where plate = 2 or transfer = 2`.execute(db);
  const open = await sql<{ n: number | string }>`select count(*) as n from deadlines where closed_on is null`.execute(
    db,
  );
  const late = await sql<{ n: number | string }>`select count(*) as n from deadlines
    where closed_on is null and due_on < ${today}`.execute(db);
  return {
    'hand-over clocks spread': spread,
    'closed registry clocks': Number(closed.numAffectedRows ?? 0),
    open: Number(open.rows[0]?.n ?? 0),
    overdue: Number(late.rows[0]?.n ?? 0),
  };
};
