import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idField } from './common';
import {
  photoAnswers,
  stageDocumentAnswers,
  stageDocumentFields,
  stageEditBody,
  stageRecordFields,
  stageSlotDirs,
  vinList,
} from './stage-record-schema';

// The export declaration, written out as the form and the server must see it (spec part 2, section 5):
// four required documents with their messages, two optional ones, up to 25 other photos.
const PATH = '/storage/document/2026/11/a.pdf';
const PHOTO = '/storage/image/2026/11/a.jpg';
const VIN = 'LSV00000000000001';

const exportsFields = stageRecordFields('exports', {
  before: { order_id: idField('请先选择绑定海外合同号') },
  vin: vinList({ required: '请先选择要出口的车辆', format: '车架号格式错误', max: 3, tooMany: '最多3台' }),
  fields: { bgd_sn: z.string().optional() },
});
const addBody = z.strictObject(exportsFields);
const editBody = stageEditBody('exports_id', '出口报关记录不存在', exportsFields);

const complete = {
  order_id: '1',
  vin: [VIN],
  xkz_image: PATH,
  bgzl_image: PATH,
  bgd_image: PATH,
  td_image: PATH,
};

/** The first message a 422 would give for each field. */
const messagesOf = (input: unknown): Record<string, string> => {
  const result = addBody.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
};

describe('stage record schema (the export declaration)', () => {
  it('orders the fields: contract, VINs, own fields, documents in the table order, photos, draft marker', () => {
    expect(Object.keys(exportsFields)).toEqual([
      'order_id',
      'vin',
      'bgd_sn',
      'xkz_image',
      'bgzl_image',
      'bgd_image',
      'td_image',
      'jcbg_image',
      'hgfxtz_image',
      'car_image',
      'b_status',
    ]);
    expect(Object.keys(editBody.shape)).toEqual(['exports_id', ...Object.keys(exportsFields), 'updated_at']);
    expect(stageDocumentFields('exports')).toEqual([
      'xkz_image',
      'bgzl_image',
      'bgd_image',
      'td_image',
      'jcbg_image',
      'hgfxtz_image',
    ]);
  });

  it('says the spec message of each required document, in the form order, and nothing for optional ones', () => {
    const result = addBody.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['order_id', '请先选择绑定海外合同号'],
      ['vin', '请先选择要出口的车辆'],
      ['xkz_image', '请上传许可证'],
      ['bgzl_image', '请上传报关资料'],
      ['bgd_image', '请上传报关单'],
      ['td_image', '请上传提单'],
    ]);
    // A blank document is the same as none.
    expect(messagesOf({ ...complete, xkz_image: '  ', jcbg_image: '' })).toEqual({ xkz_image: '请上传许可证' });
  });

  it('takes form-encoded lists and blanks, and refuses bad paths, too many photos and unknown fields', () => {
    const parsed = addBody.parse({
      ...complete,
      vin: VIN.toLowerCase(),
      jcbg_image: '',
      hgfxtz_image: PATH,
      car_image: { 0: PHOTO, 1: PHOTO },
    });
    expect(parsed).toEqual({
      order_id: 1,
      vin: [VIN],
      xkz_image: PATH,
      bgzl_image: PATH,
      bgd_image: PATH,
      td_image: PATH,
      jcbg_image: undefined,
      hgfxtz_image: PATH,
      car_image: [PHOTO, PHOTO],
    });
    expect(addBody.parse(complete).car_image).toEqual([]);
    expect(messagesOf({ ...complete, car_image: Array(25).fill(PHOTO) })).toEqual({});
    expect(messagesOf({ ...complete, car_image: Array(26).fill(PHOTO) })).toEqual({
      car_image: '其他照片最多上传25张',
    });
    expect(messagesOf({ ...complete, jcbg_image: '/etc/passwd', car_image: ['x'] })).toEqual({
      jcbg_image: '文件地址不正确，请重新上传',
      car_image: '文件地址不正确，请重新上传',
    });
    expect(messagesOf({ ...complete, vin: [VIN, 'ABC'] })).toEqual({ vin: '车架号格式错误' });
    expect(messagesOf({ ...complete, vin: [VIN, VIN, VIN, VIN] })).toEqual({ vin: '最多3台' });
    expect(messagesOf({ ...complete, vin: [] })).toEqual({ vin: '请先选择要出口的车辆' });
    expect(addBody.safeParse({ ...complete, b_status: 1 }).success).toBe(true);
    expect(addBody.safeParse({ ...complete, rate: 100 }).success).toBe(false);
    expect(editBody.parse({ ...complete, exports_id: '7', updated_at: 'x' })).toMatchObject({
      exports_id: 7,
      updated_at: 'x',
    });
    expect(editBody.safeParse(complete).error?.issues[0]?.message).toBe('出口报关记录不存在');
  });

  it('gives the read answer its documents and photos, and the file check its upload slots', () => {
    expect(Object.keys(stageDocumentAnswers('exports'))).toEqual(stageDocumentFields('exports'));
    expect(z.object(stageDocumentAnswers('exports')).safeParse({ xkz_image: null }).success).toBe(false);
    expect(Object.keys(photoAnswers)).toEqual(['car_image', 'carimage']);
    expect(stageSlotDirs('exports')).toEqual({
      xkz_image: ['document'],
      bgzl_image: ['document'],
      bgd_image: ['document'],
      td_image: ['document'],
      jcbg_image: ['document'],
      hgfxtz_image: ['document'],
      car_image: ['image'],
    });
  });
});

describe('stage record schema (other stages)', () => {
  it('the check-in requires its photos: at least one, at most 9, each message the table gives', () => {
    const entry = z.strictObject(stageRecordFields('entry', { vin: z.string() }));
    const issues = (input: object) => entry.safeParse({ vin: VIN, ...input }).error?.issues.map((i) => i.message);
    expect(issues({})).toEqual(['请上传车架号照片', '请上传外观照片', '请上传其他照片']);
    const photos = { vin_image: PHOTO, wg_image: PHOTO };
    expect(issues({ ...photos, car_image: Array(10).fill(PHOTO) })).toEqual(['其他照片最多上传9张']);
    // A blank entry: the table's message first (the one a 422 names), then the path rule's.
    expect(issues({ ...photos, car_image: [''] })).toEqual(['请上传其他照片', '文件地址不正确，请重新上传']);
    expect(issues({ ...photos, car_image: PHOTO })).toBeUndefined();
  });

  it('a stage without documents (the tax refund) has only its own fields', () => {
    expect(Object.keys(stageRecordFields('drawback', { before: { order_id: z.number() }, vin: z.string() }))).toEqual([
      'order_id',
      'vin',
      'b_status',
    ]);
    expect(stageSlotDirs('drawback')).toEqual({});
  });
});
