/**
 * The checks an upload slot makes before anything is sent, with the spec's messages (contract/upload.ts
 * holds the slot table the server enforces too). Order as in the spec's widgets: the count of a pick
 * first (the whole pick is refused), then each file's type, then its size (only that file is refused).
 */
import { fileExtension, uploadMessages, uploadSlots, type UploadDir } from '../../../contract/upload';

/** How a slot says it is full: the generic count message, or the single-file slots' own. */
export type ExceedMessage = 'limit' | 'onlyOne';

export interface SlotLimits {
  dir: UploadDir;
  /** A narrower list of extensions than the slot allows (photos only, say); lower case, no dot. */
  accept?: readonly string[];
  /** Files the slot may hold in all. */
  maxCount: number;
  /** One file per pick or drop (purchase contract files: 只能上传一份文件!). */
  onePerPick?: boolean;
  exceedMessage?: ExceedMessage;
}

/** The slot's extensions, narrowed by `accept` when given (never widened: the server would refuse). */
export function allowedExtensions(dir: UploadDir, accept?: readonly string[]): string[] {
  const slot = uploadSlots[dir].extensions;
  if (!accept) return [...slot];
  const wanted = accept.map((extension) => extension.replace(/^\./, '').toLowerCase());
  return slot.filter((extension) => wanted.includes(extension));
}

/** The file picker's `accept` attribute: `.jpg,.png,.jpeg`. */
export const acceptAttribute = (extensions: readonly string[]): string =>
  extensions.map((extension) => `.${extension}`).join(',');

export const formatSize = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))}MB`;

/** The line under the drop area: what the slot takes. */
export function slotHint(limits: SlotLimits): string {
  const extensions = allowedExtensions(limits.dir, limits.accept);
  const parts = [`支持 ${extensions.join('、')}`, `单个文件不超过 ${formatSize(uploadSlots[limits.dir].maxBytes)}`];
  if (limits.maxCount > 1) parts.push(`最多 ${limits.maxCount} 个`);
  if (limits.onePerPick && limits.maxCount > 1) parts.push('每次选择一个');
  return parts.join('，');
}

export interface PickVerdict {
  /** The files to upload, in the order picked. */
  accepted: File[];
  /** What to tell the clerk, each message once, in the order met. */
  messages: string[];
}

/**
 * Judges one pick (or drop) of `files` for a slot that already holds `held` files (stored or still
 * uploading).
 */
export function judgePick(files: readonly File[], held: number, limits: SlotLimits): PickVerdict {
  const exceeded =
    limits.exceedMessage === 'onlyOne' ? uploadMessages.onlyOne : uploadMessages.tooMany(limits.maxCount);
  if (limits.onePerPick && files.length > 1) return { accepted: [], messages: [uploadMessages.onlyOne] };
  if (held + files.length > limits.maxCount) return { accepted: [], messages: [exceeded] };

  const slot = uploadSlots[limits.dir];
  const extensions = allowedExtensions(limits.dir, limits.accept);
  const accepted: File[] = [];
  const messages: string[] = [];
  const say = (text: string) => {
    if (!messages.includes(text)) messages.push(text);
  };
  for (const file of files) {
    if (!extensions.includes(fileExtension(file.name))) say(slot.typeMessage);
    else if (file.size > slot.maxBytes) say(slot.sizeMessage);
    else accepted.push(file);
  }
  return { accepted, messages };
}
