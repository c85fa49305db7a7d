import { beforeEach, describe, expect, it } from 'vitest';
import { releaseListCodeLabels } from '../../../../contract/release-exports';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { exportSheet, rowsOf } from '../../../../tests/helpers/export-sheet';
import {
  type ExportsFiles,
  exportsForm,
  releaseSetUp,
  uploadExportsFiles,
} from '../../../../tests/helpers/release-exports';
import { vin } from '../../../../tests/helpers/overseas';
import { type ReleasePassFiles, releaseForm, uploadReleasePassFiles } from '../../../../tests/helpers/release';

describe('release list (出口放行), its export and the release detail', () => {
  const app = contractAppForEachTest({ files: ['overseas', 'purchase'] });
  const { t, call } = app;
  const { order, purchaseAtYard, purchaseAtRelease } = releaseSetUp(app);
  let files: ExportsFiles;
  let passFiles: ReleasePassFiles;
  beforeEach(async () => {
    files = await uploadExportsFiles(t.app, app.staff.token);
    passFiles = await uploadReleasePassFiles(t.app, app.staff.token);
  });

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => {
    const response = await call(method, url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const declare = async (orderId: number, vins: string[], count = 6) =>
    (await ok('POST', '/api/car/exportsAdd', exportsForm(files, orderId, vins, count))).id as number;
  const release = async (vins: string[]) =>
    (await ok('POST', '/api/car/releaseAdd', releaseForm(passFiles, vins))).id as number;
  const list = (query = '') => ok('GET', `/api/car/exportsLists${query}`);
  /** Each group as `contract: VIN code, …`, the shape a clerk reads the page in. */
  const shape = (groups: { order_no: string | null; car: { vin: string; status: number }[] }[]) =>
    groups.map(
      (group) => `${group.order_no ?? '未关联'}: ${group.car.map((car) => `${car.vin} ${car.status}`).join(', ')}`,
    );

  /**
   * Contract A (older): vin 1 declared and released (9), vin 2 declared (7), vin 3 released (8), bought on
   * two purchase contracts; contract B (newer): vin 4 waiting (6), vin 5 still at the registry; a purchase
   * contract of no overseas contract: vin 6 (未关联).
   */
  const company = async () => {
    const a = await order('HW-RL-A', [vin(1), vin(2), vin(3)], { name: '迪拜汽车贸易' });
    const b = await order('HW-RL-B', [vin(4), vin(5)]);
    const pa1 = await purchaseAtRelease(a, 'CG-RL-A1', [vin(1), vin(2)]);
    const pa2 = await purchaseAtRelease(a, 'CG-RL-A2', [vin(3)]);
    const pb = await purchaseAtRelease(b, 'CG-RL-B', [vin(4)]);
    const pb2 = await purchaseAtYard(b, 'CG-RL-B2', [vin(5)]);
    const none = await purchaseAtRelease(null, 'CG-RL-N', [vin(6, 'LGB')], { model: '=HYPERLINK("x")' });
    const exportsId = await declare(a, [vin(1), vin(2)], 4);
    const passA1 = await release([vin(1)]);
    const passA2 = await release([vin(3)]);
    return { a, b, pa1, pa2, pb, pb2, none, exportsId, passA1, passA2 };
  };

  it('groups the vehicles waiting in the release flow by overseas contract, newest first, 未关联 last, with codes 6 to 9', async () => {
    const { a, b, pa1, pa2, pb, none, exportsId, passA1, passA2 } = await company();
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.meta).toEqual({ total: 3, page: 1, limit: 15 });
    expect(shape(page.data)).toEqual([
      `HW-RL-B: ${vin(4)} 6`,
      `HW-RL-A: ${vin(1)} 9, ${vin(2)} 7, ${vin(3)} 8`,
      `未关联: ${vin(6, 'LGB')} 6`,
    ]);
    const [groupB, groupA, notLinked] = page.data;
    expect(groupB).toMatchObject({
      id: b,
      order_id: b,
      order_no: 'HW-RL-B',
      customer_name: 'Global Motors LLC',
      amount: 2,
      purchases: [{ purchase_id: pb, purchase_no: 'CG-RL-B' }],
    });
    expect(groupA).toMatchObject({
      id: a,
      customer_name: '迪拜汽车贸易',
      amount: 3,
      purchases: [
        { purchase_id: pa1, purchase_no: 'CG-RL-A1' },
        { purchase_id: pa2, purchase_no: 'CG-RL-A2' },
      ],
    });
    expect(groupA.car[0]).toEqual({
      id: expect.any(Number),
      vin: vin(1),
      model: '大众 帕萨特 2021款',
      purchase_id: pa1,
      purchase_no: 'CG-RL-A1',
      exports_id: exportsId,
      rate: 67,
      exports_date: '2026-11-20',
      release_id: passA1,
      status: 9,
      // Released and declared: its 出口报关 deadline is closed, and it has no temporary plate running.
      deadline: null,
    });
    expect(groupA.car[2]).toMatchObject({ exports_id: null, rate: null, exports_date: null, release_id: passA2 });
    expect(notLinked).toMatchObject({
      id: 0,
      order_id: null,
      order_no: null,
      customer_name: null,
      amount: null,
      purchases: [{ purchase_id: none, purchase_no: 'CG-RL-N' }],
    });
    expect(releaseListCodeLabels).toEqual({
      6: '待出口/待放行',
      7: '已出口/待放行',
      8: '待出口/已放行',
      9: '已出口/已放行',
    });
  });

  it('filters by contract number and VIN (contains), pages groups, and says nothing when nothing matches', async () => {
    await company();
    expect(shape((await list('?order_no=rl-a')).data)).toEqual([`HW-RL-A: ${vin(1)} 9, ${vin(2)} 7, ${vin(3)} 8`]);
    // A VIN shows its own vehicle only, in its group; the 未关联 group matches by its vehicle too.
    expect(shape((await list(`?vin=${vin(2).slice(-5)}`)).data)).toEqual([`HW-RL-A: ${vin(2)} 7`]);
    expect(shape((await list(`?vin=LGB`)).data)).toEqual([`未关联: ${vin(6, 'LGB')} 6`]);
    // The registry's vehicle of contract B is not listed.
    expect((await list(`?vin=${vin(5)}`)).total).toBe(0);
    expect(await list('?order_no=nothing')).toMatchObject({ data: [], total: 0 });

    const first = await list('?limit=2');
    expect(shape(first.data).map((line) => line.split(':')[0])).toEqual(['HW-RL-B', 'HW-RL-A']);
    expect(first.total).toBe(3);
    const second = await list('?limit=2&page=2');
    expect(shape(second.data).map((line) => line.split(':')[0])).toEqual(['未关联']);
    expect((await list('?limit=2&page=3')).data).toEqual([]);

    expect((await call('GET', '/api/car/exportsLists?page=0')).statusCode).toBe(422);
    expect((await call('GET', `/api/car/exportsLists?vin=${'X'.repeat(18)}`)).statusCode).toBe(422);
  });

  it('drops handed-on vehicles, and a group once all its vehicles went to filing', async () => {
    const { a, pa1, pa2 } = await company();
    await declare(a, [vin(3)]);
    await release([vin(2)]);
    const answer = await ok('PUT', '/api/car/releaseHandOver', { purchase_id: [pa1, pa2] });
    expect(answer).toEqual({ moved: 3, kept: [] });
    expect(shape((await list()).data)).toEqual([`HW-RL-B: ${vin(4)} 6`, `未关联: ${vin(6, 'LGB')} 6`]);
  });

  it('exports the filtered list as a workbook with Chinese headers, formulas written as text', async () => {
    await company();
    const rows = rowsOf(await exportSheet(t, call, '/api/car/exExport', '出口放行列表'));
    expect(rows.map((row) => `${String(row['海外合同号'])} ${String(row['车架号'])}`)).toEqual([
      `HW-RL-B ${vin(4)}`,
      `HW-RL-A ${vin(1)}`,
      `HW-RL-A ${vin(2)}`,
      `HW-RL-A ${vin(3)}`,
      `未关联 ${vin(6, 'LGB')}`,
    ]);
    expect(rows[1]).toEqual({
      海外合同号: 'HW-RL-A',
      客户: '迪拜汽车贸易',
      采购数量: 3,
      采购合同号: 'CG-RL-A1',
      车架号: vin(1),
      车型车系: '大众 帕萨特 2021款',
      出口资料: '67%',
      出口日期: expect.any(Date),
      状态: '已出口/已放行',
    });
    expect(rows[4]).toMatchObject({ 客户: '未关联', 车型车系: `'=HYPERLINK("x")`, 状态: '待出口/待放行' });
    expect(rows[4]!['采购数量']).toBeUndefined();

    const filtered = rowsOf(await exportSheet(t, call, '/api/car/exExport?order_no=RL-B&page=5'));
    expect(filtered.map((row) => row['车架号'])).toEqual([vin(4)]);
  });

  it('answers a purchase contract’s export declarations and release passes for the release detail page', async () => {
    const { a, pa1, pa2, exportsId, passA1, passA2 } = await company();
    const detail = await ok('GET', `/api/car/releaseDetail?purchaseId=${pa1}`);
    expect(detail.purchase).toEqual({
      id: pa1,
      purchase_no: 'CG-RL-A1',
      customer_name: '杭州二手车行',
      amount: 2,
      order_id: a,
      order_no: 'HW-RL-A',
    });
    expect(detail.exports).toHaveLength(1);
    expect(detail.exports[0]).toMatchObject({
      id: exportsId,
      order_no: 'HW-RL-A',
      rate: 67,
      exportscar: [{ vin: vin(1) }, { vin: vin(2) }],
      xkz_image: files.documents.xkz_image,
    });
    expect(detail.releases).toHaveLength(1);
    expect(detail.releases[0]).toMatchObject({ id: passA1, purchase_no: 'CG-RL-A1', releasecar: [{ vin: vin(1) }] });

    // A declaration follows the overseas contract: it shows on each purchase contract holding its vehicles.
    const other = await declare(a, [vin(3)]);
    const second = await ok('GET', `/api/car/releaseDetail?purchaseId=${pa2}`);
    expect(second.exports.map((record: { id: number }) => record.id)).toEqual([other]);
    expect(second.releases.map((record: { id: number }) => record.id)).toEqual([passA2]);

    const none = await ok(
      'GET',
      `/api/car/releaseDetail?purchaseId=${await purchaseAtYard(null, 'CG-RL-X', [vin(9)])}`,
    );
    expect(none).toMatchObject({ exports: [], releases: [], purchase: { order_id: null, order_no: null } });

    expect((await call('GET', '/api/car/releaseDetail?purchaseId=99999')).statusCode).toBe(404);
    const bad = await call('GET', '/api/car/releaseDetail?purchaseId=x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('采购合同不存在');
    expect((await call('GET', '/api/car/releaseDetail')).statusCode).toBe(422);
  });
});
