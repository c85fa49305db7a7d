import { orderPaths, type ReceiptCreateBodyInput } from '../../../../../contract/overseas';
import { apiPost } from '../../../api/http-client';

/** The dialog shows a refusal (收款币种须与合同币种一致…) itself. */
export const createReceipt = (orderId: number, body: ReceiptCreateBodyInput): Promise<{ id: number }> =>
  apiPost<{ id: number }>(orderPaths.receipts(orderId), body, { silent: true });
