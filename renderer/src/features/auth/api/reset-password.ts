import { authEndpoints, type ResetPasswordBody } from '../../../../../contract/auth';
import { call } from '../../../api/call';

/** Silent: the dialog shows the server's message (原密码错误, say) under its fields. */
export const resetPassword = async (body: ResetPasswordBody): Promise<void> => {
  await call(authEndpoints.resetPassword, { body }, { silent: true });
};
