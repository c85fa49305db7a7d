import { type Stage, stageTable } from '../../../../contract/stage';
import type { UploadDir } from '../../../../contract/upload';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-errors';
import { STORAGE_URL_PREFIX } from '../../platform/storage/storage';

/**
 * Which files a record may name. A body's paths passed the contract's shape check only; a client
 * could still name any file under /storage (an export, another record's upload, one never uploaded).
 * Here every path a save brings must be an upload recorded in `uploaded_files`, stored into a slot
 * the field allows. Each record declares its file fields once (`FileRules`); every service that
 * saves file paths runs `assertFileReferences` before it writes, inside its transaction.
 */

/** The file fields of one record: for each body field, the upload slots its files may come from. */
export interface FileRules<F extends string> {
  fields: Readonly<Record<F, readonly UploadDir[]>>;
  /** What the clerk reads when a field names a file it may not (the record's own wording). */
  message: string;
  /** Fields that take fewer file types than their slot (photos only): the extensions they accept. */
  accept?: Readonly<Partial<Record<F, readonly string[]>>>;
}

/** What a photos-only field says of another file (a PDF in 外观照片). */
export const acceptMessage = (extensions: readonly string[]) => `只能上传 ${extensions.join('、')} 格式的照片`;

/**
 * The file rules of a stage record, from its slots in the stage table (contract/stage.ts): each
 * field's upload slot and, for a photos-only slot, its extensions. Every record service uses this, so
 * the form's pickers and the server refuse the same files.
 */
export const stageFileRules = (stage: Stage, message: string): FileRules<string> => {
  const slots = stageTable[stage].slots;
  return {
    fields: Object.fromEntries(slots.map((slot) => [slot.field, [slot.dir]])),
    message,
    accept: Object.fromEntries(slots.flatMap((slot) => (slot.accept ? [[slot.field, slot.accept]] : []))),
  };
};

const extensionOf = (path: string): string => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** A field's value: one path, a list of paths, or nothing. */
export type FilePaths = string | readonly string[] | null | undefined;

/** Exports are made for one download and deleted after a day: never a record's document. */
const EXPORTS_PREFIX = `${STORAGE_URL_PREFIX}exports/`;

const listOf = (paths: FilePaths): readonly string[] => {
  if (paths === null || paths === undefined) return [];
  return typeof paths === 'string' ? [paths] : paths;
};

interface Reference {
  /** The field as a validation error names it: `agreement`, or `contracts.1` for a list's entry. */
  field: string;
  path: string;
  slots: readonly UploadDir[];
  accept: readonly string[] | undefined;
}

/**
 * Refuses (422, every failing field named with `rules.message`) a save whose fields name a file that
 * was not uploaded into one of the field's slots. `held` are the paths the record already has, by
 * field: they stay accepted in that field, so that files saved before uploads were recorded (which
 * have no `uploaded_files` row) do not block an unrelated edit. An export path is refused even then.
 * One query whatever the number of fields; nothing is written.
 */
export const assertFileReferences = async <F extends string>(
  db: Db,
  rules: FileRules<F>,
  values: Readonly<Partial<Record<F, FilePaths>>>,
  held?: Readonly<Partial<Record<F, FilePaths>>>,
): Promise<void> => {
  const references: Reference[] = [];
  for (const name of Object.keys(rules.fields) as F[]) {
    const value = values[name];
    const keep = new Set(listOf(held?.[name]));
    const paths = listOf(value);
    paths.forEach((path, index) => {
      if (keep.has(path) && !path.startsWith(EXPORTS_PREFIX)) return;
      const field = typeof value === 'string' ? name : `${name}.${index}`;
      references.push({ field, path, slots: rules.fields[name], accept: rules.accept?.[name] });
    });
  }
  if (references.length === 0) return;

  const candidates = [...new Set(references.map((ref) => ref.path).filter((path) => !path.startsWith(EXPORTS_PREFIX)))];
  const rows =
    candidates.length === 0
      ? []
      : await db.selectFrom('uploaded_files').select(['url', 'dir']).where('url', 'in', candidates).execute();
  // `url` is unique in uploaded_files: one slot per stored file.
  const slotOf = new Map(rows.map((row) => [row.url, row.dir]));

  const errors: Record<string, string[]> = {};
  for (const ref of references) {
    const slot = slotOf.get(ref.path);
    if (slot === undefined || !(ref.slots as readonly string[]).includes(slot)) errors[ref.field] = [rules.message];
    else if (ref.accept && !ref.accept.includes(extensionOf(ref.path))) errors[ref.field] = [acceptMessage(ref.accept)];
  }
  // The shape of a validation failure (API.md), so that the form marks each field it names.
  const first = Object.values(errors)[0]?.[0];
  if (first !== undefined) throw new HttpError(422, first, { errors });
};
