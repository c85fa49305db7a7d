/**
 * The release pass (出库 / 车辆放行, spec part 2, sections 2, 3, 5, 7; API.md, Cars: releaseAdd,
 * releaseEdit, releaseRead): one slip lets several vehicles of one purchase contract leave the yard. Its
 * documents are the slots of `stageTable.release` (放行条, 离场照片, up to 9 other photos), so the form,
 * the server and the status tags say the same thing. Issue 11 adds the export declaration and the
 * release list next to it.
 */
import { z } from 'zod';
import { idField } from './common';
import { createdId, endpoint } from './endpoint';
import { asList, blankToUndefined, storagePathMessage } from './fields';
import { FLOWS, stageMessages } from './stage';
import {
  photoAnswers,
  slotMissing,
  stageDocumentAnswers,
  slotTooMany,
  stageEditBody,
  stageRecordFields,
  stageSlots,
  vinList,
} from './stage-record-schema';
import { VIN_LENGTH } from './vehicle';

/** The pass's document slots (contract/stage.ts): the release slip, the departure photo, other photos. */
export const releasePassSlots = stageSlots('release');

/** How many vehicles one pass may hold: far more than a purchase contract's, and a bound on the request. */
export const RELEASE_PASS_MAX_VEHICLES = 500;
/** How many vehicles the form's transfer list is sent at once (the newest; a VIN search finds the others). */
export const RELEASE_CANDIDATES_LIMIT = 200;
/** How many vehicles the pickup list may hand the form in `?car=`. */
export const RELEASE_ASKED_MAX = 500;

export const releasePassMessages = {
  // The form (spec part 2, section 5).
  vinRequired: '请先选择要放行出库的车辆',
  vinFormat: '车架号格式错误',
  fxtImageRequired: slotMissing(releasePassSlots.fxt_image),
  lcImageRequired: slotMissing(releasePassSlots.lc_image),
  carImageTooMany: slotTooMany(releasePassSlots.car_image),
  tooManyVehicles: `一张放行条最多放行${RELEASE_PASS_MAX_VEHICLES}台车辆`,
  storagePath: storagePathMessage,
  releaseIdRequired: '放行记录不存在',
  // Batch release from the pickup list (spec part 2, section 5).
  alreadyReleased: stageMessages.alreadyRecorded('', 'release'),
  batchEmpty: '请先选择要批量操作的车辆',
  // The server's refusals.
  vehicleUnknown: (vin: string) => `车架号 ${vin} 不存在`,
  fileNotUploaded: '文件不存在，请重新上传',
  /** The pass belongs to one purchase contract (its purchase_id), which the release detail page lists. */
  mixedPurchases: '一张放行条只能放行同一采购合同的车辆',
  /** A vehicle handed on to filing left the yard on this pass: it cannot be taken off it. */
  droppedMovedOn: (vin: string) => `车辆 ${vin} 已移交归档，不能从放行条中移除`,
  candidateIds: '车辆编号不正确',
  // The screens.
  created: '新建成功',
  updated: '编辑成功',
  saveFailed: '操作失败',
  updateFailed: '编辑失败',
} as const;

/**
 * The pass form, in the order of the spec's messages (the vehicles, then the slip, then the departure
 * photo), so that the first failing rule is the one the form shows first.
 */
const releaseFields = stageRecordFields('release', {
  /** The VINs of the vehicles the slip lets out (`vin[]` in the spec's form post). */
  vin: vinList({
    required: releasePassMessages.vinRequired,
    format: releasePassMessages.vinFormat,
    max: RELEASE_PASS_MAX_VEHICLES,
    tooMany: releasePassMessages.tooManyVehicles,
  }),
});

export const releaseAddBody = z.strictObject(releaseFields);
export type ReleaseAddBodyInput = z.input<typeof releaseAddBody>;
export type ReleaseAddBody = z.output<typeof releaseAddBody>;

/** The edit: the same form with the pass's id and the `updated_at` it read (stale save → 409). */
export const releaseEditBody = stageEditBody('release_id', releasePassMessages.releaseIdRequired, releaseFields);
export type ReleaseEditBodyInput = z.input<typeof releaseEditBody>;
export type ReleaseEditBody = z.output<typeof releaseEditBody>;

export const releaseReadQuery = z.object({ releaseId: idField(releasePassMessages.releaseIdRequired) });

