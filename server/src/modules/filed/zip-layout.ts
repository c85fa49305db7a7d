/**
 * Where each document of a finished contract goes in its zip, and under which name. Pure: the service
 * gathers the records and the uploaded names, this decides the entries, and the same rules are tested
 * on their own (zip-layout.test.ts).
 *
 * Folders: `<VIN>/<stage>/` for the one-vehicle records (check-in, plating, transfer), `<stage>-<id>/` for
 * the records covering several vehicles (release pass, export declaration, deregistration, freight), and
 * `海外合同/…`, `采购合同-<no>/…` for the contracts' own files. A file is named by what it is, its slot's
 * label (`行驶证.jpg`, `其他照片-2.jpg`, `合同-1.pdf`), not by what the scanner called it (`IMG_2041.jpg`):
 * a clerk opening `<VIN>/上牌/` must see at a glance which paper is which. The uploaded name stays in the
 * 清单 beside its entry. Every name goes through the one file-name rule (contract/file-names.ts).
 */
import { manifestLabels } from '../../../../contract/filed-downloads';
import { cleanFileName, withoutInvisibles } from '../../../../contract/file-names';
import { offsetMinutes } from '../../time';

/** One document of the contract, before its name in the zip is decided. */
export interface PlannedFile {
  /** The `/storage/…` path the record names. */
  url: string;
  /** The folder, as raw segments (a VIN, a contract number, a stage label): cleaned here. */
  folder: readonly string[];
  /** 环节 in the 清单 (入库, 出口, 海外合同, …). */
  stage: string;
  /** 资料 in the 清单: the slot's label (行驶证, 报关单, 其他照片, …). */
  document: string;
  /** The contract's vehicles the record covers (none for a contract's own files). */
  vehicles: readonly string[];
  /** 1, 2, … within a slot that holds a list (photos, contract files); null for a one-document slot. */
  position: number | null;
  /** The name the clerk uploaded the file under, when the upload recorded one (the 清单 shows it). */
  uploadedName: string | null;
}

export interface ZipEntry extends PlannedFile {
  /** The entry's full name in the zip: `<folder>/<name>`. */
  entryName: string;
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1);
};

/**
 * A name as one path segment on every system: the one rule of contract/file-names.ts, shared with the
 * desktop's downloads. Empty when nothing usable is left.
 */
export const cleanSegment = (raw: string): string => cleanFileName(raw);

/** `报关单.jpg` → `报关单 (2).jpg`: the way Windows numbers a second copy. */
const numbered = (name: string, n: number): string => {
  const ext = extensionOf(name);
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  return ext ? `${base} (${n}).${ext}` : `${base} (${n})`;
};

/**
 * The file's name in its folder: the slot's label, numbered within a list, with the stored file's
 * extension (the upload kept the real one), else the uploaded name's.
 */
const fileNameOf = (file: PlannedFile): string => {
  const ext = extensionOf(file.url.split('/').pop() ?? '') || extensionOf(file.uploadedName ?? '');
  const base = file.position === null ? file.document : `${file.document}-${file.position}`;
  return cleanSegment(ext ? `${base}.${ext}` : base) || '文件';
};

/**
 * The zip's entries in the order given: each file's folder and name cleaned, and a name already used in
 * the same folder numbered (compared without case, as Windows and macOS do). The 清单 at the top keeps
 * its name.
 */
export const layoutEntries = (files: readonly PlannedFile[]): ZipEntry[] => {
  const taken = new Set<string>([manifestLabels.fileName.toLowerCase()]);
  return files.map((planned) => {
    // The 清单 shows the uploaded name without invisible characters, as uploads now store it (older rows).
    const file = { ...planned, uploadedName: planned.uploadedName && withoutInvisibles(planned.uploadedName) };
    const folder = file.folder.map((segment) => cleanSegment(segment) || '_').join('/');
    const name = fileNameOf(file);
    let entryName = folder ? `${folder}/${name}` : name;
    for (let n = 2; taken.has(entryName.toLowerCase()); n += 1) {
      entryName = folder ? `${folder}/${numbered(name, n)}` : numbered(name, n);
    }
    taken.add(entryName.toLowerCase());
    return { ...file, entryName };
  });
};

/**
 * The date archiver is given for an entry. A zip entry holds a wall-clock time without a zone (DOS time),
 * which every unzip program shows as it is; archiver writes the Date's UTC fields. So the instant is moved
 * by the configured TZ's offset: the clerk sees the office's time (09:02 in Asia/Shanghai for 01:02 UTC),
 * whatever zone the server process's clock is in.
 */
export const zipEntryDate = (instant: Date, timeZone: string): Date =>
  new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000);
