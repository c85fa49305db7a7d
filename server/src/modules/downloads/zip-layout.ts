/**
 * Where each document of a finished contract goes in its zip, and under which name. Pure: the service
 * gathers the records and the uploaded names, this decides the entries, and the same rules are tested
 * on their own (zip-layout.test.ts).
 *
 * Folders: `<VIN>/<stage>/` for the one-vehicle records (check-in, plating, transfer), `<stage>-<id>/` for
 * the records covering several vehicles (release pass, export declaration, deregistration, freight), and
 * `海外合同/…`, `采购合同-<no>/…` for the contracts' own files. Names keep what the clerk uploaded, cleaned
 * so that every unzip program on every system writes them where they belong.
 */
import { manifestLabels } from '../../../../contract/downloads';

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
  /** The name the clerk uploaded the file under, when the upload recorded one. */
  uploadedName: string | null;
}

export interface ZipEntry extends PlannedFile {
  /** The entry's full name in the zip: `<folder>/<name>`. */
  entryName: string;
}

const MAX_NAME_LENGTH = 150;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1);
};

/**
 * A name as one path segment on every system: separators and the characters Windows forbids become `_`,
 * control and direction-changing characters (which can disguise an extension) go, `..` (any run of dots)
 * becomes one dot, leading and trailing dots and spaces go (Windows drops trailing ones silently, so two
 * names could meet), device names (CON, NUL, …) get a leading `_`, and it is at most 150 characters with
 * its extension kept. Empty when nothing usable is left.
 */
export const cleanSegment = (raw: string): string => {
  let name = raw
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!name.replace(/[_.\s]/g, '')) return '';
  if (WINDOWS_RESERVED.test(name.split('.')[0] ?? '')) name = `_${name}`;
  const characters = Array.from(name);
  if (characters.length > MAX_NAME_LENGTH) {
    const ext = extensionOf(name);
    const keep = ext && ext.length <= 10 ? `.${ext}` : '';
    name =
      characters
        .slice(0, MAX_NAME_LENGTH - keep.length)
        .join('')
        .trimEnd() + keep;
  }
  return name;
};

/** `报关单.jpg` → `报关单 (2).jpg`: the way Windows numbers a second copy. */
const numbered = (name: string, n: number): string => {
  const ext = extensionOf(name);
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  return ext ? `${base} (${n}).${ext}` : `${base} (${n})`;
};

/** The file's name in its folder: the uploaded name cleaned, else the slot's label with the stored extension. */
const fileNameOf = (file: PlannedFile): string => {
  const uploaded = file.uploadedName ? cleanSegment(file.uploadedName) : '';
  if (uploaded) return uploaded;
  const ext = extensionOf(file.url.split('/').pop() ?? '');
  return cleanSegment(ext ? `${file.document}.${ext}` : file.document) || '文件';
};

/**
 * The zip's entries in the order given: each file's folder and name cleaned, and a name already used in
 * the same folder numbered (compared without case, as Windows and macOS do). The 清单 at the top keeps
 * its name.
 */
export const layoutEntries = (files: readonly PlannedFile[]): ZipEntry[] => {
  const taken = new Set<string>([manifestLabels.fileName.toLowerCase()]);
  return files.map((file) => {
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
