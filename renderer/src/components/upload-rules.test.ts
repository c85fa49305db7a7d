import { describe, expect, it } from 'vitest';
import { acceptAttribute, allowedExtensions, judgePick, slotHint } from './upload-rules';

const MB = 1024 * 1024;
const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);
const names = (files: File[]) => files.map((f) => f.name);

describe('judgePick', () => {
  it('takes a file of exactly the slot’s size and refuses one byte more', () => {
    const contract = { dir: 'contract', maxCount: 5 } as const;
    expect(names(judgePick([file('a.pdf', 3 * MB)], 0, contract).accepted)).toEqual(['a.pdf']);
    expect(judgePick([file('a.pdf', 3 * MB + 1)], 0, contract)).toEqual({
      accepted: [],
      messages: ['上传文件大小不能超过 3MB!'],
    });
    const generic = { dir: 'document', maxCount: 5 } as const;
    expect(names(judgePick([file('a.docx', 20 * MB)], 0, generic).accepted)).toEqual(['a.docx']);
    expect(judgePick([file('a.docx', 20 * MB + 1)], 0, generic).messages).toEqual([
      '上传文件大小不能超过20MB, 请检查后重新上传!',
    ]);
  });

  it('reads the type from the extension whatever its case, and refuses a name without one', () => {
    const verdict = judgePick([file('SCAN.JPG'), file('scan.Jpeg'), file('README'), file('x.pdf.exe')], 0, {
      dir: 'image',
      maxCount: 9,
    });
    expect(names(verdict.accepted)).toEqual(['SCAN.JPG', 'scan.Jpeg']);
    expect(verdict.messages).toEqual(['文件类型错误!']);
  });

  it('checks the type before the size, and says each message once', () => {
    const verdict = judgePick([file('big.exe', 4 * MB), file('a.exe'), file('big.png', 4 * MB), file('ok.png')], 0, {
      dir: 'image',
      maxCount: 9,
    });
    expect(names(verdict.accepted)).toEqual(['ok.png']);
    expect(verdict.messages).toEqual(['文件类型错误!', '上传文件大小不能超过 3MB!']);
  });

  it('refuses the whole pick when it would overfill the slot', () => {
    expect(judgePick([file('a.png'), file('b.png')], 8, { dir: 'image', maxCount: 9 })).toEqual({
      accepted: [],
      messages: ['当前限制选择 9 个文件，请检查后重新尝试'],
    });
    expect(names(judgePick([file('a.png')], 8, { dir: 'image', maxCount: 9 }).accepted)).toEqual(['a.png']);
    expect(judgePick([file('a.pdf')], 1, { dir: 'agreement', maxCount: 1, exceedMessage: 'onlyOne' }).messages).toEqual(
      ['只能上传一份文件!'],
    );
  });

  it('allows one file per pick where the slot says so', () => {
    const limits = { dir: 'agreement', maxCount: 5, onePerPick: true } as const;
    expect(judgePick([file('a.pdf'), file('b.pdf')], 0, limits).messages).toEqual(['只能上传一份文件!']);
    expect(names(judgePick([file('a.pdf')], 3, limits).accepted)).toEqual(['a.pdf']);
  });
});

describe('allowed extensions and the hint', () => {
  it('narrows a slot with accept but never widens it', () => {
    expect(allowedExtensions('image', ['.JPG', 'png', 'jpeg'])).toEqual(['jpg', 'png', 'jpeg']);
    expect(allowedExtensions('image', ['jpg', 'exe'])).toEqual(['jpg']);
    expect(allowedExtensions('document')).toEqual(['docx', 'xlsx', 'pdf', 'jpg', 'png', 'jpeg']);
    expect(acceptAttribute(['jpg', 'png'])).toBe('.jpg,.png');
  });

  it('tells what the slot takes', () => {
    expect(slotHint({ dir: 'document', maxCount: 3 })).toBe(
      '支持 docx、xlsx、pdf、jpg、png、jpeg，单个文件不超过 20MB，最多 3 个',
    );
    expect(slotHint({ dir: 'agreement', maxCount: 1 })).toBe(
      '支持 rar、zip、doc、docx、xls、txt、pdf、jpg、png、jpeg，单个文件不超过 3MB',
    );
    expect(slotHint({ dir: 'contract', maxCount: 5, onePerPick: true })).toBe(
      '支持 doc、docx、xls、pdf、jpg、png、jpeg，单个文件不超过 3MB，最多 5 个，每次选择一个',
    );
  });
});
