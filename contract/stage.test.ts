import { describe, expect, it } from 'vitest';
import { isComplete, missingDocuments, recordAllowedIn, stageRate, stageTable, stageValue, STAGES } from './stage';

const allPlating = {
  xsz_image: '/storage/image/a.pdf',
  djz_image: '/storage/image/b.pdf',
  lp_image: '/storage/image/c.pdf',
  fp_image: '/storage/image/d.pdf',
  hgz_image: '/storage/image/e.pdf',
  ycxzs_image: '/storage/image/f.pdf',
  hbqd_image: '/storage/image/g.pdf',
  bx_image: '/storage/image/h.pdf',
};

describe('the stage table (DOMAIN.md)', () => {
  it('has the eight stages in the order of the archive tags', () => {
    expect(STAGES.map((stage) => stageTable[stage].label)).toEqual([
      '入库',
      '上牌',
      '出库',
      '过户',
      '出口',
      '退税',
      '注销',
      '运费',
    ]);
  });

  it('plating: 2 with all 8 documents, else 1; its rate is present / 8', () => {
    expect(stageValue('plate', allPlating)).toBe(2);
    expect(stageRate('plate', allPlating)).toBe(100);
    const sixOfEight = { ...allPlating, hbqd_image: null, bx_image: '' };
    expect(stageValue('plate', sixOfEight)).toBe(1);
    expect(stageRate('plate', sixOfEight)).toBe(75);
    // Other photos do not count.
    expect(stageRate('plate', { car_image: ['/storage/image/x.jpg'] })).toBe(0);
  });

  it('transfer: rate present / 5', () => {
    expect(stageRate('transfer', { djz_image: '/storage/image/a.pdf', lp_image: '/storage/image/b.pdf' })).toBe(40);
    expect(stageValue('transfer', { djz_image: '/storage/image/a.pdf' })).toBe(1);
  });

  it('export declaration: complete once saved, its rate counts the six documents (4 required, 2 optional)', () => {
    const required = {
      xkz_image: '/a.pdf',
      bgzl_image: '/b.pdf',
      bgd_image: '/c.pdf',
      td_image: '/d.pdf',
    };
    expect(missingDocuments('exports', {})).toEqual(['请上传许可证', '请上传报关资料', '请上传报关单', '请上传提单']);
    expect(missingDocuments('exports', required)).toEqual([]);
    expect(stageValue('exports', required)).toBe(2);
    expect(stageRate('exports', required)).toBe(67);
    expect(stageRate('exports', { ...required, jcbg_image: '/e.pdf', hgfxtz_image: '/f.pdf' })).toBe(100);
  });

  it('freight: 2 with the invoice and the payment slip, 1 with one of them', () => {
    expect(stageValue('freight', { yffp_image: '/a.pdf', yffkd_image: '/b.pdf' })).toBe(2);
    expect(stageValue('freight', { yffp_image: '/a.pdf' })).toBe(1);
  });

  it('check-in asks for its three photo slots with their messages (the exterior photo’s, not the spec’s slip)', () => {
    expect(missingDocuments('entry', {})).toEqual(['请上传车架号照片', '请上传外观照片', '请上传其他照片']);
  });

  it('a record may be made in its own flow or a later one, never an earlier one', () => {
    expect(recordAllowedIn('entry', 'pickup')).toBe(true);
    expect(recordAllowedIn('entry', 'filing')).toBe(true);
    expect(recordAllowedIn('entry', 'purchase')).toBe(false);
    expect(recordAllowedIn('plate', 'pickup')).toBe(false);
    expect(recordAllowedIn('exports', 'release')).toBe(true);
    expect(recordAllowedIn('freight', 'release')).toBe(false);
    expect(recordAllowedIn('drawback', null)).toBe(false);
  });
});

/**
 * Each completion rule at its boundary, one document short, with the spec's fields written out (spec part
 * 2, section 3), never read from the table: a slot dropped from or added to the table must fail here.
 */
