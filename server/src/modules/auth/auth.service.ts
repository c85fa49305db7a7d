import { createHash, randomBytes } from 'node:crypto';
import {
  type HealthAnswer,
  type LoginAnswer,
  type LoginBody,
  type ResetPasswordBody,
  sessionMessages,
  type SetupBody,
  type SetupStatus,
  type UserInfo,
} from '../../../../contract/auth';
import type { Actor, AppContext } from '../../app-context';
import { isSerializationFailure, isUniqueViolation } from '../../db/errors';
import { conflict, forbidden, HttpError, tooManyRequests, unauthorized, unprocessable } from '../../http-errors';
import { formatTimestamp, nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { logSession } from './session-log';
import {
  countAllUsers,
  findLiveUserById,
  findLiveUserByUsername,
  insertUser,
  updateLiveUser,
} from '../staff/staff.repository';
import { hashQueueOf, queuedDecoy, queuedHash, queuedVerify } from './hash-queue';
import { cancelLoginAttempt, loginAttemptFailed, loginAttemptSucceeded, reserveLoginAttempt } from './login-throttle';
import { forgetSessions, sessionCacheOf } from './session-cache';
import {
  findSessionByTokenHash,
  insertSession,
  pingDatabase,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './auth.repository';

/** Session rules of API.md. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most once a minute per session: the idle end moves by the minute. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The one role of this version (DOMAIN.md); the user info's role list is never empty. */
export const ROLES = ['admin'];

export interface AuthUser {
  id: number;
  username: string;
  nickname: string;
  roles: string[];
}

export interface Authenticated {
  user: AuthUser;
  sessionId: number;
}

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** 32 random bytes, base64url: what the client holds. Only its hash is stored. */
const newToken = () => randomBytes(32).toString('base64url');

/** Answers only when the database answers too: a monitor (or the desktop's connection test) sees a broken one. */
export const health = async ({ db, config, version }: AppContext): Promise<HealthAnswer> => {
  await pingDatabase(db);
  return { status: 'ok', version, database: config.database.kind };
};

/** The bearer-token check of every protected route. */
export const authenticate = async (ctx: AppContext, token: string): Promise<Authenticated> => {
  const { db } = ctx;
  const tokenHash = hashToken(token);
  const now = Date.now();
  const cache = sessionCacheOf(ctx);
  let row = cache.get(tokenHash, now);
  if (!row) {
    row = await findSessionByTokenHash(db, tokenHash);
    if (row) cache.set(tokenHash, row, now);
  }
  if (!row || row.deleted_at !== null) throw unauthorized();
  const lastUsed = Date.parse(row.last_used_at);
  if (Date.parse(row.expires_at) <= now || lastUsed + SESSION_IDLE_MS <= now) throw unauthorized();
  // Before the revocation check: disabling an account revokes its sessions, and the clerk should
  // learn why rather than be told the login expired.
  if (row.status !== 1) throw forbidden(sessionMessages.disabled);
  if (row.revoked_at !== null) throw unauthorized();
  if (now - lastUsed >= TOUCH_INTERVAL_MS) {
    const at = new Date(now).toISOString();
    // The remembered row learns the touch too, so the next requests of this second do not repeat it.
    row.last_used_at = at;
    await touchSession(db, row.session_id, at);
  }
  return {
    user: { id: row.user_id, username: row.username, nickname: row.nickname, roles: ROLES },
    sessionId: row.session_id,
  };
};

export const setupStatus = async ({ db }: AppContext): Promise<SetupStatus> => ({
  needs_setup: (await countAllUsers(db)) === 0,
});

/** Creates the first account; refused once any account exists. */
export const setup = async (ctx: AppContext, body: SetupBody, actor: Actor): Promise<{ id: number }> => {
  const { db } = ctx;
  if ((await countAllUsers(db)) > 0) throw conflict(sessionMessages.setupDone);
  const passwordHash = await queuedHash(ctx, actor.ip, body.password);
  const at = nowIso();
  try {
    // Serializable on PostgreSQL: two first-run setups racing each other cannot both create an account.
    return await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => {
        if ((await countAllUsers(trx)) > 0) throw conflict(sessionMessages.setupDone);
        const id = await insertUser(trx, {
          username: body.username,
          nickname: body.nickname,
          phone_number: body.phone_number,
          password_hash: passwordHash,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        });
        const after = { id, username: body.username, nickname: body.nickname, phone_number: body.phone_number };
        await recordHistory(trx, { ...actor, userId: id }, { action: 'setup', entity: 'user', entityId: id, after });
        return { id };
      });
  } catch (error) {
    if (isSerializationFailure(error) || isUniqueViolation(error)) throw conflict(sessionMessages.setupDone);
    throw error;
  }
};

/**
 * A refused login (429) that comes less than this long after the previous refusal of its address was
 * answered waits this long before it answers: a flood that sends the next request as soon as it hears the last
 * answer is slowed to one request a second per connection instead of spinning a core on refusals
 * (measured in server/bench/login-flood.ts). A clerk who reads the message and tries again is answered
 * at once.
 */
export const REFUSAL_PAUSE_MS = 1000;
/** Addresses remembered at most, between sweeps of the old ones. */
const REFUSALS_KEPT = 1000;

/** Per server and address: when a login was last refused. */
const lastRefusals = new WeakMap<AppContext, Map<string, number>>();

const pauseIfRefusedRecently = async (ctx: AppContext, ip: string) => {
  let refusals = lastRefusals.get(ctx);
  if (!refusals) {
    refusals = new Map();
    lastRefusals.set(ctx, refusals);
  }
  const now = Date.now();
  const previous = refusals.get(ip);
  refusals.set(ip, now);
  if (refusals.size > REFUSALS_KEPT) {
    for (const [address, at] of refusals) if (now - at >= REFUSAL_PAUSE_MS) refusals.delete(address);
  }
  if (previous !== undefined && now - previous < REFUSAL_PAUSE_MS) {
    await new Promise((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));
    // Counted from the answer, so that a client that asks again at once is paused again.
    refusals.set(ip, Date.now());
  }
};

export const login = async (ctx: AppContext, body: LoginBody, actor: Actor): Promise<LoginAnswer> => {
  const ip = actor.ip ?? 'unknown';
  try {
    return await checkLogin(ctx, body, actor, ip);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) await pauseIfRefusedRecently(ctx, ip);
    throw error;
  }
};

