import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDialect } from './dialect';

/**
 * The SQLite connection keeps its prepared statements (dialect.ts). A kept statement must answer
 * exactly what a fresh one would: with other parameters, after a write, after the schema changed
 * (a migration), and after more query shapes than it keeps.
 */
describe('SQLite prepared statements kept for reuse', () => {
  let dir: string;
  let db: Kysely<Record<string, Record<string, unknown>>>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'statement-cache-'));
    db = new Kysely({ dialect: createDialect({ kind: 'sqlite', file: join(dir, 'app.db') }) });
    await sql`create table cars (id integer primary key, vin text not null)`.execute(db);
    for (const vin of ['A1', 'B2', 'C3']) await sql`insert into cars (vin) values (${vin})`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const vinsAbove = async (id: number) =>
    (await sql<{ vin: string }>`select vin from cars where id > ${id} order by id`.execute(db)).rows.map(
      (row) => row.vin,
    );

  it('answers each run with its own parameters and the rows written since', async () => {
    expect(await vinsAbove(0)).toEqual(['A1', 'B2', 'C3']);
    expect(await vinsAbove(2)).toEqual(['C3']);
    await sql`insert into cars (vin) values (${'D4'})`.execute(db);
    expect(await vinsAbove(2)).toEqual(['C3', 'D4']);
  });

  it('reads the new columns after the table changed', async () => {
    const everything = () => sql<Record<string, unknown>>`select * from cars where id = ${1}`.execute(db);
    expect((await everything()).rows).toEqual([{ id: 1, vin: 'A1' }]);
    await sql`alter table cars add column model text not null default 'X5'`.execute(db);
    expect((await everything()).rows).toEqual([{ id: 1, vin: 'A1', model: 'X5' }]);
  });

  it('still answers every shape after more shapes than it keeps (1,000)', async () => {
    for (let shape = 0; shape < 1_100; shape += 1) {
      const { rows } = await sql<{ n: number }>`select count(*) + ${sql.lit(shape)} as n from cars`.execute(db);
      expect(rows[0]?.n).toBe(3 + shape);
    }
    expect(await vinsAbove(1)).toEqual(['B2', 'C3']);
  });
});
