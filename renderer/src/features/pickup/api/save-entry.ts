import { type EntryAddBodyInput, type EntryEditBodyInput, pickupEndpoints } from '../../../../../contract/pickup';
import { call } from '../../../api/call';

/** The form shows the server's refusal itself (above the fields), so the client's toast stays quiet. */
export const addEntry = (body: EntryAddBodyInput): Promise<{ id: number }> =>
  call(pickupEndpoints.add, { body }, { silent: true });

/** `updated_at` is the stale-save guard: a 409 offers 放弃修改并载入最新内容. */
export const editEntry = (body: EntryEditBodyInput): Promise<{ id: number }> =>
  call(pickupEndpoints.edit, { body }, { silent: true });
