import type { Db } from '../../db/database';

/**
 * The login throttle of API.md: at most 5 failures per account and address, and 20 per address across
 * accounts, within 15 minutes; over that, logins are refused for 15 minutes.
 *
 * It is decided BEFORE the password is hashed and atomically in the database, so that guesses sent at
 * once cannot all slip past a count taken before any of them failed, and so that every server
 * instance agrees. Each login reserves an attempt on both of its counters with one UPSERT … RETURNING
 * per counter; a counter over its limit refuses the login without hashing. A wrong password keeps
 * its reservations (they are the failures); a right one gives them back; so does a login that never
 * got to the check (the hashing queue was full).
 */

export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
/** Ended windows are swept from the table at most this often per database. */
const SWEEP_INTERVAL_MS = 60 * 1000;

interface Counter {
  key: string;
  limit: number;
}

/** The two counters a login is charged to. */
export interface LoginReservation {
  account: Counter;
  address: Counter;
}

export const accountKey = (username: string, ip: string) => `account:${username}|${ip}`;
export const addressKey = (ip: string) => `address:${ip}`;

const iso = (milliseconds: number) => new Date(milliseconds).toISOString();

/**
 * Counts one more attempt on `key` and answers the count, in one statement: a new key or one whose
 * window ended starts a fresh window at 1.
 */
const reserve = async (db: Db, key: string, now: number): Promise<number> => {
  const at = iso(now);
  const windowEnded = iso(now - LOGIN_THROTTLE_WINDOW_MS);
  const row = await db
    .insertInto('login_throttle')
    .values({ key, attempts: 1, window_started_at: at })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const ended = eb('login_throttle.window_started_at', '<=', windowEnded);
        return {
          attempts: eb
            .case()
            .when(ended)
            .then(eb.lit(1))
            .else(eb('login_throttle.attempts', '+', eb.lit(1)))
            .end(),
          window_started_at: eb.case().when(ended).then(at).else(eb.ref('login_throttle.window_started_at')).end(),
        };
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return Number(row.attempts);
};

const giveBack = async (db: Db, key: string): Promise<void> => {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ attempts: eb('attempts', '-', eb.lit(1)) }))
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
};

const lastSweep = new WeakMap<Db, number>();

/** Drops counters whose window ended (they count for nothing), so that the table stays small. */
export const sweepLoginThrottle = async (db: Db, now: number = Date.now()): Promise<void> => {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_INTERVAL_MS) return;
  lastSweep.set(db, now);
  await db
    .deleteFrom('login_throttle')
    .where('window_started_at', '<=', iso(now - LOGIN_THROTTLE_WINDOW_MS))
    .execute();
};

/**
 * Reserves one attempt on the address's counter and on the account-and-address counter. Answers the
 * reservation, or null (after giving back what it took) when either counter is over its limit.
 */
export const reserveLoginAttempt = async (
  db: Db,
  username: string,
  ip: string,
  now: number = Date.now(),
): Promise<LoginReservation | null> => {
  await sweepLoginThrottle(db, now);
  const reservation: LoginReservation = {
    address: { key: addressKey(ip), limit: ADDRESS_FAILURE_LIMIT },
    account: { key: accountKey(username, ip), limit: ACCOUNT_FAILURE_LIMIT },
  };
  if ((await reserve(db, reservation.address.key, now)) > reservation.address.limit) {
    await giveBack(db, reservation.address.key);
    return null;
  }
  if ((await reserve(db, reservation.account.key, now)) > reservation.account.limit) {
    await Promise.all([giveBack(db, reservation.account.key), giveBack(db, reservation.address.key)]);
    return null;
  }
  return reservation;
};

/** The check never ran (the hashing queue was full, or it failed): the attempt counts for nothing. */
export const cancelLoginAttempt = async (db: Db, reservation: LoginReservation): Promise<void> => {
  await Promise.all([giveBack(db, reservation.account.key), giveBack(db, reservation.address.key)]);
};

/** The right password: the account's failures from this address are forgiven; this attempt does not count. */
export const loginAttemptSucceeded = async (db: Db, reservation: LoginReservation): Promise<void> => {
  await Promise.all([
    db.deleteFrom('login_throttle').where('key', '=', reservation.account.key).execute(),
    giveBack(db, reservation.address.key),
  ]);
};

/**
 * A wrong password keeps its reservation: it is a failure now. A counter this failure brought to its
 * limit starts its window again, so that the block lasts the full 15 minutes from the failure that
 * caused it, not only what was left of a window that began with the first failure.
 */
export const loginAttemptFailed = async (
  db: Db,
  reservation: LoginReservation,
  now: number = Date.now(),
): Promise<void> => {
  for (const counter of [reservation.account, reservation.address]) {
    await db
      .updateTable('login_throttle')
      .set({ window_started_at: iso(now) })
      .where('key', '=', counter.key)
      .where('attempts', '>=', counter.limit)
      .execute();
  }
};
