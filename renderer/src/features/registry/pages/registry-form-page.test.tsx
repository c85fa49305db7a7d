import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plate, RegistryListItem } from '../../../../../contract/registry';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { vehicleFileAnswer } from '../../../testing/vehicle-file-answer';
import { PlateFormPage, TransferFormPage } from './registry-form-page';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();

const VIN = 'LSVAB1230RA200011';
const doc = (name: string) => `/storage/document/2026/11/${name}.pdf`;

/** A plating with four of its eight documents. */
const plate = (overrides: Partial<Plate> = {}): Plate => ({
  id: 501,
  plate_id: 501,
  car_id: 11,
  vin: VIN,
  yy_date: '2026-12-01',
  xsz_image: doc('xsz'),
  djz_image: doc('djz'),
  lp_image: doc('lp'),
  fp_image: doc('fp'),
  hgz_image: null,
  ycxzs_image: null,
  hbqd_image: null,
  bx_image: null,
  car_image: [],
  carimage: [],
  rate: 50,
  order_id: 3,
  order_no: 'HW-2026-003',
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  customer_name: '杭州二手车行',
  amount: 2,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:30:00.000+08:00',
  ...overrides,
});

let uploads = 0;
beforeEach(() => {
  uploads = 0;
  server.on('POST /api/upload', () => {
    uploads += 1;
    return envelope(200, {
      url: `/storage/document/2026/11/upload-${uploads}.pdf`,
      name: `资料${uploads}.pdf`,
      size: 8,
    });
  });
  server.on('GET /api/car/plateRead', envelope(200, plate()));
  server.on('POST /api/car/plateAdd', envelope(200, { id: 600 }, '新建成功'));
  server.on('POST /api/car/plateEdit', envelope(200, { id: 501 }, '编辑成功'));
  server.on('POST /api/car/transferAdd', envelope(200, { id: 700 }, '新建成功'));
  server.on('GET /api/car/search', envelope(200, [{ id: 11, vin: VIN }]));
  server.on('GET /api/purchase/7', () =>
    envelope(200, {
      id: 7,
      purchase_no: 'CG-2026-007',
      car: [
        { id: 10, vin: 'LSVAB1230RA200010' },
        { id: 11, vin: VIN },
      ],
    }),
  );
});

const field = (label: string) => screen.getByLabelText(label);
const save = () => userEvent.click(screen.getByText('保存').closest('button') as HTMLElement);
const writes = () => server.requests.filter((request) => request.method === 'POST' && request.path !== '/api/upload');
const file = (name: string) => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], name, { type: 'application/pdf' });

async function upload(label: string, name: string) {
  const before = uploads;
  await userEvent.upload(field(label), file(name));
  const slot = field(label).closest('.ant-form-item') as HTMLElement;
  await within(slot).findByLabelText(`删除 资料${before + 1}.pdf`);
}

const progress = () => screen.getByLabelText('资料上传进度');

