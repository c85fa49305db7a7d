/**
 * The life of a vehicle (DOMAIN.md), as one table that the server's `lifecycle/` service, the record
 * forms, the status tags and the document rates all read: where a vehicle may be (its flow), the eight
 * stages, and for each stage its record's document slots, how its 0/1/2 value and its rate are
 * computed, and in which flows its record may be made.
 */
import { z } from 'zod';
import { IMAGE_EXTENSIONS, type UploadDir } from './upload';

/** Where a vehicle is, in the order it moves (DOMAIN.md, "Where it is"). */
export const FLOWS = ['purchase', 'pickup', 'registry', 'release', 'filing'] as const;
export type Flow = (typeof FLOWS)[number];

/** Said to a clerk when a vehicle is somewhere a step cannot be taken ("… 当前在采购环节"). */
export const flowLabels: Record<Flow, string> = {
  purchase: '采购',
  pickup: '入库',
  registry: '车管',
  release: '出库报关',
  filing: '归档',
};

/** The eight stages, in the order the archive query shows their tags (spec part 2, section 2). */
export const STAGES = ['entry', 'plate', 'release', 'transfer', 'exports', 'drawback', 'archive', 'freight'] as const;
export type Stage = (typeof STAGES)[number];

/** 0 no record, 1 a record with documents missing, 2 the record is complete. */
export type StageValue = 0 | 1 | 2;

/** One document a stage record carries. */
export interface DocumentSlot {
  /** The API field (`xsz_image`); the column has the same name, except `car_image` → `car_images`. */
  field: string;
  label: string;
  /** A record cannot be saved without it; `missing` is what the form and the server say. */
  required: boolean;
  missing?: string;
  /** 1 for a single document; the photo lists take 9 (25 on an export declaration). */
  maxFiles: number;
  /** Where its files are uploaded (API.md, upload slots). */
  dir: UploadDir;
  /**
   * Fewer extensions than `dir` allows: a photo slot takes pictures only (jpg/png/jpeg), while the
   * `image` dir would also take a scanned PDF (the release slip 放行条 may be one). Absent: all of `dir`.
   */
  accept?: readonly string[];
  /** Counts towards the record's rate and, where the value depends on documents, its completeness. */
  counted: boolean;
}

/**
 * How a saved record sets its stage value: `saved` gives 2 as soon as the record exists (its required
 * documents are enforced on save); `allCounted` gives 2 when every counted document is present, else 1.
 */
export type CompletionRule = 'saved' | 'allCounted';

export interface StageDefinition {
  stage: Stage;
  /** The status tag's word. */
  label: string;
  /** The record's name in messages ("入库记录"). */
  recordLabel: string;
  /** The flow whose vehicles take this step; the record may also be made in a later flow, to correct it. */
  flow: Flow;
  slots: readonly DocumentSlot[];
  completion: CompletionRule;
  /** Whether the record shows a rate: the share of its counted documents present, in whole percent. */
  rated: boolean;
}

/**
 * A slot as the table writes it: its API field and whether it is required stay literal types, so that
 * contract/stage-record-schema.ts can type a record's document fields from the table itself.
 */
export type TableSlot<F extends string = string, R extends boolean = boolean> = DocumentSlot & {
  field: F;
  required: R;
};

const photos = <R extends boolean = false>(maxFiles: number, required?: R): TableSlot<'car_image', R> => {
  const slot: DocumentSlot = {
    field: 'car_image',
    label: '其他照片',
    required: required === true,
    ...(required === true ? { missing: '请上传其他照片' } : {}),
    maxFiles,
    dir: 'image',
    accept: IMAGE_EXTENSIONS,
    counted: false,
  };
  return slot as TableSlot<'car_image', R>;
};

const single = <F extends string, M extends string | undefined = undefined>(
  field: F,
  label: string,
  dir: UploadDir,
  missing?: M,
): TableSlot<F, M extends string ? true : false> => {
  const slot: DocumentSlot = {
    field,
    label,
    required: missing !== undefined,
    ...(missing !== undefined ? { missing } : {}),
    maxFiles: 1,
    dir,
    counted: true,
  };
  return slot as TableSlot<F, M extends string ? true : false>;
};

