import { Readable } from 'node:stream';
import { fileTypeFromBuffer, fileTypeFromStream } from 'file-type';
import { type ByteSource, readAll, readHead } from '../../platform/storage/storage';

/**
 * Does a file's content match its extension? Extensions lie (a renamed .exe, an HTML page called
 * photo.jpg), so every upload is read: the magic bytes through `file-type`, plus our own checks where
 * magic bytes say too little (legacy Office files share one container format; text has no magic).
 */

/** What `file-type` must report for each extension a slot may allow. */
const detectedTypes: Readonly<Record<string, readonly string[]>> = {
  pdf: ['pdf'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  // Legacy Word and Excel are both OLE compound files ("cfb"); the stream names below tell them apart.
  doc: ['cfb'],
  xls: ['cfb'],
  // file-type opens the zip and tells docx from xlsx and from the macro-enabled xlsm/docm.
  docx: ['docx'],
  xlsx: ['xlsx'],
  zip: ['zip'],
  rar: ['rar'],
};

/** Streams a genuine legacy Office file holds (so an .msi, also a cfb file, is not a .doc). */
const compoundStreams: Readonly<Record<string, readonly string[]>> = {
  doc: ['WordDocument'],
  xls: ['Workbook', 'Book'],
};

const HEAD_BYTES = 1024;
/** Text files are at most a few MB (the slots' limits), so reading one whole is fine. */
const TEXT_EXTENSIONS = new Set(['txt']);

/**
 * Markup a browser would run or render if it ever sniffed the file: HTML (the tags of the WHATWG
 * sniffing table), SVG and XML (which can carry scripts). Checked at the start of every file.
 */
const MARKUP_START =
  /^(?:<!doctype\s+html|<html|<head|<body|<script|<iframe|<h1|<div|<font|<table|<a[\s>]|<style|<title|<b[\s>]|<br|<p[\s>]|<!--|<\?xml|<svg|<object|<embed|<img|<meta|<link|<form)/i;

/** In a text file, these anywhere mean it is markup or a script in disguise. */
const MARKUP_ANYWHERE = /<(?:script|html|svg|iframe|object|embed)[\s>/]|<!doctype\s+html|<\?xml|javascript:/i;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

const stripBom = (bytes: Buffer) =>
  UTF8_BOM.every((byte, index) => bytes[index] === byte) ? bytes.subarray(3) : bytes;

/** Latin-1 keeps one character per byte, so markup is found even in bytes that are not UTF-8. */
const startsWithMarkup = (head: Buffer) => MARKUP_START.test(stripBom(head).toString('latin1').trimStart());

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain text: valid UTF-8, no NUL bytes, no markup, no script (`#!`). */
const isPlainText = (bytes: Buffer): boolean => {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  if (text.trimStart().startsWith('#!')) return false;
  return !MARKUP_ANYWHERE.test(text);
};

/** Directory entries of a compound file are 128 bytes, aligned to 128 from the file's start. */
const DIRECTORY_ENTRY_BYTES = 128;
const STREAM_OBJECT = 2;

/**
 * True if the compound file has a stream with one of these names. Sectors are 512 or 4096 bytes
 * and the header fills sector -1, so every directory entry starts at a multiple of 128: scanning
 * those positions finds the entries without following the FAT chains.
 */
const hasCompoundStream = (bytes: Buffer, names: readonly string[]): boolean => {
  for (let offset = 512; offset + DIRECTORY_ENTRY_BYTES <= bytes.length; offset += DIRECTORY_ENTRY_BYTES) {
    const nameBytes = bytes.readUInt16LE(offset + 64);
    if (nameBytes < 4 || nameBytes > 64 || nameBytes % 2 !== 0) continue;
    if (bytes[offset + 66] !== STREAM_OBJECT) continue;
    // The stored length counts the terminating NUL character.
    const name = bytes.toString('utf16le', offset, offset + nameBytes - 2);
    if (names.includes(name)) return true;
  }
  return false;
};

/**
 * Zip containers are told apart (docx, xlsx, a plain zip) by walking the archive, which `file-type`
 * does fully only with random access: from a stream it may stop at a large part and answer a plain
 * zip. At most 20 MB (the slot's limit), and the archive check reads them whole anyway.
 */
const ZIP_CONTAINERS = new Set(['docx', 'xlsx', 'zip']);

/** What `file-type` makes of the bytes, reading only as far as it needs. */
const detectType = async (file: ByteSource, ext: string) => {
  if (ZIP_CONTAINERS.has(ext)) return fileTypeFromBuffer(await readAll(file));
  const stream = await file.open();
  try {
    return await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
  } finally {
    stream.destroy();
  }
};

/**
 * True when the file (a staged upload) really is a file of type `ext` (lower case, no dot). Unknown
 * extensions are refused: a slot that gains a type must gain its rule here too.
 */
export const contentMatchesExtension = async (file: ByteSource, ext: string): Promise<boolean> => {
  const head = await readHead(file, HEAD_BYTES);
  if (head.length === 0 || startsWithMarkup(head)) return false;
  const detected = await detectType(file, ext);

  if (TEXT_EXTENSIONS.has(ext)) {
    return detected === undefined && isPlainText(await readAll(file));
  }

  const expected = detectedTypes[ext];
  if (!expected || !detected || !expected.includes(detected.ext)) return false;

  const streams = compoundStreams[ext];
  if (streams) return hasCompoundStream(await readAll(file), streams);
  return true;
};
