import { sessionPaths, type SetupBody } from '../../../../../contract/auth';
import { apiPost } from '../../../api/http-client';

/** Creates the first account; the form shows failures inline. */
export const createAdmin = (body: SetupBody): Promise<{ id: number }> =>
  apiPost<{ id: number }>(sessionPaths.setup, body, { silent: true });
