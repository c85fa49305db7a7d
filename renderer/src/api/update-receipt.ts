import { overseasEndpoints, type Receipt, type ReceiptUpdateBodyInput } from '../../../contract/overseas';
import { call } from './call';

export const updateReceipt = (id: number, body: ReceiptUpdateBodyInput): Promise<Receipt> =>
  call(overseasEndpoints.updateReceipt, { params: { id }, body }, { silent: true });
