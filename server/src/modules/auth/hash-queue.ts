import { sessionMessages } from '../../../../contract/auth';
import type { AppContext } from '../../app-context';
import type { PasswordHashQueueConfig } from '../../config';
import { tooManyRequests } from '../../http-errors';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';

/**
 * Every password hash of the server waits here for its turn. A scrypt at production cost holds one of
 * the four threads of Node's libuv pool (which file reads and writes share), a core and 128 MiB for
 * about 0.4 s: run unbounded, 64 logins at once took the whole pool and half a gigabyte, and a download
 * waited 13 s behind them. So:
 * - only `concurrency` hashes run at once, fewer than the pool's threads, so file work always finds one;
 * - one address runs at most half of them (at least one): a flood from one address leaves the other
 *   slots to everyone else, and a login from another address starts without waiting for the flood;
 *   while such a login runs, an address with several hashes (a flood) starts no new one;
 * - a free slot goes to the waiting address that started a hash least recently (one that never did
 *   first), so a login from a new address is next however many hashes a flood has waiting;
 * - at most `maxWaiting` wait, and one address holds at most `perAddress`, waiting or running; beyond
 *   that the request is refused at once with 429 服务器繁忙 instead of piling up;
 * - an address's standing orders all of the above (issue 20, point 4): a flood from 200 addresses kept
 *   the line full, so a clerk's login found no room and got 429. Addresses whose logins succeeded lately
 *   come first, addresses never seen next, addresses whose recent logins have only failed last: a free
 *   slot goes to the best standing (then the least recently served), and a full line makes room for a
 *   better standing by refusing the newest hash of the worst one waiting.
 */
/** Who an address has been lately; lower is served first. */
export const Standing = { trusted: 0, unknown: 1, failing: 2 } as const;
export type Standing = (typeof Standing)[keyof typeof Standing];

/** A success keeps an address trusted this long: a clerk's PC logs in once a working day. */
const TRUSTED_MS = 24 * 60 * 60 * 1000;
/** A failure marks an address this long. */
const FAILING_MS = 15 * 60 * 1000;
/** Failures since its last success that make a trusted address an ordinary one again. */
const FAILURES_TO_LOSE_TRUST = 5;
/** Addresses remembered, the least recently heard of forgotten first (memory stays bounded). */
const REMEMBERED = 10_000;

interface Outcomes {
  succeededAt: number | null;
  failedAt: number | null;
  failuresSinceSuccess: number;
}

interface Waiting {
  /** Its place in the order of arrival. */
  queued: number;
  start: () => void;
  refuse: () => void;
}

export class HashQueue {
  /** Hashes started since the queue was made: what tests count, and what a monitor could read. */
  computed = 0;
  private running = 0;
  private waiting = 0;
  /** Per address: hashes waiting or running. */
  private readonly held = new Map<string, number>();
  /** Per address: hashes running. */
  private readonly active = new Map<string, number>();
  /** Per address: the hashes waiting to start, oldest first. */
  private readonly lines = new Map<string, Waiting[]>();
  /** Per address: how its recent logins went. */
  private readonly outcomes = new Map<string, Outcomes>();
  /** Per address holding hashes: the number of the last hash it started (`computed` at the time). */
  private readonly lastStarted = new Map<string, number>();
  private readonly runningPerAddress: number;
  /** Hashes queued since the queue was made: the arrival order of waiting ones. */
  private queued = 0;

  constructor(
    readonly limits: PasswordHashQueueConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.runningPerAddress = Math.max(1, Math.floor(limits.concurrency / 2));
  }

  /** A login from `address` was checked: `ok` when its password matched. */
  recordOutcome(address: string, ok: boolean): void {
    const at = this.now();
    const known = this.outcomes.get(address) ?? { succeededAt: null, failedAt: null, failuresSinceSuccess: 0 };
    const next: Outcomes = ok
      ? { succeededAt: at, failedAt: known.failedAt, failuresSinceSuccess: 0 }
      : { ...known, failedAt: at, failuresSinceSuccess: known.failuresSinceSuccess + 1 };
    // Re-inserted, so that the map's order is the order addresses were last heard of.
    this.outcomes.delete(address);
    this.outcomes.set(address, next);
    if (this.outcomes.size > REMEMBERED) {
      const oldest = this.outcomes.keys().next().value;
      if (oldest !== undefined) this.outcomes.delete(oldest);
    }
  }

