import { z } from 'zod';
import { carMessages, normalizeVin, VIN_PATTERN } from './vehicle';
import { optionalFilter, pageQuery } from './common';
import { endpoint, paged } from './endpoint';
import { limitedText } from './fields';

/** Why the VIN was corrected (API.md: optional, at most 200 characters), kept in the correction and its history. */
export const VIN_CORRECTION_REASON_MAX = 200;
export const vinCorrectionReasonLabel = '更正原因';

export const vinCorrectionMessages = {
  vinOldRequired: '请填写要更正的车架号',
  vinOldUnknown: '要更正的车架号不存在',
  vinNewFormat: '新车架号格式错误',
  vinNewInUse: '新车架号已被其他车辆使用',
  sameVin: '新车架号与原车架号相同',
  done: '操作成功',
  failed: '操作失败',
} as const;

/** Old VINs may be malformed (that is why they are corrected): only required, then trimmed and upper-cased. */
export const vinCorrectionBody = z.strictObject({
  vinOld: z
    .string({ error: vinCorrectionMessages.vinOldRequired })
    .transform(normalizeVin)
    .pipe(z.string().min(1, vinCorrectionMessages.vinOldRequired).max(64, vinCorrectionMessages.vinOldUnknown)),
  vinNew: z
    .string({ error: vinCorrectionMessages.vinNewFormat })
    .transform(normalizeVin)
    .pipe(z.string().regex(VIN_PATTERN, vinCorrectionMessages.vinNewFormat)),
  reason: limitedText(vinCorrectionReasonLabel, VIN_CORRECTION_REASON_MAX),
});
export type VinCorrectionBody = z.input<typeof vinCorrectionBody>;

export const vinCorrectionListQuery = pageQuery.extend({
  vinNew: optionalFilter(z.string().trim().max(17, carMessages.vinFormat)),
});
export type VinCorrectionListQuery = z.infer<typeof vinCorrectionListQuery>;

export const vinCorrectionSchema = z.object({
  id: z.number(),
  vin_old: z.string(),
  vin_new: z.string(),
  /** Who corrected it; null only if that account's row is gone. */
  users: z.object({ nickname: z.string() }).nullable(),
  created_at: z.string(),
});
export type VinCorrection = z.infer<typeof vinCorrectionSchema>;

export const vinCorrectionAnswerSchema = z.object({ id: z.number() });
export type VinCorrectionAnswer = z.infer<typeof vinCorrectionAnswerSchema>;

/** The spec's car-area actions answer 200, a correction included. */
export const vinCorrectionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/car/vinAlterLists',
    query: vinCorrectionListQuery,
    response: paged(vinCorrectionSchema),
  }),
  correct: endpoint({
    method: 'POST',
    path: '/api/car/vinAlter',
    body: vinCorrectionBody,
    response: vinCorrectionAnswerSchema,
  }),
};
