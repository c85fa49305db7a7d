/**
 * The pieces every stage record's contract (pickup, registry, release-pass, exports, filed) is made of,
 * built from the stage's row of `stageTable` so that a slot's field, required message and file count are
 * written once: its document fields (a required slot refuses with the table's message, an optional one
 * only a bad path), the other photos' list with its maximum, the VIN list, the add and edit bodies
 * around the record's own fields, and the read answer's documents. The wire format is the one the
 * contracts wrote by hand: the same names, messages, coercions (form-encoded `vin[]=…`, `car_image[0]=…`)
 * and field order (the first failing rule is the one a 422 names first).
 */
import { z } from 'zod';
import { idField } from './common';
import { asList, blankToUndefined, storagePathField, storagePathMessage } from './fields';
import { type DocumentSlot, type Stage, type StageSlotOf, stageTable } from './stage';
import type { UploadDir } from './upload';
import { vinField } from './vehicle';

/** The field of the other photos' list, the one slot of many files. */
const PHOTOS = 'car_image';

type PhotoSlotOf<S extends Stage> = Extract<StageSlotOf<S>, { field: typeof PHOTOS }>;
type SingleSlotOf<S extends Stage> = Exclude<StageSlotOf<S>, { field: typeof PHOTOS }>;
/** A stage's single documents, as API fields (`xsz_image`). */
export type DocumentFieldOf<S extends Stage> = SingleSlotOf<S>['field'];
/** Every file field of a stage: its single documents and, where it has them, the other photos. */
export type FileFieldOf<S extends Stage> = StageSlotOf<S>['field'];

/** The stage's slot of that field (the table is the only place slots are written). */
export const stageSlot = <S extends Stage>(stage: S, field: FileFieldOf<S>): DocumentSlot => {
  const slot = stageTable[stage].slots.find((candidate) => candidate.field === field);
  if (!slot) throw new Error(`${stage} has no ${field} slot`);
  return slot;
};

/** What a form and the server say when a required slot is empty. */
export const slotMissing = (slot: DocumentSlot): string => slot.missing ?? `请上传${slot.label}`;

/** What they say when a list slot holds too many files (其他照片最多上传9张). */
export const slotTooMany = (slot: DocumentSlot): string => `${slot.label}最多上传${slot.maxFiles}张`;

/** The stage's single documents in the form's order: the fields whose one file counts in a rate. */
export const stageDocumentFields = <S extends Stage>(stage: S): readonly DocumentFieldOf<S>[] =>
  stageTable[stage].slots.filter((slot) => slot.field !== PHOTOS).map((slot) => slot.field as DocumentFieldOf<S>);

/** The stage's slots by API field, in the form's order. */
export const stageSlots = <S extends Stage>(stage: S): Readonly<Record<FileFieldOf<S>, DocumentSlot>> =>
  Object.fromEntries(stageTable[stage].slots.map((slot) => [slot.field, slot])) as Record<FileFieldOf<S>, DocumentSlot>;

/** Each file field with the upload slot its files come from (the server's `assertFileReferences`). */
export const stageSlotDirs = <S extends Stage>(stage: S): Record<FileFieldOf<S>, readonly UploadDir[]> =>
  Object.fromEntries(
    stageTable[stage].slots.map((slot): [string, readonly UploadDir[]] => [slot.field, [slot.dir]]),
  ) as Record<FileFieldOf<S>, readonly UploadDir[]>;

/** A required document: a stored path, the table's message when blank. */
const requiredDocument = (message: string) => z.preprocess(blankToUndefined, storagePathField(message));
type RequiredDocument = ReturnType<typeof requiredDocument>;

/** An optional document: a stored path or nothing (a missing one lowers the rate, never refuses). */
const optionalDocument = () => z.preprocess(blankToUndefined, storagePathField(storagePathMessage).optional());
type OptionalDocument = ReturnType<typeof optionalDocument>;

