import { sessionPaths, type SetupStatus } from '../../../../../contract/auth';
import { apiGet } from '../../../api/http-client';

/** Whether the first administrator must still be created. Silent: the start screen reports failures itself. */
export const fetchSetupStatus = (): Promise<SetupStatus> =>
  apiGet<SetupStatus>(sessionPaths.setup, undefined, { silent: true });
