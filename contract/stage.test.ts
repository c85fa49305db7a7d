import { describe, expect, it } from 'vitest';
import { missingDocuments, recordAllowedIn, stageRate, stageTable, stageValue, STAGES } from './stage';

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
