import { authEndpoints } from '../../../../../contract/auth';
import { call } from '../../../api/call';

/** Revokes the token on the server. Silent: logging out goes on even when the server cannot be reached. */
export const logout = async (): Promise<void> => {
  await call(authEndpoints.logout, {}, { silent: true });
};
