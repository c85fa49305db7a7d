import type { Paged, PageQuery } from '../../../../contract/common';
import {
  type Staff,
  STAFF_STATUS,
  type StaffCreateBody,
  staffMessages,
  type StaffSwitchAnswer,
  type StaffUpdateBody,
} from '../../../../contract/staff';
import type { Actor, AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { saveUnlessChanged, updateRowIfUnchanged } from '../../db/guarded-update';
import { paged } from '../../envelope';
import { conflict, notFound } from '../../http-errors';
import { formatTimestamp, nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { queuedHash } from '../auth/hash-queue';
import type { Authenticated } from '../auth/auth.service';
import { revokeUserSessions } from '../auth/auth.repository';
import { forgetSessions } from '../auth/session-cache';
import {
  countLiveUsers,
  findLiveUserById,
  findLiveUserByUsername,
  insertUser,
  listLiveUsers,
  updateLiveUser,
} from './staff.repository';
import type { UserRow } from './staff.table';
import { assertNotStale, lockRowForSave } from '../../db/stale-save';
import { pageWithTotal } from '../../db/list-page';

export const toStaff = (row: UserRow, timeZone: string): Staff => ({
  id: row.id,
  username: row.username,
  nickname: row.nickname,
  phone_number: row.phone_number,
  created_at: formatTimestamp(row.created_at, timeZone),
  updated_at: formatTimestamp(row.updated_at, timeZone),
  status: row.status,
});

/** What the audit log keeps of an account: never the password hash. */
const auditView = (row: UserRow) => ({
  username: row.username,
  nickname: row.nickname,
  phone_number: row.phone_number,
  status: row.status,
  deleted_at: row.deleted_at,
});

const requireStaff = async (db: Db, id: number): Promise<UserRow> => {
  const row = await findLiveUserById(db, id);
  if (!row) throw notFound();
  return row;
};

export const listStaff = async ({ db, config }: AppContext, query: PageQuery): Promise<Paged<Staff>> => {
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => listLiveUsers(db, offset, query.limit),
    () => countLiveUsers(db),
  );
  return paged(
    rows.map((row) => toStaff(row, config.timeZone)),
    total,
    query.page,
    query.limit,
  );
};

export const getStaff = async ({ db, config }: AppContext, id: number): Promise<Staff> =>
  toStaff(await requireStaff(db, id), config.timeZone);

export const createStaff = async (ctx: AppContext, body: StaffCreateBody, actor: Actor): Promise<{ id: number }> => {
  const { db } = ctx;
  if (await findLiveUserByUsername(db, body.username)) throw conflict(staffMessages.usernameTaken);
  const passwordHash = await queuedHash(ctx, actor.ip, body.password);
  const at = nowIso();
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        username: body.username,
        nickname: body.nickname,
        phone_number: body.phone_number,
        password_hash: passwordHash,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      });
      await recordHistory(trx, actor, {
        action: 'create',
        entity: 'user',
        entityId: id,
        after: { username: body.username, nickname: body.nickname, phone_number: body.phone_number, status: 1 },
      });
      return { id };
    });
  } catch (error) {
    // Another save of the same username won the race between the check above and this insert.
    if (isUniqueViolation(error)) throw conflict(staffMessages.usernameTaken);
    throw error;
  }
};

/** 409 账号已存在 when another live account has the name this save gives account `id`. */
const assertUsernameFree = async (db: Db, id: number, username: string, current: string) => {
  if (username === current) return;
  const holder = await findLiveUserByUsername(db, username);
  if (holder && holder.id !== id) throw conflict(staffMessages.usernameTaken);
};

