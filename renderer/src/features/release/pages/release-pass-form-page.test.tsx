import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReleaseAsked, ReleaseCandidate, ReleasePass } from '../../../../../contract/release';
import { renderInApp } from '../../../testing/render-app';
import { envelope, type SeenRequest } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { ReleasePassFormPage } from './release-pass-form-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const car = (id: number, purchase: 1 | 2, overrides: Partial<ReleaseCandidate> = {}): ReleaseCandidate => ({
  id,
  vin: `LSVAB1230RA2000${String(id).padStart(2, '0')}`,
  model: purchase === 1 ? '丰田 卡罗拉' : '本田 雅阁',
  flow: 'release',
  release: 0,
  release_id: null,
  purchase_id: purchase,
  purchase_no: purchase === 1 ? 'CG-2026-001' : 'CG-2026-002',
  order_id: purchase,
  order_no: purchase === 1 ? 'HW-2026-001' : 'HW-2026-002',
  ...overrides,
});
const waiting = [car(13, 2), car(12, 1), car(11, 1)];

const candidatesAnswer = (asked: ReleaseAsked[] = [], data = waiting) =>
  envelope(200, { data, more: false, limit: 200, asked });

beforeEach(() => {
  server.on('GET /api/car/releaseCandidates', (request: SeenRequest) => {
    const vin = request.query.get('vin') ?? '';
    return candidatesAnswer(
      [],
      waiting.filter((row) => row.vin.includes(vin.toUpperCase())),
    );
  });
  let uploads = 0;
  server.on('POST /api/upload', () => {
    uploads += 1;
    return envelope(200, {
      url: `/storage/image/2026/11/upload-${uploads}.png`,
      name: `upload-${uploads}.png`,
      size: 10,
    });
  });
});

const renderForm = (entry = '/release/letpass_add') =>
  renderInApp(<ReleasePassFormPage />, {
    path: entry.startsWith('/release/letpass_add') ? '/release/letpass_add' : '/release/letpass_edit/:id',
    initialEntries: ['/pickup/list', entry],
  });

// Text queries, not role queries: a form page is a large tree for jsdom's role walk.
const button = (text: RegExp | string) => screen.getByText(text).closest('button') as HTMLElement;
const save = () => userEvent.click(button(/^保\s*存$/));
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const writes = () => server.requests.filter((request) => request.method === 'POST' && request.path !== '/api/upload');
const pane = (title: string) =>
  document.querySelectorAll('.ant-transfer-section')[title === '待放行车辆' ? 0 : 1] as HTMLElement;
const vinsIn = (title: string) =>
  Array.from(pane(title).querySelectorAll('.release-pass-car-vin'), (node) => node.textContent);
const item = (vin: string) => screen.getByText(vin).closest('li') as HTMLElement;
const move = (label: '加入' | '移出') => userEvent.click(button(label));
const photo = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

const savedPass = (overrides: Partial<ReleasePass> = {}): ReleasePass => ({
  id: 7,
  release_id: 7,
  order_id: 1,
  order_no: 'HW-2026-001',
  purchase_id: 1,
  purchase_no: 'CG-2026-001',
  customer_name: '杭州二手车行',
  releasecar: [
    { car_id: 21, vin: 'LSVAB1230RA200021', model: '丰田 卡罗拉' },
    { car_id: 22, vin: 'LSVAB1230RA200022', model: '丰田 卡罗拉' },
  ],
  fxt_image: '/storage/image/2026/11/slip.jpg',
  lc_image: '/storage/image/2026/11/leave.png',
  car_image: [],
  carimage: [],
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:30:00.000+08:00',
  ...overrides,
});

