import {
  type Currency,
  type Receipt,
  type ReceiptCreateBody,
  type ReceiptUpdateBody,
} from '../../../../contract/overseas';
import { orderMessages, receiptMessages } from '../../../../contract/overseas-messages';
import type { Actor, AppContext } from '../../app-context';
import { notFound, unprocessable } from '../../http-errors';
import { nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { assertFileReferences, type FileRules } from '../upload/file-references';
import { saveUnlessChanged, updateRowIfUnchanged } from '../../db/guarded-update';
import { assertNotStale, lockRowForSave } from '../../db/stale-save';
import { toFen } from './money';
import { findReceipt, insertReceipt } from './overseas.repository';
import type { ReceiptRow } from './overseas.table';
import { requireOrder, toReceipt } from './overseas-read.service';
import { syncOrderDeadlines } from '../../lifecycle/deadlines';

/**
 * An overseas contract's receipts (收款): added in one dialog, completed with the settlement in another.
 * Their own saves, apart from the contract form's: a receipt never changes the contract's cars.
 */

/** The receipt dialogs' proof of payment and settlement tax slip are both `image` uploads. */
const receiptCreateFiles: FileRules<'proof'> = { fields: { proof: ['image'] }, message: orderMessages.storagePath };
const receiptUpdateFiles: FileRules<'receipt'> = { fields: { receipt: ['image'] }, message: orderMessages.storagePath };

const receiptAudit = (row: Omit<ReceiptRow, 'id' | 'created_at' | 'updated_at' | 'created_by'>) => ({
  order_id: row.order_id,
  amount: row.amount,
  currency: row.currency,
  receipt_no: row.receipt_no,
  receipted_at: row.receipted_at,
  remitter: row.remitter,
  settlement: row.settlement,
  actual_total: row.actual_total,
  registered_address: row.registered_address,
  proof: row.proof,
  receipt: row.receipt,
  is_deposit: row.is_deposit,
});

export const createReceipt = async (
  { db }: AppContext,
  orderId: number,
  body: ReceiptCreateBody,
  actor: Actor,
): Promise<{ id: number }> =>
  db.transaction().execute(async (trx) => {
    const order = await requireOrder(trx, orderId);
    if (body.amount <= 0) throw unprocessable(receiptMessages.amountPositive, 'amount');
    if (body.currency !== order.currency) throw unprocessable(receiptMessages.currencyMismatch, 'currency');
    await assertFileReferences(trx, receiptCreateFiles, body);
    const at = nowIso();
    const row = {
      order_id: orderId,
      amount: toFen(body.amount),
      currency: body.currency as Currency,
      receipt_no: body.receipt_no,
      receipted_at: body.receipted_at,
      remitter: body.remitter ?? null,
      settlement: null,
      actual_total: null,
      registered_address: null,
      proof: body.proof,
      receipt: null,
      is_deposit: body.is_deposit,
    };
    const id = await insertReceipt(trx, { ...row, created_by: actor.userId, created_at: at, updated_at: at });
    // Receipts reaching the contract total stop its receipt deadline (the lifecycle decides).
    await syncOrderDeadlines(trx, [orderId]);
    await recordHistory(trx, actor, {
      action: 'create',
      entity: 'receipt',
      entityId: id,
      orderId,
      after: receiptAudit(row),
    });
    return { id };
  });

export const updateReceipt = async (
  { db, config }: AppContext,
  id: number,
  body: ReceiptUpdateBody,
  actor: Actor,
): Promise<Receipt> =>
  db.transaction().execute(async (trx) => {
    await lockRowForSave(trx, 'receipts', id);
    const existing = await findReceipt(trx, id);
    if (!existing) throw notFound();
    assertNotStale(body.updated_at, existing.updated_at);
    await assertFileReferences(trx, receiptUpdateFiles, body, { receipt: existing.receipt });
    const patch = {
      receipt_no: body.receipt_no,
      receipted_at: body.receipted_at,
      settlement: toFen(body.settlement),
      actual_total: body.actual_total === undefined ? null : toFen(body.actual_total),
      registered_address: body.registered_address ?? null,
      // The tax slip is kept unless a new one is sent.
      receipt: body.receipt ?? existing.receipt,
      updated_at: nextUpdatedAt(existing.updated_at),
    };
    const updated = { ...existing, ...patch };
    await saveUnlessChanged(
      trx,
      actor,
      () => updateRowIfUnchanged(trx, 'receipts', id, patch, existing.updated_at),
      () => ({
        action: 'update',
        entity: 'receipt',
        entityId: id,
        orderId: existing.order_id,
        before: receiptAudit(existing),
        after: receiptAudit(updated),
      }),
    );
    return toReceipt(updated, config.timeZone);
  });
