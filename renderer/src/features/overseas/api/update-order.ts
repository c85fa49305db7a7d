import { type OrderUpdateBodyInput, overseasEndpoints } from '../../../../../contract/overseas';
import { call } from '../../../api/call';

/** `updated_at` is the stale-save guard (API.md); the form shows a refusal itself. */
export const updateOrder = (id: number, body: OrderUpdateBodyInput): Promise<{ id: number }> =>
  call(overseasEndpoints.update, { params: { id }, body }, { silent: true });
