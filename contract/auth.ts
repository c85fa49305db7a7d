import { z } from 'zod';
import { createdId, endpoint } from './endpoint';
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

export const healthAnswerSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

export const setupStatusSchema = z.object({ needs_setup: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const loginAnswerSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: z.object({ id: z.number(), nickname: z.string(), username: z.string() }),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const userInfoSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  roles: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Every endpoint of the session area (API.md, session): which are open without a token is the server's word. */
export const authEndpoints = {
  health: endpoint({ method: 'GET', path: '/api/health', response: healthAnswerSchema }),
  setupStatus: endpoint({ method: 'GET', path: '/api/setup', response: setupStatusSchema }),
  setup: endpoint({ method: 'POST', path: '/api/setup', body: setupBody, response: createdId, status: 201 }),
  login: endpoint({ method: 'POST', path: '/api/login', body: loginBody, response: loginAnswerSchema }),
  logout: endpoint({ method: 'POST', path: '/api/logout', response: z.null() }),
  userInfo: endpoint({ method: 'GET', path: '/api/user/info', response: userInfoSchema }),
  resetPassword: endpoint({ method: 'PUT', path: '/api/user/reset', body: resetPasswordBody, response: z.null() }),
};
