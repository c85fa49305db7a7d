/**
 * Which viewer shows a stored file, decided by its extension (the upload route has already checked that
 * the content matches it), and the limits that keep a huge file from freezing the page.
 */
import { fileExtension, isImagePath } from '../../../contract/upload';

export type FileViewerKind = 'image' | 'pdf' | 'docx' | 'sheet' | 'text' | 'unsupported';

export function fileViewerKind(path: string): FileViewerKind {
  if (isImagePath(path)) return 'image';
  switch (fileExtension(path)) {
    case 'pdf':
      return 'pdf';
    case 'docx':
      return 'docx';
    case 'xlsx':
    case 'xls':
      return 'sheet';
    case 'txt':
      return 'text';
    // Legacy .doc (an OLE file no browser library renders faithfully), archives and anything else.
    default:
      return 'unsupported';
  }
}

/** A sheet shows at most this many rows and columns; the rest is said in a note. */
export const SHEET_MAX_ROWS = 1000;
export const SHEET_MAX_COLUMNS = 50;
/**
 * A Word or Excel file is shown only up to these sizes (issue 20): the file itself, and its text parts
 * (.xml, .rels) unpacked, which docx-preview and SheetJS read whole before drawing. 20 MB of XML is
 * a few hundred pages or tens of thousands of rows; past it the dialog offers the download instead.
 */
export const VIEWER_MAX_BYTES = 20 * 1024 * 1024;
export const VIEWER_MAX_UNPACKED_TEXT_BYTES = 20 * 1024 * 1024;
/** A text file shows at most its first megabyte. */
export const TEXT_MAX_BYTES = 1024 * 1024;

export const fileViewerMessages = {
  unsupported: '此类文件无法预览，请下载后查看',
  loadFailed: '文件加载失败',
  unreadable: '无法读取该文件，请下载后查看',
  emptySheet: '此工作表为空',
  emptyText: '此文件没有内容',
  sheetRowsCut: (total: number) =>
    `共 ${total.toLocaleString('zh-CN')} 行，仅显示前 ${SHEET_MAX_ROWS.toLocaleString('zh-CN')} 行，完整内容请下载后查看`,
  sheetColumnsCut: (total: number) => `共 ${total} 列，仅显示前 ${SHEET_MAX_COLUMNS} 列`,
  textCut: '文件较大，仅显示前 1 MB，完整内容请下载后查看',
  tooBig: '文件内容过大（解压后超过 20MB），无法预览，请下载后查看',
} as const;