describe('release pass form (车辆放行)', () => {
  it('names the vehicles, the slip and the departure photo it still needs, and sends nothing', async () => {
    renderForm();
    await waitFor(() => expect(vinsIn('待放行车辆')).toEqual(waiting.map((row) => row.vin)));
    await save();
    await waitFor(() => expect(errors()).toEqual(['请先选择要放行出库的车辆', '请上传放行条', '请上传离场照片']));
    expect(writes()).toHaveLength(0);
  });

  it('releases two vehicles of one purchase contract with the slip and photo uploaded', async () => {
    server.on('POST /api/car/releaseAdd', envelope(200, { id: 9, ids: [9] }, '新建成功'));
    const { location } = renderForm();
    await waitFor(() => expect(vinsIn('待放行车辆')).toHaveLength(3));
    await userEvent.click(item(car(11, 1).vin));
    await move('加入');
    // On an add, another purchase contract's vehicle stays open to choose, with no refusal said.
    expect(item(car(13, 2).vin)).not.toHaveClass('ant-transfer-list-content-item-disabled');
    expect(screen.queryByText('一张放行条只能放行同一采购合同的车辆')).not.toBeInTheDocument();
    await userEvent.click(item(car(12, 1).vin));
    await move('加入');
    expect(vinsIn('本次放行车辆')).toEqual([car(11, 1).vin, car(12, 1).vin]);
    // One purchase contract: one pass, nothing to announce.
    expect(document.querySelector('.release-pass-count')).toBeNull();

    await userEvent.upload(screen.getByLabelText('放行条'), photo('放行条.png'));
    await userEvent.upload(screen.getByLabelText('离场照片'), photo('离场.png'));
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/upload')).toHaveLength(2));
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/releaseAdd',
      body: {
        vin: [car(11, 1).vin, car(12, 1).vin],
        fxt_image: '/storage/image/2026/11/upload-1.png',
        lc_image: '/storage/image/2026/11/upload-2.png',
        car_image: [],
      },
    });
    // The tab closes after the spec's second and goes back to the pickup list.
    await waitFor(() => expect(location()).toBe('/pickup/list'), { timeout: 3000 });
  });

  it('groups the waiting vehicles by purchase contract, each group ticked at once', async () => {
    renderForm();
    await waitFor(() => expect(vinsIn('待放行车辆')).toHaveLength(3));
    const groups = Array.from(pane('待放行车辆').querySelectorAll('.release-pass-group'), (group) => ({
      name: group.querySelector('.release-pass-group-name')?.textContent,
      vins: Array.from(group.querySelectorAll('.release-pass-car-vin'), (node) => node.textContent),
    }));
    expect(groups).toEqual([
      { name: '采购合同 CG-2026-002', vins: [car(13, 2).vin] },
      { name: '采购合同 CG-2026-001', vins: [car(12, 1).vin, car(11, 1).vin] },
    ]);
    expect(within(pane('待放行车辆')).getByText('海外合同 HW-2026-001')).toBeInTheDocument();

    await userEvent.click(within(pane('待放行车辆')).getByLabelText('选择采购合同 CG-2026-001的全部车辆'));
    for (const vin of [car(12, 1).vin, car(11, 1).vin])
      expect(item(vin)).toHaveClass('ant-transfer-list-content-item-checked');
    expect(item(car(13, 2).vin)).not.toHaveClass('ant-transfer-list-content-item-checked');
    await move('加入');
    expect(vinsIn('本次放行车辆')).toEqual([car(12, 1).vin, car(11, 1).vin]);
    // The right pane groups them too.
    expect(within(pane('本次放行车辆')).getByText('采购合同 CG-2026-001')).toBeInTheDocument();

    // The pane's own select-all is still there: it takes the rest.
    const [selectAll] = pane('待放行车辆').querySelectorAll('.ant-transfer-list-header .ant-checkbox-input');
    await userEvent.click(selectAll as HTMLElement);
    await move('加入');
    expect(vinsIn('待放行车辆')).toEqual([]);
  });

  it('takes cars of two purchase contracts on one add, says it makes two passes, and sends the slip once', async () => {
    server.on('POST /api/car/releaseAdd', envelope(200, { id: 9, ids: [9, 10] }, '新建成功'));
    renderForm();
    await waitFor(() => expect(vinsIn('待放行车辆')).toHaveLength(3));
    await userEvent.click(item(car(13, 2).vin));
    await userEvent.click(item(car(11, 1).vin));
    await move('加入');
    expect(document.querySelector('.release-pass-count')).toHaveTextContent(
      '所选车辆属于 2 份采购合同，将按采购合同生成 2 张放行条',
    );

    await userEvent.upload(screen.getByLabelText('放行条'), photo('放行条.png'));
    await userEvent.upload(screen.getByLabelText('离场照片'), photo('离场.png'));
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/upload')).toHaveLength(2));
    await save();
    await screen.findByText('新建成功，已生成 2 张放行条');
    expect(errors()).toEqual([]);
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({
      path: '/api/car/releaseAdd',
      body: { vin: [car(13, 2).vin, car(11, 1).vin], fxt_image: '/storage/image/2026/11/upload-1.png' },
    });
  });

  it('takes the pickup list’s batch of two purchase contracts without a refusal', async () => {
    server.on('GET /api/car/releaseCandidates', (request: SeenRequest) =>
      candidatesAnswer(
        request.query.get('car_id') === '11,13'
          ? [
              { ...car(11, 1), refusal: null },
              { ...car(13, 2), refusal: null },
            ]
          : [],
      ),
    );
    renderForm('/release/letpass_add?car=11,13');
    await waitFor(() => expect(vinsIn('本次放行车辆')).toEqual([car(11, 1).vin, car(13, 2).vin]));
    await screen.findByText('所选车辆属于 2 份采购合同，将按采购合同生成 2 张放行条');
    await save();
    await waitFor(() => expect(errors()).toEqual(['请上传放行条', '请上传离场照片']));
  });

  it('searches the waiting vehicles by VIN on the server', async () => {
    renderForm();
    await waitFor(() => expect(vinsIn('待放行车辆')).toHaveLength(3));
    await userEvent.type(within(pane('待放行车辆')).getByPlaceholderText('请输入车架号'), '200012');
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.path === '/api/car/releaseCandidates' && r.query.get('vin') === '200012'),
      ).toBe(true),
    );
    await waitFor(() => expect(vinsIn('待放行车辆')).toEqual([car(12, 1).vin]));
  });

  it('preselects the pickup list’s vehicles and refuses those already released or elsewhere', async () => {
    server.on('GET /api/car/releaseCandidates', (request: SeenRequest) =>
      candidatesAnswer(
        request.query.get('car_id') === '11,14,15'
          ? [
              { ...car(11, 1), refusal: null },
              { ...car(14, 1, { release: 2, release_id: 3 }), refusal: '已出库的车辆不能再次出库' },
              { ...car(15, 1, { flow: 'pickup' }), refusal: '车辆 LSVAB1230RA200015 当前在入库环节，不能保存出库记录' },
            ]
          : [],
      ),
    );
    renderForm('/release/letpass_add?car=11,14,15');
    await waitFor(() => expect(vinsIn('本次放行车辆')).toEqual([car(11, 1).vin]));
    const refusals = document.querySelector('.release-pass-refused');
    expect(refusals).toHaveTextContent(
      `以下 2 台车辆未加入本次放行：${car(14, 1).vin}：已出库的车辆不能再次出库；LSVAB1230RA200015：车辆 LSVAB1230RA200015 当前在入库环节，不能保存出库记录`,
    );
  });

  it('starts with the car of ?vehicle= (the vehicle file’s 新增出库) chosen', async () => {
    server.on('GET /api/car/releaseCandidates', (request: SeenRequest) =>
      candidatesAnswer(request.query.get('car_id') === '12' ? [{ ...car(12, 1), refusal: null }] : []),
    );
    renderForm('/release/letpass_add?vehicle=12');
    await waitFor(() => expect(vinsIn('本次放行车辆')).toEqual([car(12, 1).vin]));
  });

  it('says 请先选择要批量操作的车辆 when the batch names no vehicle', async () => {
    renderForm('/release/letpass_add?car=');
    expect((await screen.findAllByText('请先选择要批量操作的车辆')).length).toBeGreaterThan(0);
    expect(vinsIn('本次放行车辆')).toEqual([]);
  });

  it('edits a pass: filled from the record, a vehicle dropped, the read updated_at sent', async () => {
    server.on('GET /api/car/releaseRead', envelope(200, savedPass()));
    server.on('POST /api/car/releaseEdit', envelope(200, { id: 7 }, '编辑成功'));
    renderForm('/release/letpass_edit/7');
    await waitFor(() => expect(vinsIn('本次放行车辆')).toEqual(['LSVAB1230RA200021', 'LSVAB1230RA200022']));
    expect(screen.getByText('CG-2026-001')).toBeInTheDocument();
    expect(screen.getByText('杭州二手车行')).toBeInTheDocument();
    const candidates = server.requests.find((r) => r.path === '/api/car/releaseCandidates');
    expect(candidates?.query.get('release_id')).toBe('7');
    // The pass keeps its purchase contract: the other contract's vehicle is locked, and the list says why.
    expect(item(car(13, 2).vin)).toHaveClass('ant-transfer-list-content-item-disabled');
    expect(screen.getByText('一张放行条只能放行同一采购合同的车辆')).toBeInTheDocument();
    expect(within(pane('待放行车辆')).getByLabelText('选择采购合同 CG-2026-002的全部车辆')).toBeDisabled();
    await userEvent.click(item('LSVAB1230RA200022'));
    await move('移出');
    expect(vinsIn('本次放行车辆')).toEqual(['LSVAB1230RA200021']);
    await save();
    await screen.findByText('编辑成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/releaseEdit',
      body: {
        release_id: 7,
        vin: ['LSVAB1230RA200021'],
        fxt_image: '/storage/image/2026/11/slip.jpg',
        lc_image: '/storage/image/2026/11/leave.png',
        car_image: [],
        updated_at: '2026-11-20T09:30:00.000+08:00',
      },
    });
  });

  it('keeps the choice when the server refuses, and offers the latest after a stale save', async () => {
    server.on('GET /api/car/releaseRead', envelope(200, savedPass()));
    server.on('POST /api/car/releaseEdit', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    renderForm('/release/letpass_edit/7');
    await waitFor(() => expect(vinsIn('本次放行车辆')).toHaveLength(2));
    await userEvent.click(item(car(11, 1).vin));
    await move('加入');
    await save();
    await screen.findByText('放弃修改并载入最新内容');
    expect(vinsIn('本次放行车辆')).toEqual(['LSVAB1230RA200021', 'LSVAB1230RA200022', car(11, 1).vin]);

    server.on('POST /api/car/releaseEdit', envelope(409, null, '已出库的车辆不能再次出库'));
    await save();
    await waitFor(() =>
      expect(document.querySelector('.ant-alert-error')).toHaveTextContent('已出库的车辆不能再次出库'),
    );
  });

  it('opens the pass named last by the release detail page’s three-part link', async () => {
    server.on('GET /api/car/releaseRead', envelope(200, savedPass()));
    renderInApp(<ReleasePassFormPage />, {
      path: '/release/letpass_edit/:order_id/:p_id/:id',
      initialEntries: ['/release/info/1/1', '/release/letpass_edit/1/1/7'],
    });
    await waitFor(() => expect(vinsIn('本次放行车辆')).toHaveLength(2));
    const read = server.requests.find((r) => r.path === '/api/car/releaseRead');
    expect(read?.query.get('releaseId')).toBe('7');
    expect(screen.getByText('编辑车辆放行')).toBeInTheDocument();
  });

  it('says a pass that does not exist is missing', async () => {
    server.on('GET /api/car/releaseRead', envelope(404, null, '记录不存在'));
    renderForm('/release/letpass_edit/99');
    expect(await screen.findByText('该放行记录不存在或已被删除')).toBeInTheDocument();
  });
});