/**
 * The throttle is decided before the hash (login-throttle.ts), and the hash waits its turn in the
 * queue (hash-queue.ts): a refused login costs no hash.
 */
const checkLogin = async (ctx: AppContext, body: LoginBody, actor: Actor, ip: string): Promise<LoginAnswer> => {
  const { db, config } = ctx;
  // A full queue refuses before the database is touched: a flood that retries at once stays cheap.
  if (!hashQueueOf(ctx).hasRoom(ip)) throw tooManyRequests(sessionMessages.busy);
  const reservation = await reserveLoginAttempt(db, body.username, ip);
  if (!reservation) throw tooManyRequests(sessionMessages.throttled);
  let user: Awaited<ReturnType<typeof findLiveUserByUsername>>;
  let passwordMatches: boolean;
  try {
    user = await findLiveUserByUsername(db, body.username);
    passwordMatches = user
      ? await queuedVerify(ctx, ip, body.password, user.password_hash)
      : await queuedDecoy(ctx, ip, body.password);
  } catch (error) {
    // The password was never checked (the queue was full): the attempt counts for nothing.
    await cancelLoginAttempt(db, reservation);
    throw error;
  }
  // The address's standing orders its next turns in the hash queue (a clerk's PC before a flood).
  hashQueueOf(ctx).recordOutcome(ip, Boolean(user && passwordMatches));
  if (!user || !passwordMatches) {
    await loginAttemptFailed(db, reservation);
    throw unauthorized(sessionMessages.wrongPair);
  }
  await loginAttemptSucceeded(db, reservation);
  // Only someone who knows the password learns that the account is disabled.
  if (user.status !== 1) throw forbidden(sessionMessages.disabled);

  const token = newToken();
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const expiresAt = new Date(now + SESSION_LIFETIME_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    const sessionId = await insertSession(trx, {
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: createdAt,
      last_used_at: createdAt,
      expires_at: expiresAt,
      revoked_at: null,
      ip: actor.ip,
      user_agent: null,
    });
    await logSession(trx, { ...actor, userId: user.id }, 'login', sessionId);
  });
  return {
    token,
    expires_at: formatTimestamp(expiresAt, config.timeZone),
    user: { id: user.id, nickname: user.nickname, username: user.username },
  };
};

export const logout = async (ctx: AppContext, sessionId: number, actor: Actor): Promise<void> => {
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSession(trx, sessionId, nowIso());
    await logSession(trx, actor, 'logout', sessionId);
  });
  forgetSessions(ctx);
};

export const userInfo = (user: AuthUser): UserInfo => ({
  id: user.id,
  username: user.username,
  name: user.nickname,
  avatar: '',
  introduction: '',
  roles: user.roles,
});

/** The logged-in user's own password change: the other sessions of the account end, this one stays. */
export const changePassword = async (
  ctx: AppContext,
  auth: Authenticated,
  body: ResetPasswordBody,
  actor: Actor,
): Promise<void> => {
  const { db } = ctx;
  const user = await findLiveUserById(db, auth.user.id);
  if (!user) throw unauthorized();
  if (!(await queuedVerify(ctx, actor.ip, body.password, user.password_hash))) {
    throw unprocessable(sessionMessages.oldPasswordWrong, 'password');
  }
  const passwordHash = await queuedHash(ctx, actor.ip, body.new_password);
  const at = nextUpdatedAt(user.updated_at);
  await db.transaction().execute(async (trx) => {
    const changed = await updateLiveUser(trx, user.id, { password_hash: passwordHash, updated_at: at });
    if (!changed) throw unauthorized();
    const revoked = await revokeUserSessions(trx, user.id, at, auth.sessionId);
    await recordHistory(trx, actor, {
      action: 'password_change',
      entity: 'user',
      entityId: user.id,
      after: { password_changed: true, sessions_revoked: revoked },
    });
  });
  forgetSessions(ctx);
};
