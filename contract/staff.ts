import { z } from 'zod';
import { hashedPasswordField, nicknameField, phoneField, usernameField } from './auth';

export const STAFF_STATUS = { enabled: 1, disabled: 0 } as const;
export type StaffStatus = (typeof STAFF_STATUS)[keyof typeof STAFF_STATUS];
export const staffStatusLabel: Record<StaffStatus, string> = { 1: '启用', 0: '禁用' };

export const staffMessages = {
  usernameTaken: '账号已存在',
  cannotDeleteSelf: '不能删除自己的账号',
  cannotDisableSelf: '不能禁用自己的账号',
  created: '新建成功',
  updated: '编辑成功',
  createFailed: '操作失败',
  updateFailed: '编辑失败',
  deleted: '删除成功!',
  deleteConfirm: '此操作将永久删除该员工信息, 是否继续?',
} as const;

export const staffCreateBody = z.strictObject({
  username: usernameField,
  nickname: nicknameField,
  phone_number: phoneField,
  password: hashedPasswordField,
});
export type StaffCreateBody = z.infer<typeof staffCreateBody>;

/** Password optional on update; `updated_at` is the stale-save guard (API.md). */
export const staffUpdateBody = z.strictObject({
  username: usernameField,
  nickname: nicknameField,
  phone_number: phoneField,
  password: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    hashedPasswordField.optional(),
  ),
  updated_at: z.string().optional(),
});
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

export interface Staff {
  id: number;
  username: string;
  nickname: string;
  phone_number: string;
  created_at: string;
  updated_at: string;
  status: StaffStatus;
}

export interface StaffSwitchAnswer {
  status: StaffStatus;
}

export const staffPaths = {
  list: '/api/user',
  one: (id: number) => `/api/user/${id}`,
  switchStatus: (id: number) => `/api/user/${id}/switch`,
} as const;
