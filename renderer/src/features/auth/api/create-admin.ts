import { authEndpoints, type SetupBody } from '../../../../../contract/auth';
import { call } from '../../../api/call';

/** Creates the first account; the form shows failures inline. */
export const createAdmin = (body: SetupBody): Promise<{ id: number }> =>
  call(authEndpoints.setup, { body }, { silent: true });
