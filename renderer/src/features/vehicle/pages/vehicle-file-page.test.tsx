import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plate } from '../../../../../contract/registry';
import { messages as commonMessages } from '../../../../../contract/common';
import { stageTable, type Stage } from '../../../../../contract/stage';
import { checklistRequired, stagesInLifeOrder, type VehicleFile } from '../../../../../contract/vehicle-file';
import { renderInApp } from '../../../testing/render-app';
import { envelope, type SeenRequest } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { readFixture } from '../../../testing/storage-test-server';
import { VehicleFilePage } from './vehicle-file-page';

configure({ asyncUtilTimeout: 8000 });

const server = scriptedApiForEachTest();
const VIN = 'LSVAB1236RA200011';
const stored = (name: string) => `/storage/document/2026/11/${name}.pdf`;
const photo = (name: string) => `/storage/image/2026/11/${name}.jpg`;
let pdf: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  pdf = await readFixture('scans/deregistration-certificate.pdf');
});

const values = (given: Partial<Record<Stage, 0 | 1 | 2>>) => ({
  entry: 0 as const,
  plate: 0 as const,
  release: 0 as const,
  transfer: 0 as const,
  exports: 0 as const,
  drawback: 0 as const,
  archive: 0 as const,
  freight: 0 as const,
  ...given,
});

interface CarOptions {
  carType?: 1 | 2;
  flow?: VehicleFile['vehicle']['flow'];
  values?: Partial<Record<Stage, 0 | 1 | 2>>;
  records?: Partial<Record<Stage, number>>;
  /** The files of each slot (`stage.field`); a slot not named is empty. */
  files?: Record<string, string[]>;
  reached?: Stage[];
  noEntry?: boolean;
}

/** A file as the server answers it: documents of the reached stages, missing and completeness from them. */
function vehicleFile(options: CarOptions = {}): VehicleFile {
  const carType = options.carType ?? 1;
  const stageValues = values(options.values ?? {});
  const stages = stagesInLifeOrder(carType);
  const reached = options.reached ?? [];
  const documents = reached
    .filter((stage) => !(stage === 'entry' && options.noEntry))
    .flatMap((stage) =>
      stageTable[stage].slots.map((slot) => ({
        stage,
        field: slot.field,
        label: slot.label,
        required: checklistRequired(stage, slot.field),
        files: (options.files?.[`${stage}.${slot.field}`] ?? []).map((path) => ({
          path,
          name: `${slot.label}.${path.split('.').pop()}`,
        })),
      })),
    );
  const required = documents.filter((document) => document.required);
  const missing = required.filter((document) => document.files.length === 0);
  return {
    vehicle: {
      id: 11,
      vin: VIN,
      model: '帕萨特 2024款',
      car_type: carType,
      flow: options.flow ?? 'registry',
      no_entry: options.noEntry ?? false,
      ...stageValues,
    },
    order: { id: 3, order_no: 'HW-2026-003', customer_name: 'Almaty Motors', country: '哈萨克斯坦' },
    purchases: [{ id: 7, purchase_no: 'CG-2026-007', type: carType }],
    stages: stages.map((stage) => {
      const recordId = options.records?.[stage] ?? null;
      return {
        stage,
        label: stageTable[stage].label,
        value: stageValues[stage],
        record_id: recordId,
        done_at: recordId === null ? null : '2026-11-20T09:00:00',
        done_by: recordId === null ? null : '李四',
        updated_at: recordId === null ? null : '2026-11-21T10:00:00.000+08:00',
      };
    }),
    documents,
    completeness: { present: required.length - missing.length, required: required.length },
    missing: missing.map(({ stage, field, label }) => ({ stage, field, label })),
    deadlines: [],
  };
}

/** A new car at the registry: checked in, plated with seven of eight documents (保险单 missing). */
const plated = (): VehicleFile =>
  vehicleFile({
    values: { entry: 2, plate: 1 },
    records: { entry: 21, plate: 501 },
    reached: ['entry', 'plate'],
    files: {
      'entry.vin_image': [photo('vin')],
      'entry.wg_image': [photo('wg')],
      'entry.car_image': [photo('car1'), photo('car2')],
      'plate.xsz_image': [stored('xsz')],
      'plate.djz_image': [stored('djz')],
      'plate.lp_image': [stored('lp')],
      'plate.fp_image': [stored('fp')],
      'plate.hgz_image': [stored('hgz')],
      'plate.ycxzs_image': [stored('ycxzs')],
      'plate.hbqd_image': [stored('hbqd')],
    },
  });