export const updateStaff = async (
  ctx: AppContext,
  id: number,
  body: StaffUpdateBody,
  auth: Authenticated,
  actor: Actor,
): Promise<Staff> => {
  const { db, config } = ctx;
  // Cheap refusals before the password is hashed (a queued, costly step): all are checked again below,
  // on the row as it stands once this save has taken it.
  const read = await requireStaff(db, id);
  assertNotStale(body.updated_at, read.updated_at);
  await assertUsernameFree(db, id, body.username, read.username);
  const passwordHash = body.password === undefined ? undefined : await queuedHash(ctx, actor.ip, body.password);
  try {
    const saved = await db.transaction().execute(async (trx) => {
      // Saves sent at once wait for each other here (API.md): without updated_at the last writer wins.
      await lockRowForSave(trx, 'users', id);
      const existing = await requireStaff(trx, id);
      assertNotStale(body.updated_at, existing.updated_at);
      await assertUsernameFree(trx, id, body.username, existing.username);
      const at = nextUpdatedAt(existing.updated_at);
      const patch = {
        username: body.username,
        nickname: body.nickname,
        phone_number: body.phone_number,
        updated_at: at,
        ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
      };
      let sessionsRevoked = 0;
      let updated = existing;
      await saveUnlessChanged(
        trx,
        actor,
        async () => {
          if (!(await updateRowIfUnchanged(trx, 'users', id, patch, existing.updated_at))) return false;
          // A new password ends the account's sessions; the editor's own session survives editing themself.
          if (passwordHash !== undefined) {
            sessionsRevoked = await revokeUserSessions(trx, id, at, id === auth.user.id ? auth.sessionId : null);
          }
          return true;
        },
        async () => {
          updated = await requireStaff(trx, id);
          return {
            action: 'update',
            entity: 'user',
            entityId: id,
            before: auditView(existing),
            after: {
              ...auditView(updated),
              password_changed: passwordHash !== undefined,
              sessions_revoked: sessionsRevoked,
            },
          };
        },
      );
      return toStaff(updated, config.timeZone);
    });
    // The session rows remembered for a second carry the account's name and password state.
    forgetSessions(ctx);
    return saved;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(staffMessages.usernameTaken);
    throw error;
  }
};

export const deleteStaff = async (ctx: AppContext, id: number, auth: Authenticated, actor: Actor): Promise<void> => {
  if (id === auth.user.id) throw conflict(staffMessages.cannotDeleteSelf);
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await requireStaff(trx, id);
    const at = nextUpdatedAt(existing.updated_at);
    // Kept as a row (see the migration): corrections and the audit log still name who acted.
    if (!(await updateLiveUser(trx, id, { deleted_at: at, updated_at: at }))) throw notFound();
    const sessionsRevoked = await revokeUserSessions(trx, id, at);
    await recordHistory(trx, actor, {
      action: 'delete',
      entity: 'user',
      entityId: id,
      before: auditView(existing),
      after: { deleted_at: at, sessions_revoked: sessionsRevoked },
    });
  });
  forgetSessions(ctx);
};

/** Enables a disabled account or disables an enabled one; disabling ends its sessions. */
export const switchStaff = async (
  ctx: AppContext,
  id: number,
  auth: Authenticated,
  actor: Actor,
): Promise<StaffSwitchAnswer> => {
  if (id === auth.user.id) throw conflict(staffMessages.cannotDisableSelf);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const existing = await requireStaff(trx, id);
    const status = existing.status === STAFF_STATUS.enabled ? STAFF_STATUS.disabled : STAFF_STATUS.enabled;
    const at = nextUpdatedAt(existing.updated_at);
    let sessionsRevoked = 0;
    await saveUnlessChanged(
      trx,
      actor,
      async () => {
        if (!(await updateRowIfUnchanged(trx, 'users', id, { status, updated_at: at }, existing.updated_at))) {
          return false;
        }
        if (status === STAFF_STATUS.disabled) sessionsRevoked = await revokeUserSessions(trx, id, at);
        return true;
      },
      () => ({
        action: status === STAFF_STATUS.disabled ? 'disable' : 'enable',
        entity: 'user',
        entityId: id,
        before: { status: existing.status },
        after: { status, sessions_revoked: sessionsRevoked },
      }),
    );
    return { status };
  });
  forgetSessions(ctx);
  return answer;
};