/** A single photo: the `image` dir, pictures only. */
const photo = <F extends string, M extends string | undefined = undefined>(field: F, label: string, missing?: M) => ({
  ...single(field, label, 'image', missing),
  accept: IMAGE_EXTENSIONS,
});

const stageRows = {
  entry: {
    stage: 'entry',
    label: '入库',
    recordLabel: '入库记录',
    flow: 'pickup',
    // The spec's "please upload invoice image" for the exterior photo is a slip (issue 10).
    slots: [
      photo('vin_image', '车架号照片', '请上传车架号照片'),
      photo('wg_image', '外观照片', '请上传外观照片'),
      photos(9, true),
    ],
    completion: 'saved',
    rated: false,
  },
  plate: {
    stage: 'plate',
    label: '上牌',
    recordLabel: '上牌记录',
    flow: 'registry',
    slots: [
      single('xsz_image', '行驶证', 'document'),
      single('djz_image', '登记证书', 'document'),
      single('lp_image', '临时牌照', 'document'),
      single('fp_image', '新车发票', 'document'),
      single('hgz_image', '合格证', 'document'),
      single('ycxzs_image', '一致性证书', 'document'),
      single('hbqd_image', '环保清单', 'document'),
      single('bx_image', '保险单', 'document'),
      photos(9),
    ],
    completion: 'allCounted',
    rated: true,
  },
  release: {
    stage: 'release',
    label: '出库',
    recordLabel: '出库记录',
    flow: 'release',
    slots: [
      // The slip may be a scanned PDF (the whole `image` dir); the departure photo is a picture.
      single('fxt_image', '放行条', 'image', '请上传放行条'),
      photo('lc_image', '离场照片', '请上传离场照片'),
      photos(9),
    ],
    completion: 'saved',
    rated: false,
  },
  transfer: {
    stage: 'transfer',
    label: '过户',
    recordLabel: '过户记录',
    flow: 'registry',
    slots: [
      single('djz_image', '登记证书', 'document'),
      single('lp_image', '临时牌照', 'document'),
      single('usedcar_invoices_image', '二手车发票', 'document'),
      single('zzs_invoices_image', '增值税发票', 'document'),
      single('xsz_image', '行驶证', 'document'),
      photos(9),
    ],
    completion: 'allCounted',
    rated: true,
  },
  exports: {
    stage: 'exports',
    label: '出口',
    recordLabel: '出口报关记录',
    flow: 'release',
    slots: [
      single('xkz_image', '许可证', 'document', '请上传许可证'),
      single('bgzl_image', '报关资料', 'document', '请上传报关资料'),
      single('bgd_image', '报关单', 'document', '请上传报关单'),
      single('td_image', '提单', 'document', '请上传提单'),
      single('jcbg_image', '检测报告', 'document'),
      single('hgfxtz_image', '海关放行通知书', 'document'),
      photos(25),
    ],
    completion: 'saved',
    rated: true,
  },
  drawback: {
    stage: 'drawback',
    label: '退税',
    recordLabel: '退税记录',
    flow: 'filing',
    slots: [],
    completion: 'saved',
    rated: false,
  },
  archive: {
    stage: 'archive',
    label: '注销',
    recordLabel: '注销记录',
    flow: 'filing',
    slots: [single('zxzm_image', '注销证明', 'document', '请上传注销证明')],
    completion: 'saved',
    rated: false,
  },
  freight: {
    stage: 'freight',
    label: '运费',
    recordLabel: '运费记录',
    flow: 'filing',
    slots: [single('yffp_image', '运费发票', 'document'), single('yffkd_image', '运费付款单', 'document'), photos(9)],
    completion: 'allCounted',
    rated: false,
  },
} satisfies Record<Stage, StageDefinition>;

export const stageTable: Record<Stage, StageDefinition> = stageRows;

/** A stage's slots with their literal fields and required flags (for the record schemas' types). */
export type StageSlotOf<S extends Stage> = (typeof stageRows)[S]['slots'][number];

/** A stage record's documents as saved: a path (or null) per single slot, a list for `car_image`. */
export type RecordDocuments = Record<string, string | null | undefined | readonly string[]>;

