import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entry } from '../../../../../contract/pickup';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { vehicleFileAnswer } from '../../../testing/vehicle-file-answer';
import { PickupFormPage } from './pickup-form-page';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();

const VIN = 'LSVAB1230RA200011';

const entry = (overrides: Partial<Entry> = {}): Entry => ({
  id: 501,
  entry_id: 501,
  car_id: 11,
  vin: VIN,
  dl_name: '张代理',
  remark: '左前门有划痕',
  wg_image: '/storage/image/2026/11/wg.png',
  vin_image: '/storage/image/2026/11/vin.png',
  car_image: ['/storage/image/2026/11/car-1.png', '/storage/image/2026/11/car-2.png'],
  carimage: [],
  order_id: 3,
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  customer_name: '杭州二手车行',
  amount: 2,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
  ...overrides,
});

let uploads = 0;
beforeEach(() => {
  uploads = 0;
  server.on('POST /api/upload', () => {
    uploads += 1;
    return envelope(200, { url: `/storage/image/2026/11/photo-${uploads}.png`, name: `照片${uploads}.png`, size: 8 });
  });
  server.on('GET /api/car/entryRead', envelope(200, entry()));
  server.on('POST /api/car/entryAdd', envelope(200, { id: 600 }));
  server.on('POST /api/car/entryEdit', envelope(200, { id: 501 }));
  server.on('GET /api/car/search', envelope(200, [{ id: 11, vin: VIN }]));
});

const field = (label: string) => screen.getByLabelText(label);
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const save = () => userEvent.click(screen.getByText('保存').closest('button') as HTMLElement);
const saves = () => server.requests.filter((request) => request.path.startsWith('/api/car/entry'));
const photo = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name);

/** Picks photos in a slot and waits until each is uploaded and shown with its delete button. */
async function upload(label: string, ...names: string[]) {
  const before = uploads;
  await userEvent.upload(field(label), names.map(photo));
  const slot = field(label).closest('.ant-form-item') as HTMLElement;
  for (let index = 1; index <= names.length; index += 1)
    await within(slot).findByLabelText(`删除 照片${before + index}.png`);
}

const renderAdd = (search = '') =>
  renderInApp(<PickupFormPage />, { path: '/pickup/add', initialEntries: ['/pickup/list', `/pickup/add${search}`] });
const renderEdit = () =>
  renderInApp(<PickupFormPage />, { path: '/pickup/edit/:id', initialEntries: ['/pickup/list', '/pickup/edit/501'] });