  standingOf(address: string): Standing {
    const known = this.outcomes.get(address);
    if (!known) return Standing.unknown;
    const at = this.now();
    const trusted = known.succeededAt !== null && at - known.succeededAt < TRUSTED_MS;
    if (trusted && known.failuresSinceSuccess < FAILURES_TO_LOSE_TRUST) return Standing.trusted;
    const failing = known.failedAt !== null && at - known.failedAt < FAILING_MS;
    return failing && !trusted ? Standing.failing : Standing.unknown;
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  private canStart(address: string): boolean {
    const active = this.active.get(address) ?? 0;
    if (this.running >= this.limits.concurrency || active >= this.runningPerAddress) return false;
    // An address with more hashes than the one it would start (a burst) starts it only while no other
    // address's hash runs: the CPU then goes to the one-off login, not to the flood beside it.
    return (this.held.get(address) ?? 0) <= 1 || this.running === active;
  }

  /** Whether a hash for `address` would be taken now: a cheap check before any other work of a login. */
  hasRoom(address: string): boolean {
    if ((this.held.get(address) ?? 0) >= this.limits.perAddress) return false;
    if (this.canStart(address) || this.waiting < this.limits.maxWaiting) return true;
    return this.displaceable(this.standingOf(address)) !== undefined;
  }

  /**
   * The waiting address whose newest hash would give way to one of `standing`: the worst standing worse
   * than it, and among equals the one that queued last (the flood's latest, not a hash waiting long).
   */
  private displaceable(standing: Standing): string | undefined {
    let chosen: string | undefined;
    let chosenStanding: Standing = standing;
    let chosenQueued = -1;
    for (const [address, line] of this.lines) {
      const other = this.standingOf(address);
      const queued = line.at(-1)?.queued ?? -1;
      if (other > chosenStanding || (other === chosenStanding && chosen !== undefined && queued > chosenQueued)) {
        chosen = address;
        chosenStanding = other;
        chosenQueued = queued;
      }
    }
    return chosen;
  }

  /** Refuses the newest waiting hash of `address` (429), making room in the line. */
  private refuseNewest(address: string) {
    const line = this.lines.get(address);
    const newest = line?.pop();
    if (!line || !newest) return;
    if (line.length === 0) this.lines.delete(address);
    this.waiting -= 1;
    decrement(this.held, address);
    if (!this.held.has(address)) this.lastStarted.delete(address);
    newest.refuse();
  }

  /** Runs `task` (one hash) when its turn comes; rejects with 429 服务器繁忙 when there is no room. */
  run<T>(address: string, task: () => Promise<T>): Promise<T> {
    if (!this.hasRoom(address)) return Promise.reject(tooManyRequests(sessionMessages.busy));
    if (!this.canStart(address) && this.waiting >= this.limits.maxWaiting) {
      const giving = this.displaceable(this.standingOf(address));
      if (giving !== undefined) this.refuseNewest(giving);
    }
    this.held.set(address, (this.held.get(address) ?? 0) + 1);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        this.active.set(address, (this.active.get(address) ?? 0) + 1);
        this.computed += 1;
        this.lastStarted.set(address, this.computed);
        // `task` may throw before returning its promise: count that as its end too.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            decrement(this.active, address);
            decrement(this.held, address);
            if (!this.held.has(address)) this.lastStarted.delete(address);
            this.startNext();
          });
      };
      if (this.canStart(address)) {
        start();
        return;
      }
      this.waiting += 1;
      this.queued += 1;
      const entry: Waiting = {
        queued: this.queued,
        start,
        refuse: () => reject(tooManyRequests(sessionMessages.busy)),
      };
      const line = this.lines.get(address);
      if (line) line.push(entry);
      else this.lines.set(address, [entry]);
    });
  }

  /**
   * Fills free slots, each with the oldest hash of the waiting address of the best standing, and among
   * equals the one served least recently.
   */
  private startNext() {
    while (this.running < this.limits.concurrency) {
      let chosen: string | undefined;
      let chosenStanding: Standing = Standing.failing;
      for (const address of this.lines.keys()) {
        if (!this.canStart(address)) continue;
        const standing = this.standingOf(address);
        const better =
          chosen === undefined ||
          standing < chosenStanding ||
          (standing === chosenStanding && (this.lastStarted.get(address) ?? 0) < (this.lastStarted.get(chosen) ?? 0));
        if (better) {
          chosen = address;
          chosenStanding = standing;
        }
      }
      if (chosen === undefined) return;
      const line = this.lines.get(chosen) ?? [];
      const next = line.shift();
      if (line.length === 0) this.lines.delete(chosen);
      if (!next) continue;
      this.waiting -= 1;
      next.start();
    }
  }
}

const decrement = (counts: Map<string, number>, address: string) => {
  const count = (counts.get(address) ?? 1) - 1;
  if (count > 0) counts.set(address, count);
  else counts.delete(address);
};

/** One queue per running server (its context), made at its first hash. */
const queues = new WeakMap<AppContext, HashQueue>();

export const hashQueueOf = (ctx: AppContext): HashQueue => {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new HashQueue(ctx.config.passwordHashQueue);
    queues.set(ctx, queue);
  }
  return queue;
};

/** The address a hash is queued under: the client's, or one shared bucket when it is unknown. */
const addressOf = (ip: string | null) => ip ?? 'unknown';

/** hashPassword through the queue. */
export const queuedHash = (ctx: AppContext, ip: string | null, password: string): Promise<string> =>
  hashQueueOf(ctx).run(addressOf(ip), () => hashPassword(password, ctx.config.passwordHashCost));

/** verifyPassword through the queue. */
export const queuedVerify = (ctx: AppContext, ip: string | null, password: string, stored: string) =>
  hashQueueOf(ctx).run(addressOf(ip), () => verifyPassword(password, stored));

/** verifyAgainstDecoy (an unknown account) through the queue: it costs what a real check costs. */
export const queuedDecoy = (ctx: AppContext, ip: string | null, password: string) =>
  hashQueueOf(ctx).run(addressOf(ip), () => verifyAgainstDecoy(password, ctx.config.passwordHashCost));
