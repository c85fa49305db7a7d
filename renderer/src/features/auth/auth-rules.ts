import type { FormRule as Rule } from 'antd';
import { PLAIN_PASSWORD_PATTERN, sessionMessages, USERNAME_PATTERN } from '../../../../contract/auth';

/** Form rules built from the contract's patterns, with the spec's messages. */
export const usernameRules: Rule[] = [
  { required: true, message: sessionMessages.usernameFormat },
  { pattern: USERNAME_PATTERN, message: sessionMessages.usernameFormat },
];

export const passwordRules: Rule[] = [
  { required: true, message: sessionMessages.passwordFormat },
  { pattern: PLAIN_PASSWORD_PATTERN, message: sessionMessages.passwordFormat },
];
