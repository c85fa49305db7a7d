import { z } from 'zod';
import { textTooLong } from './fields';

/** The longest text the staff and first-run forms take; the forms use the same numbers. */
export const staffTextLimits = { nickname: 50 } as const;

/** 3 to 20 letters, digits or underscores (API.md, session rules). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
/** What the password field of a form accepts before it is hashed. */
export const PLAIN_PASSWORD_PATTERN = /^.{6,32}$/;
/** On the wire every password is md5(md5(password)) in lowercase hex. */
export const HASHED_PASSWORD_PATTERN = /^[a-f0-9]{32}$/;
/** A mainland mobile number. */
export const PHONE_PATTERN = /^1\d{10}$/;

export const sessionMessages = {
  usernameFormat: '账号格式不正确',
  passwordFormat: '密码格式不正确',
  wrongPair: '账号或密码错误',
  disabled: '账号已被禁用，请联系管理员',
  throttled: '登录失败次数过多，请15分钟后再试',
  /** Password hashing is bounded (API.md, session rules): its queue is full. */
  busy: '服务器繁忙，请稍后再试',
  passwordsDiffer: '两次新密码不一致',
  oldPasswordWrong: '原密码错误',
  setupDone: '系统已初始化，请直接登录',
  nicknameRequired: '请输入员工姓名',
  phoneRequired: '请输入手机号',
  phoneFormat: '手机号格式不正确',
} as const;

export const usernameField = z
  .string({ error: sessionMessages.usernameFormat })
  .trim()
  .regex(USERNAME_PATTERN, sessionMessages.usernameFormat);
export const hashedPasswordField = z
  .string({ error: sessionMessages.passwordFormat })
  .regex(HASHED_PASSWORD_PATTERN, sessionMessages.passwordFormat);
export const nicknameField = z
  .string({ error: sessionMessages.nicknameRequired })
  .trim()
  .min(1, sessionMessages.nicknameRequired)
  .max(staffTextLimits.nickname, textTooLong('员工姓名', staffTextLimits.nickname));
export const phoneField = z
  .string({ error: sessionMessages.phoneRequired })
  .trim()
  .min(1, sessionMessages.phoneRequired)
  .regex(PHONE_PATTERN, sessionMessages.phoneFormat);

export const loginBody = z.strictObject({
  username: usernameField,
  password: hashedPasswordField,
});
export type LoginBody = z.infer<typeof loginBody>;

export const setupBody = z.strictObject({
  username: usernameField,
  nickname: nicknameField,
  phone_number: phoneField,
  password: hashedPasswordField,
});
export type SetupBody = z.infer<typeof setupBody>;

export const resetPasswordBody = z
  .strictObject({
    password: hashedPasswordField,
    new_password: hashedPasswordField,
    new_password_confirmation: hashedPasswordField,
  })
  .refine((body) => body.new_password === body.new_password_confirmation, {
    message: sessionMessages.passwordsDiffer,
    path: ['new_password_confirmation'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export interface HealthAnswer {
  status: 'ok';
  version: string;
  database: 'sqlite' | 'postgres';
}

export interface SetupStatus {
  needs_setup: boolean;
}

export interface LoginAnswer {
  token: string;
  expires_at: string;
  user: { id: number; nickname: string; username: string };
}

export interface UserInfo {
  id: number;
  username: string;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
}

export const sessionPaths = {
  health: '/api/health',
  setup: '/api/setup',
  login: '/api/login',
  logout: '/api/logout',
  userInfo: '/api/user/info',
  resetPassword: '/api/user/reset',
} as const;
