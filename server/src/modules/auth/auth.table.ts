import type { Generated, Insertable, Selectable } from 'kysely';

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the bearer token, lowercase hex. */
  token_hash: string;
  user_id: number;
  created_at: string;
  last_used_at: string;
  /** The absolute end (7 days after login); the 12-hour idle end is computed from last_used_at. */
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** One login-throttle counter: `account:<username>|<address>` or `address:<address>`. */
export interface LoginThrottleTable {
  key: string;
  /** Failures of the current window, plus checks still running (reserved before the hash). */
  attempts: number;
  window_started_at: string;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
