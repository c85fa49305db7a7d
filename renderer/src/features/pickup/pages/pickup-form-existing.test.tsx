import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entry } from '../../../../../contract/pickup';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { PickupFormPage } from './pickup-form-page';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();

const VIN = 'LSVAB1230RA200011';
const REFUSAL = `车辆 ${VIN} 已有入库记录，请编辑原记录`;

const entry: Entry = {
  id: 501,
  entry_id: 501,
  car_id: 11,
  vin: VIN,
  dl_name: '原代理',
  remark: '原备注',
  wg_image: '/storage/image/2026/11/wg.png',
  vin_image: '/storage/image/2026/11/vin.png',
  car_image: ['/storage/image/2026/11/car-1.png'],
  carimage: [],
  order_id: 3,
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  customer_name: '杭州二手车行',
  amount: 2,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
};

let uploads = 0;
beforeEach(() => {
  uploads = 0;
  server.on('POST /api/upload', () => {
    uploads += 1;
    return envelope(200, { url: `/storage/image/2026/11/photo-${uploads}.png`, name: `照片${uploads}.png`, size: 8 });
  });
  server.on('GET /api/car/entryRead', envelope(200, entry));
  server.on('GET /api/car/search', envelope(200, [{ id: 11, vin: VIN }]));
});

const field = (label: string) => screen.getByLabelText(label);
const save = () => userEvent.click(screen.getByText('保存').closest('button') as HTMLElement);
const photo = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name);

async function upload(label: string, ...names: string[]) {
  const before = uploads;
  await userEvent.upload(field(label), names.map(photo));
  const slot = field(label).closest('.ant-form-item') as HTMLElement;
  for (let index = 1; index <= names.length; index += 1)
    await within(slot).findByLabelText(`删除 照片${before + index}.png`);
}

const renderAdd = () =>
  renderInApp(<PickupFormPage />, {
    path: '/pickup/add',
    initialEntries: ['/pickup/list', `/pickup/add?vin=${VIN}`],
    routes: [{ path: '/pickup/edit/:id', element: <PickupFormPage /> }],
  });

async function fillAndSave() {
  await userEvent.type(field('代理人'), '新代理');
  await upload('外观照片', '外观.png');
  await upload('车架号照片', '车架号.png');
  await upload('其他照片', '左前.png');
  await save();
}

/** DOMAIN.md: an add never overwrites; the form opens the vehicle's own record instead (issue 20, point 6). */
describe('an add refused because the vehicle has its record', { timeout: 60_000 }, () => {
  it('opens the existing check-in’s edit page in the add page’s place, saying why', async () => {
    server.on('POST /api/car/entryAdd', envelope(409, { id: 501 }, REFUSAL));
    const view = renderAdd();
    await fillAndSave();
    // The refusal's words, and the existing record's edit form filled from the server.
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/pickup/edit/501'));
    expect(await screen.findByText('编辑入库')).toBeInTheDocument();
    await waitFor(() => expect(field('代理人')).toHaveValue('原代理'));
    expect(server.requests.filter((request) => request.path === '/api/car/entryRead')[0]?.query.get('entryId')).toBe(
      '501',
    );
    // Nothing was asked about the typed form, and no edit was sent on the clerk's behalf.
    expect(screen.queryByText('有未保存的修改，确定离开吗？')).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.path === '/api/car/entryEdit')).toHaveLength(0);
    // The add page was replaced, not stacked: 取消 goes back to the list.
    await userEvent.click(screen.getByText('取消').closest('button') as HTMLElement);
    await waitFor(() => expect(view.location()).toBe('/pickup/list'));
  });

  it('any other 409 keeps the form and everything typed', async () => {
    server.on('POST /api/car/entryAdd', envelope(409, null, `车辆 ${VIN} 当前在采购环节，不能保存入库记录`));
    const view = renderAdd();
    await fillAndSave();
    expect((await screen.findAllByText(`车辆 ${VIN} 当前在采购环节，不能保存入库记录`)).length).toBeGreaterThan(0);
    expect(view.location()).toBe(`/pickup/add?vin=${VIN}`);
    expect(field('代理人')).toHaveValue('新代理');
  });
});
