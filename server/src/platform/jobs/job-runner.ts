import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/database';

/**
 * One runner for timed work (issue 22): each job runs on one server instance at a time, however many
 * share the database. A job's row in `job_leases` is taken with one conditional UPDATE: free (no lease,
 * or one that ran out) and due (last started an interval ago). Two instances asking at once both reach
 * the UPDATE; the database lets one change the row, and the other finds the condition false (PostgreSQL
 * re-checks it on the row the first one wrote). So each due run happens once across the office.
 *
 * A job that throws is logged (one line: its name and message) and runs again at its next turn. Timers
 * are unref'd (they never keep a process alive) and stop with the app (app.ts).
 */

export interface Job {
  /** The row's key, unique per job: `storage.sweep-exports`, `db.statistics`. */
  name: string;
  intervalMs: number;
  /** Run when the runner starts too (if due), not only an interval later. */
  runAtStart?: boolean;
  /** How long a run may hold the job before another instance may take it over; default: the interval. */
  leaseMs?: number;
  run(): Promise<unknown>;
}

export interface JobLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  log: JobLog;
  /** This instance's name in the lease rows; default: host, process id and a random part. */
  holder?: string;
  now?: () => Date;
}

export interface JobRunner {
  readonly holder: string;
  /** Adds a job; if the runner has started, its timer starts now. */
  add(job: Job): void;
  /**
   * Starts every job's timer and the runs at start; answers once those runs have their leases (or were
   * found not due), not when their work is done: a large folder to sweep never delays the start.
   */
  start(): Promise<void>;
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
  /** Runs every due job once, here and now (tests, and a manual kick); answers the names that ran. */
  runDue(): Promise<string[]>;
}

const RESULT_MAX = 500;

/** How early a run counts as due: timers of two instances, or one's own, never fire exactly an interval apart. */
const slackOf = (job: Job) => job.intervalMs / 10;

/** A turn of a job: whether this instance took the lease, and whether the job ran to its end here. */
interface Turn {
  claimed: Promise<boolean>;
  done: Promise<boolean>;
}

const SKIPPED: Turn = { claimed: Promise.resolve(false), done: Promise.resolve(false) };

interface Scheduled {
  job: Job;
  timer: NodeJS.Timeout | null;
  running: Turn | null;
  /** When this instance last started the job (null: never). */
  ownStart: string | null;
}

export const createJobRunner = (options: JobRunnerOptions): JobRunner => {
  const { db, log } = options;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const now = options.now ?? (() => new Date());
  const scheduled = new Map<string, Scheduled>();
  let started = false;

  /**
   * Takes the job's lease if it is free and due. `byOwnTimer`: this instance's timer fired an interval
   * after its own last run, which is due whatever the clocks say (the one who ran it last keeps its
   * rhythm); the others still see the clock's rule.
   */
  const claim = async (entry: Scheduled, at: Date, byOwnTimer: boolean): Promise<boolean> => {
    const { job } = entry;
    const atIso = at.toISOString();
    const dueBefore = new Date(at.getTime() - job.intervalMs + slackOf(job)).toISOString();
    await db
      .insertInto('job_leases')
      .values({ name: job.name })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const result = await db
      .updateTable('job_leases')
      .set({
        holder,
        lease_until: new Date(at.getTime() + (job.leaseMs ?? job.intervalMs)).toISOString(),
        last_started_at: atIso,
      })
      .where('name', '=', job.name)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', atIso)]))
      .where((eb) => {
        const due = [eb('last_started_at', 'is', null), eb('last_started_at', '<=', dueBefore)];
        if (byOwnTimer && entry.ownStart !== null) {
          due.push(eb.and([eb('holder', '=', holder), eb('last_started_at', '=', entry.ownStart)]));
        }
        return eb.or(due);
      })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  const release = async (job: Job, startedAt: string, outcome: string) => {
    await db
      .updateTable('job_leases')
      .set({ lease_until: null, last_finished_at: now().toISOString(), last_result: outcome.slice(0, RESULT_MAX) })
      .where('name', '=', job.name)
      .where('holder', '=', holder)
      .where('last_started_at', '=', startedAt)
      .execute();
  };

  /** One attempt: whether the job ran here. Never throws: failures are logged. */
  const attempt = async (entry: Scheduled, byOwnTimer: boolean, claimed: (taken: boolean) => void) => {
    const { job } = entry;
    const at = now();
    let taken = false;
    try {
      taken = await claim(entry, at, byOwnTimer);
    } catch (error) {
      log.warn({ job: job.name, error: (error as Error).message }, 'job lease failed');
    }
    claimed(taken);
    if (!taken) return false;
    const startedAt = at.toISOString();
    entry.ownStart = startedAt;
    let outcome = 'ok';
    try {
      await job.run();
    } catch (error) {
      outcome = (error as Error)?.message || String(error);
      log.warn({ job: job.name, error: outcome }, 'job failed');
    }
    try {
      await release(job, startedAt, outcome);
    } catch (error) {
      log.warn({ job: job.name, error: (error as Error).message }, 'job release failed');
    }
    return true;
  };

  /** A turn of the job; skipped while its previous run is still going here. */
  const turn = (entry: Scheduled, byOwnTimer: boolean): Turn => {
    if (entry.running) return SKIPPED;
    let claimed: (taken: boolean) => void = () => undefined;
    const running: Turn = {
      claimed: new Promise<boolean>((resolve) => {
        claimed = resolve;
      }),
      done: attempt(entry, byOwnTimer, (taken) => claimed(taken)).finally(() => {
        entry.running = null;
      }),
    };
    entry.running = running;
    return running;
  };

  /** Starts the job's timer; answers its run at start's lease (false when it has none). */
  const schedule = (entry: Scheduled): Promise<boolean> => {
    // unref: the timer alone never keeps a process (a test, a CLI) alive; stop() clears it.
    entry.timer = setInterval(() => void turn(entry, true), entry.job.intervalMs).unref();
    return entry.job.runAtStart ? turn(entry, false).claimed : Promise.resolve(false);
  };

  return {
    holder,
    add(job) {
      if (scheduled.has(job.name)) throw new Error(`jobs: ${job.name} is already added`);
      const entry: Scheduled = { job, timer: null, running: null, ownStart: null };
      scheduled.set(job.name, entry);
      if (started) void schedule(entry);
    },
    async start() {
      if (started) return;
      started = true;
      await Promise.all([...scheduled.values()].map(schedule));
    },
    async stop() {
      started = false;
      for (const entry of scheduled.values()) {
        if (entry.timer) clearInterval(entry.timer);
        entry.timer = null;
      }
      await Promise.all([...scheduled.values()].map((entry) => entry.running?.done));
    },
    async runDue() {
      const ran: string[] = [];
      for (const entry of scheduled.values()) {
        if (await turn(entry, false).done) ran.push(entry.job.name);
      }
      return ran;
    },
  };
};
