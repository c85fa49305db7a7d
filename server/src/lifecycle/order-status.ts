/**
 * An overseas contract's status (DOMAIN.md): 1 new, 2 handed to purchasing, 6 finished. Only the
 * lifecycle sets it: the hand-over to purchasing, and the settling after any stage record is saved.
 */
import { ORDER_STATUS } from '../../../contract/overseas';
import { orderMessages } from '../../../contract/overseas-messages';
import type { Actor } from '../app-context';
import type { Db } from '../db/database';
import { conflict, notFound } from '../http-errors';
import { recordHistory } from '../platform/history/record-history';
import { nextUpdatedAt } from '../time';
import { readOrderCompletion, readOrderStatus, readOrderStatuses, writeOrderStatus } from './lifecycle.repository';

/** Hands a new contract to purchasing (status 2); its vehicles do not move. */
export const handOverOrderToPurchasing = async (trx: Db, actor: Actor, orderId: number): Promise<void> => {
  const order = await readOrderStatus(trx, orderId);
  if (!order) throw notFound();
  if (order.status !== ORDER_STATUS.new) throw conflict(orderMessages.handOverAlready);
  const written = await writeOrderStatus(
    trx,
    orderId,
    ORDER_STATUS.new,
    ORDER_STATUS.handedOver,
    nextUpdatedAt(order.updated_at),
  );
  // Another clerk handed it over between the read and the write.
  if (!written) throw conflict(orderMessages.handOverAlready);
  await recordHistory(trx, actor, {
    action: 'hand_over',
    entity: 'order',
    entityId: orderId,
    before: { status: order.status },
    after: { status: ORDER_STATUS.handedOver },
  });
};

/**
 * After a record changed vehicles of these contracts: a contract whose vehicles are all complete
 * becomes 6 (its document zip can be downloaded); a finished contract whose vehicle no longer is goes
 * back to 2. A contract without vehicles is never finished.
 */
export const settleOrders = async (trx: Db, actor: Actor, orderIds: Iterable<number | null>): Promise<void> => {
  const ids = [...new Set([...orderIds].filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  const completion = new Map((await readOrderCompletion(trx, ids)).map((row) => [row.order_id, row]));
  for (const order of await readOrderStatuses(trx, ids)) {
    const counts = completion.get(order.id);
    const finished = counts !== undefined && counts.vehicles > 0 && counts.complete === counts.vehicles;
    const next =
      finished && order.status !== ORDER_STATUS.finished
        ? ORDER_STATUS.finished
        : !finished && order.status === ORDER_STATUS.finished
          ? ORDER_STATUS.handedOver
          : undefined;
    if (next === undefined) continue;
    if (await writeOrderStatus(trx, order.id, order.status, next, nextUpdatedAt(order.updated_at))) {
      await recordHistory(trx, actor, {
        action: next === ORDER_STATUS.finished ? 'finish' : 'reopen',
        entity: 'order',
        entityId: order.id,
        before: { status: order.status },
        after: { status: next },
      });
    }
  }
};
