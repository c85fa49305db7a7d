import { sessionPaths, type ResetPasswordBody } from '../../../../../contract/auth';
import { apiPut } from '../../../api/http-client';

/** Silent: the dialog shows the server's message (原密码错误, say) under its fields. */
export const resetPassword = (body: ResetPasswordBody): Promise<void> =>
  apiPut<void>(sessionPaths.resetPassword, body, { silent: true });
