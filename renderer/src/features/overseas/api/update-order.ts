import { orderPaths, type OrderUpdateBodyInput } from '../../../../../contract/overseas';
import { apiPut } from '../../../api/http-client';

/** `updated_at` is the stale-save guard (API.md); the form shows a refusal itself. */
export const updateOrder = (id: number, body: OrderUpdateBodyInput): Promise<{ id: number }> =>
  apiPut<{ id: number }>(orderPaths.one(id), body, { silent: true });