const present = (value: RecordDocuments[string]): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.length > 0;

/** How many of the record's counted documents are present, and of how many. */
export function documentCount(stage: Stage, documents: RecordDocuments): { present: number; of: number } {
  const counted = stageTable[stage].slots.filter((slot) => slot.counted);
  return { present: counted.filter((slot) => present(documents[slot.field])).length, of: counted.length };
}

/** The record's rate in whole percent (plate n/8, transfer n/5, exports n/6); 0 for a stage without one. */
export function stageRate(stage: Stage, documents: RecordDocuments): number {
  if (!stageTable[stage].rated) return 0;
  const { present: count, of } = documentCount(stage, documents);
  return of === 0 ? 0 : Math.round((count / of) * 100);
}

/** The stage value a saved record gives its vehicles (never set by hand). */
export function stageValue(stage: Stage, documents: RecordDocuments): StageValue {
  if (stageTable[stage].completion === 'saved') return 2;
  const { present: count, of } = documentCount(stage, documents);
  return count === of ? 2 : 1;
}

/** The required documents a record lacks, as the messages a clerk reads, in the form's order. */
export function missingDocuments(stage: Stage, documents: RecordDocuments): string[] {
  return stageTable[stage].slots
    .filter((slot) => slot.required && !present(documents[slot.field]))
    .map((slot) => slot.missing ?? `请上传${slot.label}`);
}

/** A record may be made for a vehicle in the stage's flow or a later one (to correct it). */
export function recordAllowedIn(stage: Stage, flow: Flow | null): boolean {
  if (flow === null) return false;
  return FLOWS.indexOf(flow) >= FLOWS.indexOf(stageTable[stage].flow);
}

/** A vehicle is complete when its tax refund, deregistration and freight are all complete. */
export const COMPLETION_STAGES = ['drawback', 'archive', 'freight'] as const satisfies readonly Stage[];

export const isComplete = (values: Record<(typeof COMPLETION_STAGES)[number], number>): boolean =>
  COMPLETION_STAGES.every((stage) => values[stage] === 2);

/** The status tag's colour for a value (spec: 0 grey, 1 warning, any other success). */
export const stageTagColor = (value: number): 'default' | 'warning' | 'success' =>
  value === 0 ? 'default' : value === 1 ? 'warning' : 'success';

/** What the lifecycle says to a clerk (DOMAIN.md: a refusal names the VIN and where the vehicle is). */
export const stageMessages = {
  vehicleMissing: '车辆不存在',
  notBought: (vin: string) => `车辆 ${vin} 尚未签订采购合同`,
  wrongFlow: (vin: string, flow: Flow, stage: Stage) =>
    `车辆 ${vin} 当前在${flowLabels[flow]}环节，不能保存${stageTable[stage].recordLabel}`,
  alreadyRecorded: (vin: string, stage: Stage) =>
    stage === 'release' ? '已出库的车辆不能再次出库' : `车辆 ${vin} 已有${stageTable[stage].recordLabel}，请编辑原记录`,
  noVehicles: '请先选择车辆',
  // Why a vehicle stayed behind at a hand-over.
  keptElsewhere: (flow: Flow | null) => (flow ? `当前在${flowLabels[flow]}环节` : '尚未采购'),
  keptNoEntry: '尚未入库',
  keptNoRegistry: '尚未上牌或过户',
  keptNoRelease: '尚未出库',
  keptNoExports: '尚未出口报关',
  keptMovedMeanwhile: '已被他人移交',
  // What the screens say after a hand-over (the spec's 移交成功! when something moved).
  handOverDone: '移交成功!',
  handOverFailed: '移交失败!',
  keptTitle: '以下车辆未移交：',
  nothingHandedOver: '没有可移交的车辆',
} as const;

/** What every hand-over answers: how many vehicles moved, and which stayed and why. */
export const handOverAnswerSchema = z.object({
  moved: z.number(),
  kept: z.array(z.object({ vin: z.string(), reason: z.string() })),
});
export type HandOverAnswer = z.infer<typeof handOverAnswerSchema>;
