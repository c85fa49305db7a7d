import { sessionMessages } from '../../../../contract/session';
import type { AppContext } from '../../app-context';
import type { PasswordHashQueueConfig } from '../../config';
import { tooManyRequests } from '../../http-errors';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';

/**
 * Every password hash of the server waits here for its turn. A scrypt at production cost holds one of
 * the four threads of Node's libuv pool (which file reads and writes share) and 128 MiB for about
 * 0.4 s: run unbounded, 64 logins at once took the whole pool and half a gigabyte, and a download
 * waited 13 s behind them. So only `concurrency` hashes run at once (fewer than the pool's threads, so
 * file work always finds a thread), at most `maxWaiting` wait, and one address may hold at most
 * `perAddress` of them, waiting or running. Waiting hashes are served round-robin by address, so a
 * flood from one address does not keep a login from another waiting behind it. When there is no room
 * the request is refused at once with 429 服务器繁忙 instead of piling up.
 */
export class HashQueue {
  /** Hashes started since the queue was made: what tests count, and what a monitor could read. */
  computed = 0;
  private running = 0;
  private waiting = 0;
  /** Per address: hashes waiting or running. */
  private readonly held = new Map<string, number>();
  /** Per address, in turn order (a Map keeps insertion order): the hashes waiting to start. */
  private readonly lines = new Map<string, Array<() => void>>();

  constructor(readonly limits: PasswordHashQueueConfig) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  /** Runs `task` (one hash) when its turn comes; rejects with 429 服务器繁忙 when there is no room. */
  run<T>(address: string, task: () => Promise<T>): Promise<T> {
    const held = this.held.get(address) ?? 0;
    const mustWait = this.running >= this.limits.concurrency;
    if (held >= this.limits.perAddress || (mustWait && this.waiting >= this.limits.maxWaiting)) {
      return Promise.reject(tooManyRequests(sessionMessages.busy));
    }
    this.held.set(address, held + 1);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        this.computed += 1;
        // `task` may throw before returning its promise: count that as its end too.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.release(address);
            this.startNext();
          });
      };
      if (!mustWait) {
        start();
        return;
      }
      this.waiting += 1;
      const line = this.lines.get(address);
      if (line) line.push(start);
      else this.lines.set(address, [start]);
    });
  }

  private release(address: string) {
    const held = (this.held.get(address) ?? 1) - 1;
    if (held > 0) this.held.set(address, held);
    else this.held.delete(address);
  }

  /** The first address in turn starts its oldest hash and, if it has more, goes to the back. */
  private startNext() {
    while (this.running < this.limits.concurrency) {
      const next = this.lines.entries().next();
      if (next.done) return;
      const [address, line] = next.value;
      const start = line.shift();
      this.lines.delete(address);
      if (line.length > 0) this.lines.set(address, line);
      if (!start) continue;
      this.waiting -= 1;
      start();
    }
  }
}

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