/** The plating record as plateRead answers it. */
const plate: Plate = {
  id: 501,
  plate_id: 501,
  car_id: 11,
  vin: VIN,
  car_image: [photo('plate-photo')],
  carimage: [{ image_url: photo('plate-photo') }],
  rate: 88,
  order_id: 3,
  order_no: 'HW-2026-003',
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  customer_name: '杭州二手车行',
  amount: 2,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-21T10:00:00.000+08:00',
  yy_date: '2026-12-01',
  xsz_image: stored('xsz'),
  djz_image: stored('djz'),
  lp_image: stored('lp'),
  fp_image: stored('fp'),
  hgz_image: stored('hgz'),
  ycxzs_image: stored('ycxzs'),
  hbqd_image: stored('hbqd'),
  bx_image: null,
};

const emptyHistory = envelope(200, { data: [], meta: { total: 0, page: 1, limit: 15 }, total: 0 });
const seen = (path: string) => server.requests.filter((request: SeenRequest) => request.path === path);

function openFile(id = 11) {
  return renderInApp(<VehicleFilePage />, {
    path: '/vehicle/:id',
    initialEntries: ['/filed/query_list', `/vehicle/${id}`],
  });
}

const timelineOrder = () =>
  [...document.querySelectorAll('.vehicle-file-timeline .vehicle-file-stage')].map((node) =>
    node.getAttribute('data-stage'),
  );
const slotRow = (stage: string, label: string) => screen.getByRole('listitem', { name: `${stage} ${label}` });

beforeEach(() => {
  server.on('GET /api/history', emptyHistory);
  server.on('GET /api/upload/names', envelope(200, {}));
});

