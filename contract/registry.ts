/**
 * The registry (车管): plating (上牌) of new cars and transfer of ownership (过户) of used cars, and the
 * hand-over to release and export (spec part 2, sections 2, 3, 4, 7; API.md, Cars: plateLists …
 * transferHandOver; DOMAIN.md, flows). The documents are the slots of `stageTable.plate` and
 * `stageTable.transfer`, so the forms, the server and the rates say the same thing.
 */
import { z } from 'zod';
import { digitsToNumber, idField, optionalFilter, pageQuery, recordDay } from './common';
import { createdId, endpoint, paged } from './endpoint';
import { asList, blankToUndefined, storagePathMessage } from './fields';
import { type DocumentSlot, handOverAnswerSchema, stageTable } from './stage';
import {
  photoAnswers,
  slotTooMany,
  stageDocumentAnswers,
  stageDocumentFields,
  stageEditBody,
  stageRecordFields,
  stageSlot,
} from './stage-record-schema';
import { vinField } from './vehicle';
import { deadlineBriefSchema } from './deadline';

/** The two registry stages. */
export type RegistryStage = 'plate' | 'transfer';

/** The list's tabs (spec part 2, section 2): 1 待上牌 (new cars), 2 待过户 (used cars). */
export const REGISTRY_TABS = { plate: 1, transfer: 2 } as const;
export type RegistryTab = (typeof REGISTRY_TABS)[keyof typeof REGISTRY_TABS];
export const registryTabLabels: Record<RegistryTab, string> = { 1: '待上牌', 2: '待过户' };
/** A tab lists the vehicles of purchase contracts of this type: 1 new cars, 2 used cars. */
export const tabStage: Record<RegistryTab, RegistryStage> = { 1: 'plate', 2: 'transfer' };

/** The single documents of each stage, as API fields, in the form's order (the stage table's slots). */
export const PLATE_DOCUMENTS = stageDocumentFields('plate');
export const TRANSFER_DOCUMENTS = stageDocumentFields('transfer');
export type PlateDocument = (typeof PLATE_DOCUMENTS)[number];
export type TransferDocument = (typeof TRANSFER_DOCUMENTS)[number];

export const registryDocuments: Record<RegistryStage, readonly string[]> = {
  plate: PLATE_DOCUMENTS,
  transfer: TRANSFER_DOCUMENTS,
};

/** The document slots of a registry stage (one file each, counted in the rate), in the form's order. */
export const documentSlots = (stage: RegistryStage): DocumentSlot[] =>
  stageTable[stage].slots.filter((slot) => slot.counted);

/** The other photos' slot of a registry stage (up to 9, not counted). */
export const photoSlot = (stage: RegistryStage): DocumentSlot => stageSlot(stage, 'car_image');

/** How many of the stage's documents a rate (whole percent) stands for: the list's `n/8`. */
export const presentFromRate = (stage: RegistryStage, rate: number): number =>
  Math.round((rate * documentSlots(stage).length) / 100);

export const registryMessages = {
  vinFormat: '请输入17位正确的车架号VIN',
  photosTooMany: slotTooMany(photoSlot('plate')),
  plateIdRequired: '上牌记录不存在',
  transferIdRequired: '过户记录不存在',
  storagePath: storagePathMessage,
  tab: '请选择待上牌或待过户',
  /** 预约日期 not a day from 2000-01-01 to 2100-12-31: the message the field has always given. */
  yyDate: '日期格式不正确',
  // The server's refusals.
  vehicleUnknown: (vin: string) => `车架号 ${vin} 不存在`,
  usedCarPlated: (vin: string) => `车架号 ${vin} 是二手车，应办理过户，不能上牌`,
  newCarTransferred: (vin: string) => `车架号 ${vin} 是新车，应办理上牌，不能过户`,
  fileNotUploaded: '文件不存在，请重新上传',
  handOverEmpty: '请先选择要移交的采购合同',
  purchaseUnknown: '采购合同不存在',
  orderUnknown: '海外合同不存在',
  // The screens.
  created: '新建成功',
  updated: '编辑成功',
  handOverDone: '移交成功!',
  handOverFailed: '移交失败!',
  /** Said when a hand-over moved nothing and named no vehicle. */
  handOverNothingDetail: '这些采购合同的车辆都已移交或不在车管环节',
  /** Said when a hand-over by overseas contract found none of its vehicles in the registry. */
  handOverOrderNothingDetail: '该海外合同没有在车管环节的车辆',
  notPlated: '未上牌',
  notTransferred: '未过户',
} as const;

