import { overseasEndpoints, type ReceiptCreateBodyInput } from '../../../../../contract/overseas';
import { call } from '../../../api/call';

/** The dialog shows a refusal (收款币种须与合同币种一致…) itself. */
export const createReceipt = (orderId: number, body: ReceiptCreateBodyInput): Promise<{ id: number }> =>
  call(overseasEndpoints.createReceipt, { params: { id: orderId }, body }, { silent: true });