describe('the vehicle file', { timeout: 60_000 }, () => {
  it('heads the page with the VIN, the model, new or used, both contracts, where the car is and what is next', async () => {
    server.on('GET /api/vehicle/11/file', envelope(200, plated()));
    openFile();
    expect(await screen.findByText(VIN, { selector: '.vehicle-file-vin' })).toBeInTheDocument();
    expect(screen.getByText('帕萨特 2024款')).toBeInTheDocument();
    expect(screen.getAllByText('新车').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '海外合同 HW-2026-003' })).toHaveAttribute('href', '/overseas/info/3');
    expect(screen.getByRole('link', { name: '采购合同 CG-2026-007' })).toHaveAttribute('href', '/purchase/info/7');
    expect(screen.getByText('Almaty Motors')).toBeInTheDocument();
    expect(screen.getByText('哈萨克斯坦')).toBeInTheDocument();
    expect(screen.getByText('车管')).toBeInTheDocument();
    expect(screen.getByText('上牌资料待补齐')).toBeInTheDocument();
    // The copy button beside the VIN.
    expect(screen.getByRole('button', { name: '复制车架号' })).toBeInTheDocument();
    // A VIN whose 9th character is its check digit carries no warning.
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows the car’s open deadlines with their due dates and tags (issue 25)', async () => {
    const file = plated();
    file.deadlines = [
      { key: 'temp_plate', label: '临时牌照到期', due_on: '2026-11-30', days_left: 3 },
      { key: 'registry', label: '上牌/过户', due_on: '2026-11-25', days_left: -2 },
      { key: 'freight', label: '运费', due_on: '2026-12-27', days_left: 30 },
    ];
    server.on('GET /api/vehicle/11/file', envelope(200, file));
    openFile();
    await screen.findByText(VIN, { selector: '.vehicle-file-vin' });
    const block = document.querySelector('.vehicle-file-deadlines') as HTMLElement;
    expect(block).toHaveTextContent('临时牌照到期 2026-11-30 到期');
    expect(within(block).getByText('还剩 3 天')).toHaveClass('ant-tag-orange');
    expect(within(block).getByText('逾期 2 天')).toHaveClass('ant-tag-red');
    // Further off than a week: said plainly, without a tag.
    expect(within(block).getByText('（还剩 30 天）')).toBeInTheDocument();
  });

  it('warns when the 9th character is not the VIN’s check digit', async () => {
    const file = plated();
    file.vehicle.vin = 'LSVAB1230RA200011';
    server.on('GET /api/vehicle/11/file', envelope(200, file));
    openFile();
    expect(await screen.findByRole('note')).toHaveTextContent('第9位校验码应为 6（现为 0）');
  });

  it('shows the stages in the order a new car lives them, with when, who and the record’s links', async () => {
    server.on('GET /api/vehicle/11/file', envelope(200, plated()));
    openFile();
    await screen.findByText(VIN, { selector: '.vehicle-file-vin' });
    expect(timelineOrder()).toEqual(['entry', 'plate', 'release', 'exports', 'drawback', 'archive', 'freight']);
    const timeline = document.querySelector('.vehicle-file-timeline') as HTMLElement;
    expect(within(timeline).getAllByText('已完成')).toHaveLength(1);
    expect(within(timeline).getByText('进行中')).toBeInTheDocument();
    expect(within(timeline).getAllByText('未开始')).toHaveLength(5);
    expect(within(timeline).getAllByText('2026-11-20 09:00:00 · 李四')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '查看上牌记录' })).toHaveAttribute('href', '/dmv/lincense_info/3/7/501');
    expect(screen.getByRole('link', { name: '编辑上牌记录' })).toHaveAttribute('href', '/dmv/lincense_edit/501');
    expect(screen.getByRole('link', { name: '查看入库记录' })).toHaveAttribute('href', '/pickup/info/3/7/21');
    expect(within(timeline).getByText('缺少 1 份资料')).toBeInTheDocument();
  });

  it('shows a used car’s transfer in place of plating', async () => {
    server.on(
      'GET /api/vehicle/11/file',
      envelope(
        200,
        vehicleFile({ carType: 2, values: { entry: 2 }, records: { entry: 21 }, reached: ['entry', 'transfer'] }),
      ),
    );
    openFile();
    await screen.findByText(VIN, { selector: '.vehicle-file-vin' });
    expect(timelineOrder()).toEqual(['entry', 'transfer', 'release', 'exports', 'drawback', 'archive', 'freight']);
    expect(screen.getAllByText('二手车').length).toBeGreaterThan(0);
    expect(screen.getByText('待过户')).toBeInTheDocument();
    // No transfer record yet: its add form, with the car, from the timeline and from the page's actions.
    for (const link of screen.getAllByRole('link', { name: '新增过户记录' }))
      expect(link).toHaveAttribute('href', '/dmv/transfer_add?vehicle=11');
    const view = screen.getByRole('button', { name: /新增过户/ });
    await userEvent.click(view);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dmv/transfer_add?vehicle=11'));
  });

  it('lists the missing documents first, marks each gap 缺少, and counts each stage and the whole car', async () => {
    server.on('GET /api/vehicle/11/file', envelope(200, plated()));
    openFile();
    const missing = await screen.findByRole('list', { name: '缺少的资料' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['上牌 · 保险单']);
    const checklist = document.querySelector('.vehicle-file-checklist') as HTMLElement;
    // The missing list stands above the stages' slots.
    expect(
      missing.compareDocumentPosition(slotRow('入库', '车架号照片')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(slotRow('上牌', '保险单')).getByText('缺少')).toBeInTheDocument();
    expect(within(checklist).getAllByText('缺少')).toHaveLength(1);
    // The optional photos of the plating are not missing: 未上传.
    expect(within(slotRow('上牌', '其他照片')).getByText('未上传')).toBeInTheDocument();
    expect(screen.getByLabelText('资料完整度')).toHaveTextContent('完整度 10/11');
    expect(screen.getByLabelText('上牌资料完整度')).toHaveTextContent('7/8');
    expect(screen.getByLabelText('入库资料完整度')).toHaveTextContent('3/3');
    // A present document opens the viewer and downloads.
    expect(within(slotRow('上牌', '行驶证')).getByRole('button', { name: '预览 行驶证.pdf' })).toBeInTheDocument();
    expect(within(slotRow('上牌', '行驶证')).getByRole('button', { name: '下载 行驶证.pdf' })).toBeInTheDocument();
    // The missing list's button takes the clerk to the slot's upload.
    await userEvent.click(within(missing).getByRole('button', { name: '上牌 · 保险单' }));
    expect(screen.getByRole('button', { name: '上传保险单' })).toHaveFocus();
  });

  it('shows a car handed on with 免入库 as such: no check-in to make, nothing missing there', async () => {
    server.on(
      'GET /api/vehicle/11/file',
      envelope(200, vehicleFile({ noEntry: true, values: {}, reached: ['entry', 'plate'], files: {} })),
    );
    openFile();
    await screen.findByText(VIN, { selector: '.vehicle-file-vin' });
    const timeline = document.querySelector('.vehicle-file-timeline') as HTMLElement;
    expect(within(timeline).getByText('免入库，无需入库记录')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /新增入库/ })).not.toBeInTheDocument();
    const entry = screen.getByRole('region', { name: '入库资料' });
    expect(within(entry).getByText('免入库')).toBeInTheDocument();
    expect(within(entry).queryByText('缺少')).not.toBeInTheDocument();
    const missing = screen.getByRole('list', { name: '缺少的资料' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .every((item) => item.textContent?.startsWith('上牌')),
    ).toBe(true);
  });

  it('uploads a missing document from the file and saves it through the record’s edit with its updated_at', async () => {
    let fileReads = 0;
    server.on('GET /api/vehicle/11/file', () => {
      fileReads += 1;
      if (fileReads === 1) return envelope(200, plated());
      const complete = plated();
      const slot = complete.documents.find((document) => document.field === 'bx_image' && document.stage === 'plate');
      slot!.files = [{ path: '/storage/document/2026/11/upload-1.pdf', name: '保险单.pdf' }];
      complete.missing = [];
      complete.completeness = { present: 11, required: 11 };
      return envelope(200, complete);
    });
    server.on(
      'POST /api/upload',
      envelope(200, { url: '/storage/document/2026/11/upload-1.pdf', name: '保险单.pdf', size: pdf.length }),
    );
    server.on('GET /api/car/plateRead', envelope(200, plate));
    server.on('POST /api/car/plateEdit', envelope(200, { id: 501 }));
    openFile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '上传保险单' }));
    // The drop area takes the focus: Enter or Space opens the picker.
    expect(within(slotRow('上牌', '保险单')).getByRole('button', { name: /^上传文件：/ })).toHaveFocus();
    const input = slotRow('上牌', '保险单').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([pdf], '保险单.pdf', { type: 'application/pdf' }));

    await waitFor(() => expect(seen('/api/car/plateEdit')).toHaveLength(1));
    expect(seen('/api/car/plateRead')[0]?.query.get('plateId')).toBe('501');
    expect(seen('/api/car/plateEdit')[0]?.body).toEqual({
      plate_id: 501,
      vin: VIN,
      yy_date: '2026-12-01',
      xsz_image: stored('xsz'),
      djz_image: stored('djz'),
      lp_image: stored('lp'),
      fp_image: stored('fp'),
      hgz_image: stored('hgz'),
      ycxzs_image: stored('ycxzs'),
      hbqd_image: stored('hbqd'),
      bx_image: '/storage/document/2026/11/upload-1.pdf',
      car_image: [photo('plate-photo')],
      updated_at: '2026-11-21T10:00:00.000+08:00',
    });
    expect(await screen.findByText('已保存到上牌记录')).toBeInTheDocument();
    // The file and the car's history are read again: the checklist is complete.
    await waitFor(() => expect(screen.getByLabelText('资料完整度')).toHaveTextContent('完整度 11/11'));
    expect(screen.queryByRole('list', { name: '缺少的资料' })).not.toBeInTheDocument();
    expect(seen('/api/history').length).toBeGreaterThanOrEqual(2);
  });

  it('says a stale save in the app’s words and reloads the file', async () => {
    server.on('GET /api/vehicle/11/file', envelope(200, plated()));
    server.on(
      'POST /api/upload',
      envelope(200, { url: '/storage/document/2026/11/upload-2.pdf', name: '保险单.pdf', size: pdf.length }),
    );
    server.on('GET /api/car/plateRead', envelope(200, plate));
    server.on('POST /api/car/plateEdit', envelope(409, null, commonMessages.staleRecord));
    openFile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '上传保险单' }));
    const input = slotRow('上牌', '保险单').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([pdf], '保险单.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(commonMessages.staleRecord)).toBeInTheDocument();
    await waitFor(() => expect(seen('/api/vehicle/11/file')).toHaveLength(2));
    // Still missing: nothing was saved.
    expect(within(slotRow('上牌', '保险单')).getByText('缺少')).toBeInTheDocument();
  });

  it('offers the stage’s add form for a car at the yard without a check-in', async () => {
    server.on('GET /api/vehicle/11/file', envelope(200, vehicleFile({ flow: 'pickup', reached: ['entry'] })));
    openFile();
    const add = await screen.findByRole('button', { name: /新增入库/ });
    expect(screen.getByText('待入库')).toBeInTheDocument();
    // No record: its slots are listed as missing, without an upload (there is no record to save into).
    expect(screen.queryByRole('button', { name: /^上传/ })).not.toBeInTheDocument();
    await userEvent.click(add);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pickup/add?vehicle=11'));
  });

  it('says 车辆不存在 for an unknown car, with a way back', async () => {
    server.on('GET /api/vehicle/999/file', envelope(404, null, '车辆不存在'));
    openFile(999);
    expect(await screen.findByText('车辆不存在')).toBeInTheDocument();
    const back = screen.getByRole('button', { name: /返\s?回/ });
    await userEvent.click(back);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/filed/query_list'));
  });
});