/**
 * The other photos: a list sent as `car_image[]` or `car_image[0]`, at most the slot's `maxFiles`. A
 * required list (the check-in's) says the table's message for an empty list and a bad entry alike;
 * an optional one only that a path is wrong.
 */
const photoList = (slot: DocumentSlot) => {
  const message = slot.required ? slotMissing(slot) : storagePathMessage;
  const list = z.array(storagePathField(message), { error: message });
  return z.preprocess(asList, (slot.required ? list.min(1, message) : list).max(slot.maxFiles, slotTooMany(slot)));
};
type PhotoList = ReturnType<typeof photoList>;

/** A stage's file fields as a request takes them, typed from the table's literal slots. */
export type DocumentShapeOf<S extends Stage> = {
  [Slot in SingleSlotOf<S> as Slot['field']]: Slot['required'] extends true ? RequiredDocument : OptionalDocument;
} & ([PhotoSlotOf<S>] extends [never] ? unknown : { car_image: PhotoList });

/** The stage's file fields in the form's (the table's) order, each with its rule and message. */
export const stageDocuments = <S extends Stage>(stage: S): DocumentShapeOf<S> =>
  Object.fromEntries(
    stageTable[stage].slots.map((slot) => [
      slot.field,
      slot.field === PHOTOS
        ? photoList(slot)
        : slot.required
          ? requiredDocument(slotMissing(slot))
          : optionalDocument(),
    ]),
  ) as DocumentShapeOf<S>;

export interface VinListRule {
  /** Said for no VIN at all, and for a blank entry. */
  required: string;
  /** Said for an entry that is not 17 characters of a VIN. */
  format: string;
  /** How many vehicles one record may hold, and what is said beyond. */
  max: number;
  tooMany: string;
}

/** The record's vehicles: `vin[]=…` (or `vin[0]=…`, or one `vin=`), at least one, each upper-cased. */
export const vinList = (rule: VinListRule) =>
  z.preprocess(
    asList,
    z
      .array(vinField(rule.required, rule.format), { error: rule.required })
      .min(1, rule.required)
      .max(rule.max, rule.tooMany),
  );

/** The form's draft marker: accepted and ignored. */
const draft = { b_status: z.unknown().optional() };

/**
 * A record form's fields, in the order a 422 should name them: `before` (the overseas contract), the
 * VINs, the record's own `fields`, the stage's documents, `after` (text typed below the uploads), and
 * the draft marker.
 */
export const stageRecordFields = <
  S extends Stage,
  Vin extends z.ZodType,
  Before extends z.ZodRawShape = Record<never, never>,
  Fields extends z.ZodRawShape = Record<never, never>,
  After extends z.ZodRawShape = Record<never, never>,
>(
  stage: S,
  parts: { before?: Before; vin: Vin; fields?: Fields; after?: After },
) =>
  ({
    ...parts.before,
    vin: parts.vin,
    ...parts.fields,
    ...stageDocuments(stage),
    ...parts.after,
    ...draft,
  }) as Before & { vin: Vin } & Fields & DocumentShapeOf<S> & After & typeof draft;

/** The edit: the add form with the record's id first and the `updated_at` it read (stale save → 409). */
export const stageEditBody = <Id extends string, Shape extends z.ZodRawShape>(
  id: Id,
  idMessage: string,
  fields: Shape,
) =>
  z.strictObject({
    ...({ [id]: idField(idMessage) } as Record<Id, ReturnType<typeof idField>>),
    ...fields,
    updated_at: z.string().optional(),
  });

/** The read answer's single documents: a stored path or null each, in the form's order. */
export const stageDocumentAnswers = <S extends Stage>(stage: S) =>
  Object.fromEntries(stageDocumentFields(stage).map((field) => [field, z.string().nullable()])) as Record<
    DocumentFieldOf<S>,
    z.ZodNullable<z.ZodString>
  >;

/** The read answer's other photos, as a list and in the legacy shape (spec part 2, section 3). */
export const photoAnswers = {
  car_image: z.array(z.string()),
  carimage: z.array(z.object({ image_url: z.string() })),
};
