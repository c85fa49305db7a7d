import { describe, expect, it } from 'vitest';
import {
  FLOWS,
  flowLabels,
  handOverAnswerSchema,
  isComplete,
  missingDocuments,
  recordAllowedIn,
  stageMessages,
  stageRate,
  stageTable,
  stageTagColor,
  stageValue,
  STAGES,
} from './stage';

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

/**
 * The whole table written out from spec part 2 (the record forms, section 9's photo limits) and API.md's
 * upload slots: a slot's label, whether it is required and its message, how many files, which upload
 * slot, which types, whether it counts. Any value changed in contract/stage.ts fails here.
 */
describe('the stage table, every row written out', () => {
  const PICTURES = ['jpg', 'png', 'jpeg'];
  type Row = [
    field: string,
    label: string,
    missing: string | null,
    maxFiles: number,
    dir: string,
    accept: string[] | null,
    counted: boolean,
  ];
  const document = (field: string, label: string, missing: string | null = null): Row => [
    field,
    label,
    missing,
    1,
    'document',
    null,
    true,
  ];
  const photos = (maxFiles: number, missing: string | null = null): Row => [
    'car_image',
    '其他照片',
    missing,
    maxFiles,
    'image',
    PICTURES,
    false,
  ];
  const expected: Record<
    string,
    { label: string; recordLabel: string; flow: string; completion: string; rated: boolean; slots: Row[] }
  > = {
    entry: {
      label: '入库',
      recordLabel: '入库记录',
      flow: 'pickup',
      completion: 'saved',
      rated: false,
      slots: [
        ['vin_image', '车架号照片', '请上传车架号照片', 1, 'image', PICTURES, true],
        ['wg_image', '外观照片', '请上传外观照片', 1, 'image', PICTURES, true],
        photos(9, '请上传其他照片'),
      ],
    },
    plate: {
      label: '上牌',
      recordLabel: '上牌记录',
      flow: 'registry',
      completion: 'allCounted',
      rated: true,
      slots: [
        document('xsz_image', '行驶证'),
        document('djz_image', '登记证书'),
        document('lp_image', '临时牌照'),
        document('fp_image', '新车发票'),
        document('hgz_image', '合格证'),
        document('ycxzs_image', '一致性证书'),
        document('hbqd_image', '环保清单'),
        document('bx_image', '保险单'),
        photos(9),
      ],
    },
    release: {
      label: '出库',
      recordLabel: '出库记录',
      flow: 'release',
      completion: 'saved',
      rated: false,
      slots: [
        // The release slip may be a scanned PDF: the whole image slot.
        ['fxt_image', '放行条', '请上传放行条', 1, 'image', null, true],
        ['lc_image', '离场照片', '请上传离场照片', 1, 'image', PICTURES, true],
        photos(9),
      ],
    },
    transfer: {
      label: '过户',
      recordLabel: '过户记录',
      flow: 'registry',
      completion: 'allCounted',
      rated: true,
      slots: [
        document('djz_image', '登记证书'),
        document('lp_image', '临时牌照'),
        document('usedcar_invoices_image', '二手车发票'),
        document('zzs_invoices_image', '增值税发票'),
        document('xsz_image', '行驶证'),
        photos(9),
      ],
    },
    exports: {
      label: '出口',
      recordLabel: '出口报关记录',
      flow: 'release',
      completion: 'saved',
      rated: true,
      slots: [
        document('xkz_image', '许可证', '请上传许可证'),
        document('bgzl_image', '报关资料', '请上传报关资料'),
        document('bgd_image', '报关单', '请上传报关单'),
        document('td_image', '提单', '请上传提单'),
        document('jcbg_image', '检测报告'),
        document('hgfxtz_image', '海关放行通知书'),
        photos(25),
      ],
    },
    drawback: { label: '退税', recordLabel: '退税记录', flow: 'filing', completion: 'saved', rated: false, slots: [] },
    archive: {
      label: '注销',
      recordLabel: '注销记录',
      flow: 'filing',
      completion: 'saved',
      rated: false,
      slots: [document('zxzm_image', '注销证明', '请上传注销证明')],
    },
    freight: {
      label: '运费',
      recordLabel: '运费记录',
      flow: 'filing',
      completion: 'allCounted',
      rated: false,
      slots: [document('yffp_image', '运费发票'), document('yffkd_image', '运费付款单'), photos(9)],
    },
  };

  it('has the eight stages in order, each row as the spec writes it', () => {
    expect(STAGES).toEqual(['entry', 'plate', 'release', 'transfer', 'exports', 'drawback', 'archive', 'freight']);
    for (const stage of STAGES) {
      const { slots, ...row } = stageTable[stage];
      const { slots: expectedSlots, ...expectedRow } = expected[stage]!;
      expect({ ...row }, stage).toEqual({ stage, ...expectedRow });
      const written = slots.map((slot): Row => [
        slot.field,
        slot.label,
        slot.required ? (slot.missing ?? '') : null,
        slot.maxFiles,
        slot.dir,
        slot.accept === undefined ? null : [...slot.accept],
        slot.counted,
      ]);
      expect(written, stage).toEqual(expectedSlots);
      // An optional slot carries no message.
      for (const slot of slots) if (!slot.required) expect(slot.missing, `${stage} ${slot.field}`).toBeUndefined();
    }
  });

  it('the flows in the order a vehicle moves, with the words a refusal uses', () => {
    expect(FLOWS).toEqual(['purchase', 'pickup', 'registry', 'release', 'filing']);
    expect(flowLabels).toEqual({
      purchase: '采购',
      pickup: '入库',
      registry: '车管',
      release: '出库报关',
      filing: '归档',
    });
  });

  it('a record is allowed from its own flow on: every stage against every flow', () => {
    const firstFlow = {
      entry: 1,
      plate: 2,
      release: 3,
      transfer: 2,
      exports: 3,
      drawback: 4,
      archive: 4,
      freight: 4,
    } as const;
    const flows = ['purchase', 'pickup', 'registry', 'release', 'filing'] as const;
    for (const stage of STAGES) {
      flows.forEach((flow, index) =>
        expect(recordAllowedIn(stage, flow), `${stage} in ${flow}`).toBe(index >= firstFlow[stage]),
      );
    }
  });

  it('the tag colours: 0 grey, 1 warning, 2 success', () => {
    expect([stageTagColor(0), stageTagColor(1), stageTagColor(2)]).toEqual(['default', 'warning', 'success']);
  });

  it('says to a clerk what DOMAIN.md and the spec say', () => {
    const VIN = 'LSV00000000000001';
    expect(stageMessages.vehicleMissing).toBe('车辆不存在');
    expect(stageMessages.notBought(VIN)).toBe('车辆 LSV00000000000001 尚未签订采购合同');
    expect(stageMessages.wrongFlow(VIN, 'purchase', 'entry')).toBe(
      '车辆 LSV00000000000001 当前在采购环节，不能保存入库记录',
    );
    expect(stageMessages.alreadyRecorded(VIN, 'release')).toBe('已出库的车辆不能再次出库');
    expect(stageMessages.alreadyRecorded(VIN, 'plate')).toBe('车辆 LSV00000000000001 已有上牌记录，请编辑原记录');
    expect(stageMessages.keptElsewhere('registry')).toBe('当前在车管环节');
    expect(stageMessages.keptElsewhere(null)).toBe('尚未采购');
    expect({ ...stageMessages, notBought: 0, wrongFlow: 0, alreadyRecorded: 0, keptElsewhere: 0 }).toEqual({
      vehicleMissing: '车辆不存在',
      notBought: 0,
      wrongFlow: 0,
      alreadyRecorded: 0,
      noVehicles: '请先选择车辆',
      keptElsewhere: 0,
      keptNoEntry: '尚未入库',
      keptNoRegistry: '尚未上牌或过户',
      keptNoRelease: '尚未出库',
      keptNoExports: '尚未出口报关',
      keptMovedMeanwhile: '已被他人移交',
      handOverDone: '移交成功!',
      handOverFailed: '移交失败!',
      keptTitle: '以下车辆未移交：',
      nothingHandedOver: '没有可移交的车辆',
    });
  });

  it('a hand-over answers how many moved and which stayed, with why', () => {
    const answer = { moved: 1, kept: [{ vin: 'LSV00000000000001', reason: '尚未入库' }] };
    expect(handOverAnswerSchema.parse(answer)).toEqual(answer);
    expect(handOverAnswerSchema.safeParse({ moved: '1', kept: [] }).success).toBe(false);
    expect(handOverAnswerSchema.safeParse({ moved: 1, kept: [{ vin: 'x' }] }).success).toBe(false);
  });

  it('a document counts when it has a path (or, for photos, at least one)', () => {
    expect(stageValue('freight', { yffp_image: '', yffkd_image: '/storage/document/a.pdf' })).toBe(1);
    expect(stageValue('freight', { yffp_image: [], yffkd_image: '/storage/document/a.pdf' })).toBe(1);
    expect(stageValue('freight', { yffp_image: ['/storage/document/b.pdf'], yffkd_image: '/x.pdf' })).toBe(2);
    expect(missingDocuments('entry', { vin_image: '/v.jpg', wg_image: '/w.jpg', car_image: '/o.jpg' })).toEqual([]);
  });
});
