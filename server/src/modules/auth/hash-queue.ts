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
 *   that the request is refused at once with 429 服务器繁忙 instead of piling up.
 */
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
  private readonly lines = new Map<string, Array<() => void>>();
  /** Per address holding hashes: the number of the last hash it started (`computed` at the time). */
  private readonly lastStarted = new Map<string, number>();
  private readonly runningPerAddress: number;

  constructor(readonly limits: PasswordHashQueueConfig) {
    this.runningPerAddress = Math.max(1, Math.floor(limits.concurrency / 2));
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
    return this.canStart(address) || this.waiting < this.limits.maxWaiting;
  }

  /** Runs `task` (one hash) when its turn comes; rejects with 429 服务器繁忙 when there is no room. */
  run<T>(address: string, task: () => Promise<T>): Promise<T> {
    if (!this.hasRoom(address)) return Promise.reject(tooManyRequests(sessionMessages.busy));
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
      const line = this.lines.get(address);
      if (line) line.push(start);
      else this.lines.set(address, [start]);
    });
  }

  /** Fills free slots, each with the oldest hash of the waiting address served least recently. */
  private startNext() {
    while (this.running < this.limits.concurrency) {
      let chosen: string | undefined;
      for (const address of this.lines.keys()) {
        if (!this.canStart(address)) continue;
        if (chosen === undefined || (this.lastStarted.get(address) ?? 0) < (this.lastStarted.get(chosen) ?? 0)) {
          chosen = address;
        }
      }
      if (chosen === undefined) return;
      const line = this.lines.get(chosen) ?? [];
      const start = line.shift();
      if (line.length === 0) this.lines.delete(chosen);
      if (!start) continue;
      this.waiting -= 1;
      start();
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