describe('check-in form', { timeout: 60_000 }, () => {
  it('says what is missing with the spec’s words and sends nothing', async () => {
    renderAdd();
    await save();
    await waitFor(() =>
      expect(errors()).toEqual(
        expect.arrayContaining(['请输入正确的17位车架号VIN', '请上传外观照片', '请上传车架号照片', '请上传其他照片']),
      ),
    );
    await userEvent.type(field('车架号'), 'LSVAB1230RA20001');
    await save();
    await waitFor(() => expect(errors()).toContain('请输入正确的17位车架号VIN'));
    expect(saves()).toHaveLength(0);
  });

  it('checks a vehicle in: the VIN from the list row, the photos, the agent and the remark', async () => {
    const view = renderAdd(`?vin=${VIN}`);
    expect(field('车架号')).toHaveValue(VIN);
    await userEvent.type(field('代理人'), '张代理');
    await upload('外观照片', '外观.png');
    await upload('车架号照片', '车架号.png');
    await upload('其他照片', '左前.png', '右后.png');
    await userEvent.type(field('备注'), '钥匙两把');
    await save();
    await screen.findByText('新建成功');
    const sent = saves().find((request) => request.path === '/api/car/entryAdd');
    expect(sent?.body).toEqual({
      vin: VIN,
      dl_name: '张代理',
      wg_image: '/storage/image/2026/11/photo-1.png',
      vin_image: '/storage/image/2026/11/photo-2.png',
      car_image: ['/storage/image/2026/11/photo-3.png', '/storage/image/2026/11/photo-4.png'],
      remark: '钥匙两把',
    });
    // The tab closes after the form's delay and the list is back.
    await waitFor(() => expect(view.location()).toBe('/pickup/list'), { timeout: 4000 });
  });

  it('suggests only vehicles waiting for a check-in (stage entry)', async () => {
    renderAdd();
    await userEvent.type(field('车架号'), '200011');
    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/api/car/search')?.query.get('stage')).toBe('entry'),
    );
    expect(server.requests.find((request) => request.path === '/api/car/search')?.query.get('vin')).toBe('200011');
  });

  it('holds one exterior photo: a second one replaces it, a pdf is refused (photos only)', async () => {
    renderAdd();
    await upload('外观照片', 'a.png');
    const slot = field('外观照片').closest('.ant-form-item') as HTMLElement;
    await userEvent.upload(field('外观照片'), photo('b.png'));
    await within(slot).findByLabelText('替换 照片2.png');
    expect(within(slot).queryByLabelText('删除 照片1.png')).not.toBeInTheDocument();
    expect(field('外观照片')).toHaveAttribute('accept', '.jpg,.png,.jpeg');
    await userEvent.upload(field('外观照片'), new File(['%PDF-1.4'], 'scan.pdf'), { applyAccept: false });
    expect(await screen.findByText('文件类型错误!')).toBeInTheDocument();
    expect(uploads).toBe(2);
  });

  it('edit: filled from the check-in, saved with its id and the time it was read', async () => {
    const view = renderEdit();
    await waitFor(() => expect(field('车架号')).toHaveValue(VIN));
    expect(field('代理人')).toHaveValue('张代理');
    expect(field('备注')).toHaveValue('左前门有划痕');
    expect(screen.getByText('编辑入库')).toBeInTheDocument();
    await userEvent.clear(field('代理人'));
    await userEvent.type(field('代理人'), '王代理');
    await save();
    await screen.findByText('编辑成功');
    const sent = saves().find((request) => request.path === '/api/car/entryEdit');
    expect(sent?.body).toEqual({
      entry_id: 501,
      vin: VIN,
      dl_name: '王代理',
      wg_image: '/storage/image/2026/11/wg.png',
      vin_image: '/storage/image/2026/11/vin.png',
      car_image: ['/storage/image/2026/11/car-1.png', '/storage/image/2026/11/car-2.png'],
      remark: '左前门有划痕',
      updated_at: '2026-11-20T09:00:00.000+08:00',
    });
    await waitFor(() => expect(view.location()).toBe('/pickup/list'), { timeout: 4000 });
  });

  it('edit refused as stale keeps the typing and can load the latest', async () => {
    server.on('POST /api/car/entryEdit', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    const view = renderEdit();
    await waitFor(() => expect(field('代理人')).toHaveValue('张代理'));
    await userEvent.clear(field('代理人'));
    await userEvent.type(field('代理人'), '王代理');
    await save();
    const alert = (await screen.findByText('放弃修改并载入最新内容')).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('该记录已被他人修改，请刷新后重试');
    expect(field('代理人')).toHaveValue('王代理');
    expect(view.location()).toBe('/pickup/edit/501');
    server.on(
      'GET /api/car/entryRead',
      envelope(200, entry({ dl_name: '赵代理', updated_at: '2026-11-21T09:00:00.000+08:00' })),
    );
    await userEvent.click(within(alert).getByText('放弃修改并载入最新内容'));
    await waitFor(() => expect(field('代理人')).toHaveValue('赵代理'));
  });

  it('starts with the car of ?vehicle= (the vehicle file’s 新增入库) chosen', async () => {
    server.on('GET /api/vehicle/11/file', envelope(200, vehicleFileAnswer({ id: 11, vin: VIN })));
    renderAdd('?vehicle=11');
    await waitFor(() => expect(field('车架号')).toHaveValue(VIN));
  });

  it('a refused add shows the server’s reason above the fields', async () => {
    server.on('POST /api/car/entryAdd', envelope(409, null, `车辆 ${VIN} 当前在采购环节，不能保存入库记录`));
    renderAdd(`?vin=${VIN}`);
    await upload('外观照片', '外观.png');
    await upload('车架号照片', '车架号.png');
    await upload('其他照片', '左前.png');
    await save();
    const alert = (await screen.findAllByText(`车辆 ${VIN} 当前在采购环节，不能保存入库记录`))[0]!;
    expect(alert).toBeInTheDocument();
    expect(field('车架号')).toHaveValue(VIN);
  });
});
