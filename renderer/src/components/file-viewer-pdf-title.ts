/**
 * A PDF's title set to the file's name, for Chromium's PDF viewer. The viewer heads its toolbar (and its
 * frame's document title) with the PDF's own /Title, else with the last part of its URL, and an object
 * URL ends in a random id (blob:…/01af24b2-7a08-…): the clerk read that id instead of 注销证明.pdf. Neither
 * a `#` fragment nor a `File`'s name changes it, so the bytes shown carry the name as their title.
 *
 * The title is added the way a PDF editor saves a change: an incremental update appended after the
 * file (a new document-information dictionary, a cross-reference section for it, and a trailer whose
 * /Prev is the file's own), in the form the file's last section has (a table or a cross-reference
 * stream). Nothing before the end changes. A file this cannot read safely (encrypted, no trailer, an
 * offset that points nowhere) is shown as it is.
 */

/** One character per byte, so that a position in the text is the same position in the file. */
const bytesText = (bytes: Uint8Array, from = 0, to = bytes.length): string =>
  new TextDecoder('windows-1252').decode(bytes.subarray(from, to));

/** How far back from the end `startxref` may be: the spec's 1024 bytes, with room for trailing junk. */
const TAIL = 4096;

/** The dictionary that starts at `start` (at its `<<`), nested ones included; undefined when unclosed. */
function dictionaryAt(text: string, start: number): string | undefined {
  let depth = 0;
  for (let index = start; index < text.length - 1; index += 1) {
    const pair = text.slice(index, index + 2);
    if (pair === '<<') {
      depth += 1;
      index += 1;
    } else if (pair === '>>') {
      depth -= 1;
      index += 1;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return undefined;
}

interface LastSection {
  /** Where the file's last cross-reference section starts (what its `startxref` says). */
  offset: number;
  /** A table (`xref` … `trailer`) or a cross-reference stream (PDF 1.5). */
  kind: 'table' | 'stream';
  root: string;
  size: number;
  id: string | undefined;
}

function lastSection(bytes: Uint8Array): LastSection | undefined {
  const tail = bytesText(bytes, Math.max(0, bytes.length - TAIL));
  const found = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!found) return undefined;
  const offset = Number(found[1]);
  if (!Number.isSafeInteger(offset) || offset >= bytes.length) return undefined;

  const section = bytesText(bytes, offset);
  let dictionary: string | undefined;
  let kind: LastSection['kind'];
  if (/^\s*xref\b/.test(section)) {
    kind = 'table';
    const trailer = section.indexOf('trailer');
    const open = trailer < 0 ? -1 : section.indexOf('<<', trailer);
    dictionary = open < 0 ? undefined : dictionaryAt(section, open);
  } else if (/^\s*\d+\s+\d+\s+obj\s*<</.test(section)) {
    kind = 'stream';
    dictionary = dictionaryAt(section, section.indexOf('<<'));
    if (dictionary && !/\/Type\s*\/XRef\b/.test(dictionary)) return undefined;
  } else {
    return undefined;
  }
  if (!dictionary || /\/Encrypt\b/.test(dictionary)) return undefined;
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(dictionary)?.[1];
  const size = Number(/\/Size\s+(\d+)/.exec(dictionary)?.[1]);
  if (!root || !Number.isSafeInteger(size) || size < 1) return undefined;
  const id = /\/ID\s*(\[[^\]]*\])/.exec(dictionary)?.[1];
  return { offset, kind, root, size, id };
}

/** A PDF text string: UTF-16BE with its byte-order mark, in hex, so that any name goes as it is. */
function pdfText(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

const ascii = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

const concat = (parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

/** The bytes of a PDF whose title is `title`; the same bytes when the file cannot be read safely. */
export function pdfWithTitle(bytes: Uint8Array<ArrayBuffer>, title: string): Uint8Array<ArrayBuffer> {
  const last = lastSection(bytes);
  if (!last) return bytes;
  const info = last.size;
  const infoObject = ascii(`\n${info} 0 obj\n<< /Title ${pdfText(title)} >>\nendobj\n`);
  // After the leading newline.
  const infoOffset = bytes.length + 1;
  const sectionOffset = bytes.length + infoObject.length;
  const id = last.id ? ` /ID ${last.id}` : '';

  if (last.kind === 'table') {
    const section = ascii(
      'xref\n' +
        `${info} 1\n${String(infoOffset).padStart(10, '0')} 00000 n \n` +
        `trailer\n<< /Size ${info + 1} /Root ${last.root} /Info ${info} 0 R /Prev ${last.offset}${id} >>\n` +
        `startxref\n${sectionOffset}\n%%EOF\n`,
    );
    return concat([bytes, infoObject, section]);
  }

  // A cross-reference stream for the new dictionary and for itself: per entry a type byte (1: in use),
  // a four-byte offset and a two-byte generation (/W [1 4 2]), uncompressed.
  const entry = (offset: number) => [
    1,
    (offset >>> 24) & 255,
    (offset >>> 16) & 255,
    (offset >>> 8) & 255,
    offset & 255,
    0,
    0,
  ];
  const entries = Uint8Array.from([...entry(infoOffset), ...entry(sectionOffset)]);
  const stream = info + 1;
  return concat([
    bytes,
    infoObject,
    ascii(
      `${stream} 0 obj\n<< /Type /XRef /Size ${stream + 1} /Index [${info} 2] /W [1 4 2] /Root ${last.root} ` +
        `/Info ${info} 0 R /Prev ${last.offset}${id} /Length ${entries.length} >>\nstream\n`,
    ),
    entries,
    ascii(`\nendstream\nendobj\nstartxref\n${sectionOffset}\n%%EOF\n`),
  ]);
}
