import { type ImportCarsAnswer, purchaseEndpoints } from '../../../../../contract/purchase';
import { call } from '../../../api/call';

/** The cars of an overseas contract that no purchase contract holds yet; the form shows a refusal itself. */
export const importOrderCars = (orderNo: string): Promise<ImportCarsAnswer> =>
  call(purchaseEndpoints.importCars, { query: { order_no: orderNo } }, { silent: true });
