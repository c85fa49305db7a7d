import type { AppContext } from '../../app-context';
import type { findSessionByTokenHash } from './auth.repository';

/**
 * The session row of a token, remembered for one second. Every protected request looked its token up
 * in the database, which halved the throughput of the cheapest endpoint (issue 9: /api/user/info at
 * 7,300/s against /api/health at 14,900/s on SQLite). A second is short enough that a revocation made by
 * another server process on the same PostgreSQL database is honoured within it; a revocation made by
 * this process forgets every remembered row at once (`forgetSessions`), so here it takes effect on the
 * next request. Only tokens that matched a session are remembered: random tokens cannot fill memory.
 */
export const SESSION_CACHE_MS = 1000;

/** Beyond this many remembered tokens the expired ones are dropped, then the oldest. */
const MAX_ENTRIES = 10_000;

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionByTokenHash>>>;

interface Entry {
  row: SessionRow;
  readAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  get(tokenHash: string, now: number): SessionRow | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.readAt >= SESSION_CACHE_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  set(tokenHash: string, row: SessionRow, now: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.prune(now);
    this.entries.set(tokenHash, { row, readAt: now });
  }

  forgetAll(): void {
    this.entries.clear();
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.readAt >= SESSION_CACHE_MS) this.entries.delete(key);
    }
    // Still full (more live tokens than the cap within one second): drop the oldest half.
    if (this.entries.size >= MAX_ENTRIES) {
      let drop = Math.floor(this.entries.size / 2);
      for (const key of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(key);
      }
    }
  }
}

/** One cache per running server (its context). */
const caches = new WeakMap<AppContext, SessionCache>();

export const sessionCacheOf = (ctx: AppContext): SessionCache => {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new SessionCache();
    caches.set(ctx, cache);
  }
  return cache;
};

/**
 * Called after a write that ends sessions or changes what a session shows (logout, password change, an
 * account edited, disabled or deleted), once its transaction has committed: a request that read the old
 * row meanwhile must not keep it.
 */
export const forgetSessions = (ctx: AppContext): void => sessionCacheOf(ctx).forgetAll();