describe('each stage at its boundary: one document short', () => {
  const path = (field: string) => `/storage/document/${field}.pdf`;
  const documentsOf = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, path(field)]));
  const PLATE = [
    'xsz_image',
    'djz_image',
    'lp_image',
    'fp_image',
    'hgz_image',
    'ycxzs_image',
    'hbqd_image',
    'bx_image',
  ];
  const TRANSFER = ['djz_image', 'lp_image', 'usedcar_invoices_image', 'zzs_invoices_image', 'xsz_image'];
  const FREIGHT = ['yffp_image', 'yffkd_image'];

  it('plating with every document but 保险单 is 1 at 88%; with all eight 2 at 100%', () => {
    const allButInsurance = documentsOf(PLATE.filter((field) => field !== 'bx_image'));
    expect(stageValue('plate', allButInsurance)).toBe(1);
    expect(stageRate('plate', allButInsurance)).toBe(88);
    expect(stageValue('plate', documentsOf(PLATE))).toBe(2);
    expect(stageRate('plate', documentsOf(PLATE))).toBe(100);
  });

  it.each(PLATE)('plating without %s: 1 at 88%', (left) => {
    const documents = { ...documentsOf(PLATE.filter((field) => field !== left)), car_image: ['/storage/image/a.jpg'] };
    expect([stageValue('plate', documents), stageRate('plate', documents)]).toEqual([1, 88]);
  });

  it.each(TRANSFER)('transfer without %s: 1 at 80%', (left) => {
    const documents = documentsOf(TRANSFER.filter((field) => field !== left));
    expect([stageValue('transfer', documents), stageRate('transfer', documents)]).toEqual([1, 80]);
    expect(stageValue('transfer', documentsOf(TRANSFER))).toBe(2);
  });

  it.each(FREIGHT)('freight without %s: 1; with both: 2; photos alone count for nothing', (left) => {
    expect(stageValue('freight', documentsOf(FREIGHT.filter((field) => field !== left)))).toBe(1);
    expect(stageValue('freight', documentsOf(FREIGHT))).toBe(2);
    expect(stageValue('freight', { car_image: ['/storage/image/a.jpg'] })).toBe(1);
  });

  it('export declaration: 83% with five of its six documents, and complete (2) once saved', () => {
    const five = documentsOf(['xkz_image', 'bgzl_image', 'bgd_image', 'td_image', 'jcbg_image']);
    expect(stageRate('exports', five)).toBe(83);
    expect(stageValue('exports', five)).toBe(2);
  });

  it('no rate for check-in, release pass, tax refund, deregistration or freight', () => {
    expect(stageRate('entry', { vin_image: path('v'), wg_image: path('w'), car_image: [path('o')] })).toBe(0);
    expect(stageRate('release', { fxt_image: path('f'), lc_image: path('l') })).toBe(0);
    expect(stageRate('drawback', {})).toBe(0);
    expect(stageRate('archive', { zxzm_image: path('z') })).toBe(0);
    expect(stageRate('freight', documentsOf(FREIGHT))).toBe(0);
  });

  // The stages complete once saved: every required document but one is refused with that one's message.
  it.each([
    {
      stage: 'entry' as const,
      required: { vin_image: '请上传车架号照片', wg_image: '请上传外观照片', car_image: '请上传其他照片' },
    },
    { stage: 'release' as const, required: { fxt_image: '请上传放行条', lc_image: '请上传离场照片' } },
    {
      stage: 'exports' as const,
      required: {
        xkz_image: '请上传许可证',
        bgzl_image: '请上传报关资料',
        bgd_image: '请上传报关单',
        td_image: '请上传提单',
      },
    },
    { stage: 'archive' as const, required: { zxzm_image: '请上传注销证明' } },
  ])('$stage: one required document short is refused with its message; all present, 2', ({ stage, required }) => {
    const all = Object.fromEntries(
      Object.keys(required).map((field) => [field, field === 'car_image' ? [path(field)] : path(field)]),
    );
    expect(missingDocuments(stage, all)).toEqual([]);
    expect(stageValue(stage, all)).toBe(2);
    for (const [field, message] of Object.entries(required)) {
      const short = { ...all, [field]: field === 'car_image' ? [] : null };
      expect(missingDocuments(stage, short), field).toEqual([message]);
    }
  });

  it('tax refund needs no document and is 2 once saved; the optional documents are never asked for', () => {
    expect(missingDocuments('drawback', {})).toEqual([]);
    expect(stageValue('drawback', {})).toBe(2);
    for (const stage of ['plate', 'transfer', 'freight'] as const) expect(missingDocuments(stage, {})).toEqual([]);
  });

  it('a vehicle is complete only with tax refund, deregistration and freight all at 2', () => {
    expect(isComplete({ drawback: 2, archive: 2, freight: 2 })).toBe(true);
    expect(isComplete({ drawback: 0, archive: 2, freight: 2 })).toBe(false);
    expect(isComplete({ drawback: 2, archive: 0, freight: 2 })).toBe(false);
    expect(isComplete({ drawback: 2, archive: 2, freight: 1 })).toBe(false);
    expect(isComplete({ drawback: 1, archive: 2, freight: 2 })).toBe(false);
  });
});