describe('plating and transfer forms', { timeout: 60_000 }, () => {
  it('plates a car from the list’s link: the car preselected, documents counted as they come', async () => {
    const view = renderInApp(<PlateFormPage />, {
      path: '/dmv/lincense_add/:order_id?/:p_id?/:id?',
      initialEntries: ['/dmv/list', '/dmv/lincense_add/3/7/11'],
    });
    expect(await screen.findByText('新增上牌')).toBeInTheDocument();
    await waitFor(() => expect(field('车架号')).toHaveValue(VIN));
    // The eight documents of the plating (spec part 2), one slot each, and the other photos.
    for (const label of [
      '行驶证',
      '登记证书',
      '临时牌照',
      '新车发票',
      '合格证',
      '一致性证书',
      '环保清单',
      '保险单',
      '其他照片',
    ])
      expect(field(label)).toBeInTheDocument();
    await waitFor(() => expect(progress()).toHaveTextContent('已上传 0/8'));
    await upload('行驶证', '行驶证.pdf');
    await upload('保险单', '保险单.pdf');
    await waitFor(() => expect(progress()).toHaveTextContent('已上传 2/8'));
    await save();
    await screen.findByText('新建成功');
    expect(writes().map((request) => request.path)).toEqual(['/api/car/plateAdd']);
    expect(writes()[0]?.body).toEqual({
      vin: VIN,
      yy_date: '',
      xsz_image: '/storage/document/2026/11/upload-1.pdf',
      djz_image: '',
      lp_image: '',
      fp_image: '',
      hgz_image: '',
      ycxzs_image: '',
      hbqd_image: '',
      bx_image: '/storage/document/2026/11/upload-2.pdf',
      car_image: [],
    });
    await waitFor(() => expect(view.location()).toBe('/dmv/list'), { timeout: 4000 });
  });

  it('继续录入下一辆: saves and opens the same overseas contract’s next car still without its record, across the tabs', async () => {
    const row = (id: number, purchaseId: number, type: 1 | 2, done: boolean): RegistryListItem => ({
      id,
      vin: `LSVAB1230RA2000${id}`,
      model: null,
      flow: 'registry',
      order_id: 3,
      order_no: 'HW-2026-003',
      purchase_id: purchaseId,
      purchase_no: `CG-${purchaseId}`,
      purchase_type: type,
      plate: type === 1 && done ? [{ id: 90 + id, rate: 100, created_at: '2026-11-20T09:00:00.000+08:00' }] : [],
      transfer: [],
      procedure: { plate: type === 1 && done ? 2 : 0, transfer: 0 },
      deadline: null,
    });
    const paged = (data: RegistryListItem[]) =>
      envelope(200, { data, meta: { total: data.length, page: 1, limit: 50 } });
    // Tab 1: this car and one already plated; tab 2: the contract's used car, not yet transferred.
    server.on('GET /api/car/plateLists', paged([row(11, 7, 1, false), row(10, 7, 1, true)]));
    server.on('GET /api/car/transferLists', paged([row(12, 8, 2, false)]));
    const view = renderInApp(<PlateFormPage />, {
      path: '/dmv/lincense_add/:order_id?/:p_id?/:id?',
      initialEntries: ['/dmv/list', '/dmv/lincense_add/3/7/11'],
    });
    await waitFor(() => expect(field('车架号')).toHaveValue(VIN));
    const next = await screen.findByRole('button', { name: '继续录入下一辆' });
    expect(next).toHaveAttribute('title', '保存，再录入同一海外合同的 LSVAB1230RA200012 的过户');
    const asked = server.requests.filter((request) => request.path === '/api/car/plateLists').at(-1);
    expect(asked?.query.get('order_id')).toBe('3');
    await userEvent.click(next);
    await screen.findByText('新建成功');
    expect(writes().map((request) => request.path)).toEqual(['/api/car/plateAdd']);
    await waitFor(() => expect(view.location()).toBe('/dmv/transfer_add/3/8/12'));
  });

  it('offers no next car when the contract has none left without its record', async () => {
    server.on('GET /api/car/plateLists', envelope(200, { data: [], meta: { total: 0, page: 1, limit: 50 } }));
    server.on('GET /api/car/transferLists', envelope(200, { data: [], meta: { total: 0, page: 1, limit: 50 } }));
    renderInApp(<PlateFormPage />, {
      path: '/dmv/lincense_add/:order_id?/:p_id?/:id?',
      initialEntries: ['/dmv/list', '/dmv/lincense_add/3/7/11'],
    });
    await waitFor(() => expect(field('车架号')).toHaveValue(VIN));
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/api/car/transferLists')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: '继续录入下一辆' })).toBeNull();
  });

  it('edits a plating: adding a document keeps the four already there, with the record’s updated_at', async () => {
    renderInApp(<PlateFormPage />, {
      path: '/dmv/lincense_edit/:id',
      initialEntries: ['/dmv/list', '/dmv/lincense_edit/501'],
    });
    expect(await screen.findByText('编辑上牌')).toBeInTheDocument();
    await waitFor(() => expect(field('车架号')).toHaveValue(VIN));
    await waitFor(() => expect(progress()).toHaveTextContent('已上传 4/8'));
    await waitFor(() => expect(field('预约日期')).toHaveValue('2026-12-01'));
    expect(screen.getByText('采购合同 CG-2026-007 · 杭州二手车行')).toBeInTheDocument();
    await upload('合格证', '合格证.pdf');
    await waitFor(() => expect(progress()).toHaveTextContent('已上传 5/8'));
    await save();
    await screen.findByText('编辑成功');
    expect(writes()[0]?.path).toBe('/api/car/plateEdit');
    expect(writes()[0]?.body).toMatchObject({
      plate_id: 501,
      updated_at: '2026-11-20T09:30:00.000+08:00',
      vin: VIN,
      yy_date: '2026-12-01',
      xsz_image: doc('xsz'),
      djz_image: doc('djz'),
      lp_image: doc('lp'),
      fp_image: doc('fp'),
      hgz_image: '/storage/document/2026/11/upload-1.pdf',
      bx_image: '',
    });
  });

  it('refuses a malformed VIN before sending, and shows the server’s wrong-flow refusal', async () => {
    server.on('POST /api/car/transferAdd', envelope(409, null, `车辆 ${VIN} 当前在入库环节，不能保存过户记录`));
    renderInApp(<TransferFormPage />, {
      path: '/dmv/transfer_add',
      initialEntries: ['/dmv/list', '/dmv/transfer_add'],
    });
    expect(await screen.findByText('新增过户')).toBeInTheDocument();
    for (const label of ['登记证书', '临时牌照', '二手车发票', '增值税发票', '行驶证'])
      expect(field(label)).toBeInTheDocument();
    expect(screen.queryByLabelText('预约日期')).not.toBeInTheDocument();
    await waitFor(() => expect(progress()).toHaveTextContent('已上传 0/5'));
    await userEvent.type(field('车架号'), 'LSVAB1230RA2000');
    await save();
    expect(await screen.findByText('请输入17位正确的车架号VIN')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await userEvent.clear(field('车架号'));
    await userEvent.type(field('车架号'), VIN);
    await upload('二手车发票', '发票.pdf');
    await save();
    expect((await screen.findAllByText(`车辆 ${VIN} 当前在入库环节，不能保存过户记录`)).length).toBeGreaterThan(0);
    expect(writes()[0]?.body).toMatchObject({
      vin: VIN,
      usedcar_invoices_image: '/storage/document/2026/11/upload-1.pdf',
    });
    // The VIN box suggests only vehicles that may take a transfer.
    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/api/car/search')?.query.get('stage')).toBe(
        'transfer',
      ),
    );
  });

  it('starts with the car of ?vehicle= (the vehicle file’s 新增上牌 / 新增过户) chosen', async () => {
    server.on(
      'GET /api/vehicle/11/file',
      envelope(200, vehicleFileAnswer({ id: 11, vin: VIN, flow: 'registry', car_type: 2 })),
    );
    renderInApp(<TransferFormPage />, {
      path: '/dmv/transfer_add/:order_id?/:p_id?/:id?',
      initialEntries: ['/vehicle/11', '/dmv/transfer_add?vehicle=11'],
    });
    expect(await screen.findByText('新增过户')).toBeInTheDocument();
    await waitFor(() => expect(field('车架号')).toHaveValue(VIN));
  });

  it('says so when the edited record does not exist', async () => {
    server.on('GET /api/car/plateRead', envelope(404, null, '记录不存在'));
    renderInApp(<PlateFormPage />, { path: '/dmv/lincense_edit/:id', initialEntries: ['/dmv/lincense_edit/999'] });
    expect(await screen.findByText('该上牌记录不存在或已被删除')).toBeInTheDocument();
  });
});
