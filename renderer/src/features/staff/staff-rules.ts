import type { FormRule } from 'antd';
import {
  PHONE_PATTERN,
  PLAIN_PASSWORD_PATTERN,
  sessionMessages,
  staffTextLimits,
  USERNAME_PATTERN,
} from '../../../../contract/auth';
import { textTooLong } from '../../../../contract/fields';

/** The staff form's rules (spec part 1, section 5), built from the contract's patterns and messages. */
export const staffRules = {
  username: [
    { required: true, message: sessionMessages.usernameFormat },
    { pattern: USERNAME_PATTERN, message: sessionMessages.usernameFormat },
  ],
  nickname: [
    { required: true, whitespace: true, message: sessionMessages.nicknameRequired },
    { max: staffTextLimits.nickname, message: textTooLong('员工姓名', staffTextLimits.nickname) },
  ],
  phone: [
    { required: true, whitespace: true, message: sessionMessages.phoneRequired },
    { pattern: PHONE_PATTERN, message: sessionMessages.phoneFormat },
  ],
  /** Required when creating; when editing an empty field keeps the old password. */
  password: (creating: boolean): FormRule[] => [
    ...(creating ? [{ required: true, message: sessionMessages.passwordFormat }] : []),
    { pattern: PLAIN_PASSWORD_PATTERN, message: sessionMessages.passwordFormat },
  ],
} satisfies Record<string, FormRule[] | ((creating: boolean) => FormRule[])>;
