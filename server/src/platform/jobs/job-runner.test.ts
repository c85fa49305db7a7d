import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { buildSecondServer } from '../../../../tests/helpers/second-server';
import { testDbKind } from '../../../../tests/helpers/test-database';
import { createDatabase, type Db } from '../../db/database';
import { createJobRunner, type Job, type JobRunner } from './job-runner';

/**
 * Timed work runs on one server at a time: a due job runs once, not again before its interval, and a
 * job that throws is logged and tried again at its next turn. Two runners (two server instances) on
 * one database count each run once; on PostgreSQL they ask at the same moment over their own pools.
 */

const HOUR = 3600_000;
const start = new Date('2026-11-27T08:00:00.000Z');

let t: TestApp;
let clock: Date;
let warnings: string[];
const runners: JobRunner[] = [];
const extraDbs: Db[] = [];

const runnerOn = (db: Db, holder: string) => {
  const runner = createJobRunner({
    db,
    holder,
    now: () => clock,
    log: { warn: (details, message) => warnings.push(`${message} ${JSON.stringify(details)}`) },
  });
  runners.push(runner);
  return runner;
};

/** A job that counts its runs, taking a little time so that runs of two instances would overlap. */
const counting = (name: string, counter: { runs: number }, intervalMs = HOUR): Job => ({
  name,
  intervalMs,
  run: async () => {
    counter.runs += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  },
});

const leaseRow = (name: string) =>
  t.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

beforeEach(async () => {
  t = await buildTestApp();
  clock = start;
  warnings = [];
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await Promise.all(extraDbs.splice(0).map((db) => db.destroy()));
  await t.close();
});

describe('the job runner', () => {
  it('runs a due job once, not again before its interval, and again once the interval has passed', async () => {
    const counter = { runs: 0 };
    const runner = runnerOn(t.db, 'server-a');
    runner.add(counting('test.counting', counter));

    expect(await runner.runDue()).toEqual(['test.counting']);
    expect(await runner.runDue()).toEqual([]);
    clock = new Date(start.getTime() + 30 * 60_000);
    expect(await runner.runDue()).toEqual([]);
    expect(counter.runs).toBe(1);

    clock = new Date(start.getTime() + HOUR);
    expect(await runner.runDue()).toEqual(['test.counting']);
    expect(counter.runs).toBe(2);
    expect(await leaseRow('test.counting')).toMatchObject({
      holder: 'server-a',
      lease_until: null,
      last_started_at: clock.toISOString(),
      last_result: 'ok',
    });
  });

  it('logs a job that throws in one line, records the failure, and runs it again at its next turn', async () => {
    let attempts = 0;
    const runner = runnerOn(t.db, 'server-a');
    runner.add({
      name: 'test.flaky',
      intervalMs: HOUR,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('disk full');
      },
    });

    expect(await runner.runDue()).toEqual(['test.flaky']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('job failed');
    expect(warnings[0]).toContain('test.flaky');
    expect(warnings[0]).toContain('disk full');
    expect(warnings[0]).not.toContain('\n');
    expect(await leaseRow('test.flaky')).toMatchObject({ lease_until: null, last_result: 'disk full' });

    clock = new Date(start.getTime() + HOUR);
    expect(await runner.runDue()).toEqual(['test.flaky']);
    expect(attempts).toBe(2);
    expect(await leaseRow('test.flaky')).toMatchObject({ last_result: 'ok' });
  });

  it('leaves a job whose lease another instance holds, and takes over a lease that ran out', async () => {
    const counter = { runs: 0 };
    const runner = runnerOn(t.db, 'server-b');
    runner.add(counting('test.held', counter));
    await t.db
      .insertInto('job_leases')
      .values({
        name: 'test.held',
        holder: 'server-a',
        lease_until: new Date(start.getTime() + 10 * 60_000).toISOString(),
        last_started_at: new Date(start.getTime() - 2 * HOUR).toISOString(),
      })
      .execute();

    expect(await runner.runDue()).toEqual([]);
    // server-a stopped in the middle of its run: once its lease is over, the job is free again.
    clock = new Date(start.getTime() + 10 * 60_000);
    expect(await runner.runDue()).toEqual(['test.held']);
    expect(counter.runs).toBe(1);
    expect((await leaseRow('test.held')).holder).toBe('server-b');
  });

  it('two runners with different holders on one database count each run once', async () => {
    const counter = { runs: 0 };
    // PostgreSQL: the second instance has its own pool, so both really ask at the same moment.
    const secondDb = testDbKind() === 'postgres' ? createDatabase(t.config.database) : t.db;
    if (secondDb !== t.db) extraDbs.push(secondDb);
    const first = runnerOn(t.db, 'server-a');
    const second = runnerOn(secondDb, 'server-b');
    first.add(counting('test.shared', counter));
    second.add(counting('test.shared', counter));

    const ran: string[][] = [];
    for (let hour = 0; hour < 5; hour += 1) {
      clock = new Date(start.getTime() + hour * HOUR);
      // Each instance asks twice within the hour, all at once.
      ran.push(...(await Promise.all([first.runDue(), second.runDue(), second.runDue(), first.runDue()])));
    }
    expect(counter.runs).toBe(5);
    expect(ran.flat()).toHaveLength(5);
  });
});

describe.skipIf(testDbKind() === 'sqlite')('two servers on one PostgreSQL database', () => {
  let second: FastifyInstance | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  it('run each due job once between them, and their own jobs (the sweeps) each hold one lease row', async () => {
    second = await buildSecondServer(t);
    const counter = { runs: 0 };
    t.app.ctx.jobs.add(counting('test.office', counter));
    second.ctx.jobs.add(counting('test.office', counter));
    expect(t.app.ctx.jobs.holder).not.toBe(second.ctx.jobs.holder);

    const answers = await Promise.all([
      t.app.ctx.jobs.runDue(),
      second.ctx.jobs.runDue(),
      t.app.ctx.jobs.runDue(),
      second.ctx.jobs.runDue(),
    ]);
    expect(counter.runs).toBe(1);
    expect(answers.flat().filter((name) => name === 'test.office')).toHaveLength(1);
    const names = (await t.db.selectFrom('job_leases').select('name').orderBy('name').execute()).map((row) => row.name);
    expect(names).toEqual([
      'backup.daily',
      'profit.refresh',
      'storage.sweep-exports',
      'storage.sweep-staging',
      'test.office',
    ]);
  });
});
