/**
 * The one rule for a file name that ends up on a clerk's disk: the entries of a finished contract's
 * document zip (server, modules/filed/zip-layout.ts) and the exports and zips the desktop saves
 * (main/downloads.ts, through `exportFileName` / `archiveSaveName`). Pure string work, no Node: server,
 * main and the renderer all import it.
 *
 * Windows is the office's system, so its truths decide: the characters it forbids, the names of its
 * devices (`CON`, `nul.txt` and `COM1 .pdf` all open a device, not a file), the trailing dots and spaces
 * it drops silently (two names could meet), and characters a clerk cannot see (direction and zero-width
 * ones) that can make `photo<U+202E>gpj.pdf` look like a picture.
 */

/** The name given to a file whose own name left nothing but its extension (`....pdf` → `文件.pdf`). */
export const FALLBACK_FILE_NAME = '文件';

/** At most this many characters, extension included: well inside every file system's limit. */
export const MAX_FILE_NAME_LENGTH = 150;

/**
 * Characters that are not seen but change what is shown: C0/C1 controls, the direction marks, embeddings,
 * overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), and the zero-width and
 * invisible format characters (U+200B–U+200D, U+2060–U+2064, U+206A–U+206F, U+FEFF).
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;

/** What Windows refuses in a name, separators included. */
const FORBIDDEN = /[<>:"/\\|?*]/g;

/**
 * Windows' device names, whatever follows them after a dot or spaces (`CON .docx`, `nul.txt`), in any
 * case; COM and LPT with a digit 0–9 or a superscript ¹²³, which Windows also reads as a digit.
 */
const DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;

/** Extensions longer than this are not kept when a name is shortened: they are not real extensions. */
const MAX_KEPT_EXTENSION = 10;

/** The name without the characters nobody sees: what an upload records and every screen then shows. */
export const withoutInvisibles = (raw: string): string => raw.normalize('NFC').replace(INVISIBLE, '');

const hasContent = (text: string): boolean => text.replace(/[_.\s]/g, '') !== '';

/** `CON .docx` → `_CON .docx`: the part before the first dot, trailing spaces ignored, as Windows reads it. */
const guardDevice = (name: string): string => (DEVICE.test((name.split('.')[0] ?? '').trimEnd()) ? `_${name}` : name);

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1);
};

/** At most `max` characters (not UTF-16 units), the extension kept when it is a short one. */
const shorten = (name: string, max: number): string => {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  const ext = extensionOf(name);
  const keep = ext && ext.length <= MAX_KEPT_EXTENSION ? `.${ext}` : '';
  const base = characters
    .slice(0, max - keep.length)
    .join('')
    .replace(/[.\s]+$/, '');
  return `${base}${keep}`;
};

export interface CleanFileNameOptions {
  /** The name put before an extension whose name was nothing usable. Default 文件. */
  fallback?: string;
  /** Default 150 characters. */
  maxLength?: number;
}

/**
 * A name as one path segment on every system: separators and the characters Windows forbids become `_`,
 * invisible characters go (see `withoutInvisibles`), a run of dots becomes one dot and a run of spaces one
 * space, leading and trailing dots and spaces go, device names get a leading `_`, and it is at most
 * `maxLength` characters with its extension kept. A name that was only its extension keeps it after the
 * fallback (`....pdf`, ` .pdf` → `文件.pdf`). Empty when nothing usable is left at all (`..`, `<>`).
 */
export const cleanFileName = (raw: string, options: CleanFileNameOptions = {}): string => {
  const fallback = options.fallback ?? FALLBACK_FILE_NAME;
  const cleaned = withoutInvisibles(raw)
    .replace(FORBIDDEN, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ');
  let name = cleaned.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  const dot = cleaned.lastIndexOf('.');
  if (dot >= 0 && !cleaned.slice(0, dot).replace(/[.\s]/g, '')) {
    // Nothing but dots and spaces before the last dot: what follows is an extension without a name.
    const ext = cleaned
      .slice(dot + 1)
      .trim()
      .replace(/[.\s]+$/, '');
    if (hasContent(ext)) name = `${fallback}.${ext}`;
  }
  if (!hasContent(name)) return '';
  return shorten(guardDevice(name), options.maxLength ?? MAX_FILE_NAME_LENGTH);
};

/**
 * The name a downloaded file is saved under: what the screen suggested, cleaned as `cleanFileName` does,
 * the fallback when nothing usable is left, always ending with `extension` (given with its dot, lower
 * case). The name before the extension is at most 120 characters: room for ` (999)` beside it.
 */
export const saveFileName = (suggested: string, extension: string, fallback: string): string => {
  const cleaned = cleanFileName(suggested, { fallback, maxLength: Number.POSITIVE_INFINITY });
  let base = cleaned.toLowerCase().endsWith(extension) ? cleaned.slice(0, -extension.length) : cleaned;
  base = base.replace(/[.\s]+$/, '');
  if (!hasContent(base)) base = fallback;
  base = Array.from(guardDevice(base))
    .slice(0, 120)
    .join('')
    .replace(/[.\s]+$/, '');
  return `${base}${extension}`;
};