const vin = vinField(registryMessages.vinFormat, registryMessages.vinFormat);

/** Every document optional (a missing one lowers the rate, never refuses); the appointment day first. */
const plateFields = stageRecordFields('plate', {
  vin,
  /** The appointment day (预约日期). */
  fields: { yy_date: z.preprocess(blankToUndefined, recordDay(registryMessages.yyDate).optional()) },
});

const transferFields = stageRecordFields('transfer', { vin });

export const plateAddBody = z.strictObject(plateFields);
export type PlateAddBodyInput = z.input<typeof plateAddBody>;
export type PlateAddBody = z.output<typeof plateAddBody>;
/** The edit: the same form with the record's id and the `updated_at` it read (stale save → 409). */
export const plateEditBody = stageEditBody('plate_id', registryMessages.plateIdRequired, plateFields);
export type PlateEditBodyInput = z.input<typeof plateEditBody>;
export type PlateEditBody = z.output<typeof plateEditBody>;

export const transferAddBody = z.strictObject(transferFields);
export type TransferAddBodyInput = z.input<typeof transferAddBody>;
export type TransferAddBody = z.output<typeof transferAddBody>;
export const transferEditBody = stageEditBody('transfer_id', registryMessages.transferIdRequired, transferFields);
export type TransferEditBodyInput = z.input<typeof transferEditBody>;
export type TransferEditBody = z.output<typeof transferEditBody>;

export const plateReadQuery = z.object({ plateId: idField(registryMessages.plateIdRequired) });
export const transferReadQuery = z.object({ transferId: idField(registryMessages.transferIdRequired) });

const tabField = z.preprocess(digitsToNumber, z.literal([1, 2], { error: registryMessages.tab }));

/**
 * `GET plateLists` / `transferLists`: the tab (1 new cars, 2 used cars) and the VIN filter; `order_id`
 * keeps one overseas contract's cars (a registry form's 继续录入下一辆 asks for the contract's next car).
 */
const listQuery = (defaultTab: RegistryTab) =>
  pageQuery.extend({
    type: z.preprocess(blankToUndefined, tabField.optional()).transform((tab) => tab ?? defaultTab),
    vin: optionalFilter(z.string().trim().max(17, '车架号不能超过 17 个字')),
    order_id: z.preprocess(blankToUndefined, idField(registryMessages.orderUnknown).optional()),
  });
export const plateListQuery = listQuery(REGISTRY_TABS.plate);
export const transferListQuery = listQuery(REGISTRY_TABS.transfer);
export type RegistryListQuery = z.output<typeof plateListQuery>;
export type RegistryListQueryInput = z.input<typeof plateListQuery>;

/**
 * `PUT transferHandOver`: the purchase contracts whose registered vehicles go to release and export, named
 * by `purchase_id[]`, or by `order_id`: every purchase contract of that overseas contract holding a vehicle
 * in the registry, new and used cars alike (the registry's 按海外合同移交, issue 24). One of them is needed.
 */
export const transferHandOverBody = z
  .strictObject({
    purchase_id: z
      .preprocess(
        asList,
        z
          .array(idField(registryMessages.purchaseUnknown), { error: registryMessages.handOverEmpty })
          .max(1000, registryMessages.handOverEmpty),
      )
      .optional(),
    order_id: z.preprocess(blankToUndefined, idField(registryMessages.orderUnknown).optional()),
  })
  .refine((body) => (body.purchase_id?.length ?? 0) > 0 || body.order_id !== undefined, {
    message: registryMessages.handOverEmpty,
    path: ['purchase_id'],
  });
