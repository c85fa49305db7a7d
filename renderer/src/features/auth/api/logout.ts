import { sessionPaths } from '../../../../../contract/auth';
import { apiPost } from '../../../api/http-client';

/** Revokes the token on the server. Silent: logging out goes on even when the server cannot be reached. */
export const logout = (): Promise<void> => apiPost<void>(sessionPaths.logout, undefined, { silent: true });
