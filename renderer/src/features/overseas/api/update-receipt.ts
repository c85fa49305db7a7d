import { orderPaths, type ReceiptUpdateBodyInput } from '../../../../../contract/overseas';
import { apiPut } from '../../../api/http-client';

export const updateReceipt = (id: number, body: ReceiptUpdateBodyInput): Promise<unknown> =>
  apiPut(orderPaths.receipt(id), body, { silent: true });