export type TransferHandOverBodyInput = z.input<typeof transferHandOverBody>;

// ---- answers ----

/** A row's plating or transfer (the spec's `plate[]` / `transfer[]`: at most one). */
export const registryRecordSummarySchema = z.object({ id: z.number(), rate: z.number(), created_at: z.string() });
export type RegistryRecordSummary = z.infer<typeof registryRecordSummarySchema>;

/** A row of `plateLists` / `transferLists`: a vehicle in the registry flow or a later one. */
export const registryListItemSchema = z.object({
  id: z.number(),
  vin: z.string(),
  model: z.string().nullable(),
  /** `registry`: the lists hold only the vehicles still in the registry (issue 24); the wider enum is kept for old clients. */
  flow: z.enum(['registry', 'release', 'filing']),
  order_id: z.number().nullable(),
  order_no: z.string().nullable(),
  purchase_id: z.number().nullable(),
  purchase_no: z.string().nullable(),
  /** The purchase contract's type: 1 new car, 2 used car. */
  purchase_type: z.number().nullable(),
  plate: z.array(registryRecordSummarySchema),
  transfer: z.array(registryRecordSummarySchema),
  /** The stage values (0 none, 1 documents missing, 2 complete): the status tag's colour. */
  procedure: z.object({ plate: z.number(), transfer: z.number() }),
  /** The car's most urgent open 上牌/过户 or 临时牌照到期 deadline (issue 25); null when none. */
  deadline: deadlineBriefSchema.nullable(),
});
export type RegistryListItem = z.infer<typeof registryListItemSchema>;

const recordHead = {
  id: z.number(),
  car_id: z.number(),
  vin: z.string(),
  ...photoAnswers,
  rate: z.number(),
  order_id: z.number().nullable(),
  order_no: z.string().nullable(),
  purchase_id: z.number().nullable(),
  purchase_no: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** The purchase contract's vehicle count (共采购 N 台). */
  amount: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** `plateRead`: the plating with its documents, its vehicle and its purchase contract. */
export const plateSchema = z.object({
  ...recordHead,
  plate_id: z.number(),
  yy_date: z.string().nullable(),
  ...stageDocumentAnswers('plate'),
});
export type Plate = z.infer<typeof plateSchema>;

/** `transferRead`: the transfer with its documents, its vehicle and its purchase contract. */
export const transferSchema = z.object({
  ...recordHead,
  transfer_id: z.number(),
  ...stageDocumentAnswers('transfer'),
});
export type Transfer = z.infer<typeof transferSchema>;

/** Every endpoint of the registry (API.md, Cars). */
export const registryEndpoints = {
  plateList: endpoint({
    method: 'GET',
    path: '/api/car/plateLists',
    query: plateListQuery,
    response: paged(registryListItemSchema),
  }),
  transferList: endpoint({
    method: 'GET',
    path: '/api/car/transferLists',
    query: transferListQuery,
    response: paged(registryListItemSchema),
  }),
  plateAdd: endpoint({ method: 'POST', path: '/api/car/plateAdd', body: plateAddBody, response: createdId }),
  plateEdit: endpoint({
    method: 'POST',
    path: '/api/car/plateEdit',
    body: plateEditBody,
    response: createdId,
  }),
  plateRead: endpoint({ method: 'GET', path: '/api/car/plateRead', query: plateReadQuery, response: plateSchema }),
  transferAdd: endpoint({
    method: 'POST',
    path: '/api/car/transferAdd',
    body: transferAddBody,
    response: createdId,
  }),
  transferEdit: endpoint({
    method: 'POST',
    path: '/api/car/transferEdit',
    body: transferEditBody,
    response: createdId,
  }),
  transferRead: endpoint({
    method: 'GET',
    path: '/api/car/transferRead',
    query: transferReadQuery,
    response: transferSchema,
  }),
  handOver: endpoint({
    method: 'PUT',
    path: '/api/car/transferHandOver',
    body: transferHandOverBody,
    response: handOverAnswerSchema,
  }),
};
