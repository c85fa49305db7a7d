import {
  type ExportsAddBodyInput,
  type ExportsEditBodyInput,
  exportsEndpoints,
} from '../../../../../contract/release-exports';
import { call } from '../../../api/call';

/** The form shows the server's refusal itself (above the fields), so the client's toast stays quiet. */
export const createExports = (body: ExportsAddBodyInput): Promise<{ id: number }> =>
  call(exportsEndpoints.add, { body }, { silent: true });

export const updateExports = (body: ExportsEditBodyInput): Promise<{ id: number }> =>
  call(exportsEndpoints.edit, { body }, { silent: true });