/** `1,2,3`, `car_id[]=1&car_id[]=2` or one id: the vehicles the pickup list asked the form to preselect. */
const idList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : asList(value)),
  z
    .array(idField(releasePassMessages.candidateIds), { error: releasePassMessages.candidateIds })
    .max(RELEASE_ASKED_MAX, releasePassMessages.candidateIds),
);

/**
 * `GET /api/car/releaseCandidates`: the vehicles the form's transfer list offers, newest first and at
 * most `RELEASE_CANDIDATES_LIMIT` of them: vehicles in the release flow (or later) without a pass,
 * their VIN containing `vin` when given. With `release_id` the pass's own vehicles come first (an
 * edit may keep them); with `car_id` the asked vehicles are answered in `asked`, whatever their state,
 * each with the reason it cannot be released if it cannot.
 */
export const releaseCandidatesQuery = z.object({
  vin: z.preprocess(blankToUndefined, z.string().trim().max(VIN_LENGTH, releasePassMessages.vinFormat).optional()),
  release_id: z.preprocess(blankToUndefined, idField(releasePassMessages.releaseIdRequired).optional()),
  car_id: idList,
});
export type ReleaseCandidatesQuery = z.infer<typeof releaseCandidatesQuery>;

// ---- answers ----

/** A vehicle of the transfer list, with its purchase contract and overseas contract. */
export const releaseCandidateSchema = z.object({
  id: z.number(),
  vin: z.string(),
  model: z.string().nullable(),
  flow: z.enum(FLOWS).nullable(),
  /** The release stage value: above 0 once a pass holds the vehicle. */
  release: z.number(),
  /** The pass that holds it, if any. */
  release_id: z.number().nullable(),
  purchase_id: z.number().nullable(),
  purchase_no: z.string().nullable(),
  order_id: z.number().nullable(),
  order_no: z.string().nullable(),
});
export type ReleaseCandidate = z.infer<typeof releaseCandidateSchema>;

/** A vehicle named by `car_id`: why it cannot go on this pass, or null when it can. */
export const releaseAskedSchema = releaseCandidateSchema.extend({ refusal: z.string().nullable() });
export type ReleaseAsked = z.infer<typeof releaseAskedSchema>;

export const releaseCandidatesAnswerSchema = z.object({
  /** The edited pass's own vehicles (matching `vin`), then the newest vehicles waiting for a pass. */
  data: z.array(releaseCandidateSchema),
  /** More vehicles wait than were sent: the clerk narrows the list by VIN. */
  more: z.boolean(),
  limit: z.number(),
  /** The vehicles `car_id` named, in that order (unknown ids left out). */
  asked: z.array(releaseAskedSchema),
});
export type ReleaseCandidatesAnswer = z.infer<typeof releaseCandidatesAnswerSchema>;

/** A vehicle on the pass (the spec's `releasecar`). */
export const releaseCarSchema = z.object({ car_id: z.number(), vin: z.string(), model: z.string().nullable() });

/** `releaseRead`: the pass with its documents, vehicles and purchase contract. */
export const releasePassSchema = z.object({
  id: z.number(),
  release_id: z.number(),
  order_id: z.number().nullable(),
  order_no: z.string().nullable(),
  purchase_id: z.number().nullable(),
  purchase_no: z.string().nullable(),
  /** The purchase contract's seller. */
  customer_name: z.string().nullable(),
  releasecar: z.array(releaseCarSchema),
  ...stageDocumentAnswers('release'),
  ...photoAnswers,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReleasePass = z.infer<typeof releasePassSchema>;

/** Every endpoint of the release pass (API.md, Cars). */
export const releasePassEndpoints = {
  candidates: endpoint({
    method: 'GET',
    path: '/api/car/releaseCandidates',
    query: releaseCandidatesQuery,
    response: releaseCandidatesAnswerSchema,
  }),
  read: endpoint({
    method: 'GET',
    path: '/api/car/releaseRead',
    query: releaseReadQuery,
    response: releasePassSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/car/releaseAdd',
    body: releaseAddBody,
    // One pass per purchase contract of the cars sent: `id` the first, `ids` all of them.
    response: createdId.extend({ ids: z.array(z.number()) }),
  }),
  edit: endpoint({
    method: 'POST',
    path: '/api/car/releaseEdit',
    body: releaseEditBody,
    response: createdId,
  }),
};
