import {
  type ReleaseAddBodyInput,
  type ReleaseEditBodyInput,
  releasePassEndpoints,
} from '../../../../../contract/release';
import { call } from '../../../api/call';

/** The form shows the server's refusal itself (above the fields), so the client's toast stays quiet. */
export const createReleasePass = (body: ReleaseAddBodyInput): Promise<{ id: number }> =>
  call(releasePassEndpoints.add, { body }, { silent: true });

export const updateReleasePass = (body: ReleaseEditBodyInput): Promise<{ id: number }> =>
  call(releasePassEndpoints.edit, { body }, { silent: true });
