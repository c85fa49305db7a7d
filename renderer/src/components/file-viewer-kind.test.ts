import { describe, expect, it } from 'vitest';
import { fileViewerKind } from './file-viewer-kind';

describe('fileViewerKind', () => {
  it('picks a viewer for every type an upload slot takes, whatever the case of the extension', () => {
    expect(fileViewerKind('/storage/image/2026/11/a.JPG')).toBe('image');
    expect(fileViewerKind('/storage/image/2026/11/a.jpeg')).toBe('image');
    expect(fileViewerKind('/storage/image/2026/11/a.png')).toBe('image');
    expect(fileViewerKind('/storage/contract/2026/11/a.PDF')).toBe('pdf');
    expect(fileViewerKind('/storage/contract/2026/11/a.docx')).toBe('docx');
    expect(fileViewerKind('/storage/contract/2026/11/a.xls')).toBe('sheet');
    expect(fileViewerKind('/storage/document/2026/11/a.xlsx')).toBe('sheet');
    expect(fileViewerKind('/storage/agreement/2026/11/a.txt')).toBe('text');
  });

  it('says legacy .doc, archives and anything unknown cannot be previewed', () => {
    for (const path of ['a.doc', 'a.zip', 'a.rar', 'a', 'a.exe', 'a.docx.zip']) {
      expect(fileViewerKind(`/storage/agreement/2026/11/${path}`)).toBe('unsupported');
    }
  });

  it('leaves only .doc, .zip and .rar of the slots’ types without a preview', () => {
    // Every type of API.md's upload slots, written out (contract, agreement, image and document).
    const types = ['doc', 'docx', 'xls', 'xlsx', 'txt', 'pdf', 'jpg', 'png', 'jpeg', 'rar', 'zip'];
    const unpreviewable = types.filter((extension) => fileViewerKind(`x.${extension}`) === 'unsupported');
    expect(unpreviewable.sort()).toEqual(['doc', 'rar', 'zip']);
  });
});
