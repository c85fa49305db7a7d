import { PURCHASE_CURRENCY, purchaseMessages, type RemitBody } from '../../../../contract/purchase';
import type { Actor, AppContext } from '../../app-context';
import { nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { toFen } from '../overseas/money';
import { assertFileReferences, type FileRules } from '../upload/file-references';
import { insertRemit, refreshRemitStatus } from './purchase.repository';
import { requirePurchase } from './purchase-read.service';

/**
 * A purchase contract's remittances (打款): each one added in its own dialog; the contract's remit status
 * follows their total.
 */

/** The remittance's bank slip is an `image` upload. */
const remitFiles: FileRules<'bank_slips'> = {
  fields: { bank_slips: ['image'] },
  message: purchaseMessages.storagePath,
};

export const createRemit = async (
  { db }: AppContext,
  purchaseId: number,
  body: RemitBody,
  actor: Actor,
): Promise<{ id: number }> =>
  db.transaction().execute(async (trx) => {
    await requirePurchase(trx, purchaseId);
    await assertFileReferences(trx, remitFiles, body);
    const at = nowIso();
    const row = {
      purchase_id: purchaseId,
      amount: toFen(body.amount),
      currency: PURCHASE_CURRENCY,
      bank_slips: body.bank_slips,
    };
    const id = await insertRemit(trx, { ...row, created_by: actor.userId, created_at: at, updated_at: at });
    const remitStatus = await refreshRemitStatus(trx, purchaseId);
    await recordHistory(trx, actor, {
      action: 'create',
      entity: 'remit',
      entityId: id,
      purchaseId,
      after: { ...row, remit_status: remitStatus },
    });
    return { id };
  });
