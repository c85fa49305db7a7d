import { z } from 'zod';
import { hashedPasswordField, nicknameField, phoneField, usernameField } from './auth';
import { idParam, pageQuery } from './common';
import { createdId, endpoint, paged } from './endpoint';

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

const staffStatusSchema = z.literal([STAFF_STATUS.enabled, STAFF_STATUS.disabled]);

/** An account as the staff screens see it: never its password hash, never its deletion mark. */
export const staffSchema = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string(),
  phone_number: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: staffStatusSchema,
});
export type Staff = z.infer<typeof staffSchema>;

export const staffSwitchAnswerSchema = z.object({ status: staffStatusSchema });
export type StaffSwitchAnswer = z.infer<typeof staffSwitchAnswerSchema>;

/** Every endpoint of the staff area (API.md, session and staff). */
export const staffEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/user', query: pageQuery, response: paged(staffSchema) }),
  create: endpoint({ method: 'POST', path: '/api/user', body: staffCreateBody, response: createdId, status: 201 }),
  get: endpoint({ method: 'GET', path: '/api/user/:id', params: idParam, response: staffSchema }),
  update: endpoint({
    method: 'PUT',
    path: '/api/user/:id',
    params: idParam,
    body: staffUpdateBody,
    response: staffSchema,
  }),
  delete: endpoint({ method: 'DELETE', path: '/api/user/:id', params: idParam, response: null, status: 204 }),
  switchStatus: endpoint({
    method: 'PUT',
    path: '/api/user/:id/switch',
    params: idParam,
    response: staffSwitchAnswerSchema,
  }),
};
