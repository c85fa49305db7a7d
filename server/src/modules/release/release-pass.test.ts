import { beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { messages } from '../../../../contract/common';
import { RELEASE_CANDIDATES_LIMIT, releasePassMessages } from '../../../../contract/release';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { uploadFixture } from '../../../../tests/helpers/factories';
import { FORM_HEADERS as FORM, formEncode } from '../../../../tests/helpers/form-encode';
import { carLine, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar } from '../../../../tests/helpers/purchase';
import { type ReleasePassFiles, releaseForm, uploadReleasePassFiles } from '../../../../tests/helpers/release';
import type { Actor } from '../../app-context';
import { handOverPurchases } from '../../lifecycle/hand-over';
import { saveStageRecord } from '../../lifecycle/stage-record';

describe('release pass (出库 / 车辆放行)', () => {
  const { t, call, staff, createOrder, createPurchase, vehicleOf } = contractAppForEachTest({
    files: ['overseas', 'purchase'],
  });
  let files: ReleasePassFiles;
  beforeEach(async () => {
    files = await uploadReleasePassFiles(t.app, staff.token);
  });
  const actor = (): Actor => ({ userId: staff.id, ip: null, requestId: null });
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => ({
    status: response.statusCode,
    message: response.json().message,
  });
  const idOf = async (vinText: string) => (await vehicleOf(vinText))!.id;

  /** A purchase contract (under an overseas contract) handed to the yard; answers its id. */
  const purchaseAtYard = async (orderNo: string, purchaseNo: string, vins: string[]) => {
    const orderId = await createOrder({ order_no: orderNo, amount: vins.length, cars: vins.map((v) => carLine(v)) });
    const id = await createPurchase({
      order_id: orderId,
      purchase_no: purchaseNo,
      amount: vins.length,
      car: vins.map((v) => purchaseCar(v)),
    });
    expect((await call('PUT', `/api/purchase/${id}/handOver`)).statusCode).toBe(200);
    return { purchaseId: id, orderId };
  };

  /** The steps before a pass: no check-in, a plating, the hand-over to release and export. */
  const purchaseAtRelease = async (orderNo: string, purchaseNo: string, vins: string[]) => {
    const ids = await purchaseAtYard(orderNo, purchaseNo, vins);
    const skipped = await call('PUT', `/api/car/noentry?purchaseId=${ids.purchaseId}`);
    expect(skipped.json().data).toEqual({ moved: vins.length, kept: [] });
    for (const v of vins) {
      await saveStageRecord(t.db, actor(), { stage: 'plate', vehicleIds: [await idOf(v)], fields: {}, documents: {} });
    }
    const moved = await t.db
      .transaction()
      .execute((trx) => handOverPurchases(trx, actor(), 'transfer', [ids.purchaseId]));
    expect(moved.moved).toBe(vins.length);
    return ids;
  };

  const addPass = async (vins: string[], overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/car/releaseAdd', releaseForm(files, vins, overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const readPass = async (id: number) => {
    const response = await call('GET', `/api/car/releaseRead?releaseId=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const pickupRows = async (query = '') => {
    const response = await call('GET', `/api/car/entryLists?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.data as { vin: string; release: { id: number }[]; procedure: { release: number } }[];
  };
  const candidates = async (query = '') => {
    const response = await call('GET', `/api/car/releaseCandidates?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const candidateVins = async (query = '') =>
    ((await candidates(query)).data as { vin: string }[]).map((row) => row.vin);

  it('releases two vehicles of one purchase contract with one form-encoded pass, and reads it back', async () => {
    const { purchaseId, orderId } = await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1), vin(2), vin(3)]);
    // The spec's form post: vin[]=…&vin[]=…&car_image[]=…
    const body = formEncode(releaseForm(files, [vin(1).toLowerCase(), vin(2)])).join('&');
    const response = await call('POST', '/api/car/releaseAdd', body, FORM);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(releasePassMessages.created);
    const id = response.json().data.id as number;

    const pass = await readPass(id);
    expect(pass).toMatchObject({
      id,
      release_id: id,
      order_id: orderId,
      order_no: 'HW-R-1',
      purchase_id: purchaseId,
      purchase_no: 'CG-R-1',
      customer_name: '杭州二手车行',
      releasecar: [
        { car_id: await idOf(vin(1)), vin: vin(1), model: '大众 帕萨特 2021款' },
        { car_id: await idOf(vin(2)), vin: vin(2), model: '大众 帕萨特 2021款' },
      ],
      fxt_image: files.slip,
      lc_image: files.departure,
      car_image: files.photos,
      carimage: files.photos.map((image_url) => ({ image_url })),
    });
    expect(pass.created_at).toMatch(/\+08:00$/);
    expect(await vehicleOf(vin(1))).toMatchObject({ release: 2, flow: 'release' });
    expect(await vehicleOf(vin(2))).toMatchObject({ release: 2 });
    expect(await vehicleOf(vin(3))).toMatchObject({ release: 0 });
    const audit = await historyEvents(t.db, { entity: 'release' });
    expect(audit.map((row) => [row.action, row.entity_id])).toEqual([['create', String(id)]]);

    // The pickup list shows the pass, 已出库, and its 出库时间 filter finds it (today, in the server's zone).
    const rows = await pickupRows();
    expect(rows.map((row) => [row.vin, row.procedure.release, row.release.map((r) => r.id)])).toEqual([
      [vin(3), 0, []],
      [vin(2), 2, [id]],
      [vin(1), 2, [id]],
    ]);
    const today = pass.created_at.slice(0, 10);
    expect((await pickupRows(`release_s=${today}&release_e=${today}`)).map((row) => row.vin)).toEqual([vin(2), vin(1)]);
    expect((await pickupRows('release_status=2')).map((row) => row.vin)).toEqual([vin(2), vin(1)]);
    expect((await pickupRows('release_status=0')).map((row) => row.vin)).toEqual([vin(3)]);
    expect(await pickupRows('release_s=2000-01-01&release_e=2000-01-02')).toEqual([]);

    // A pass without other photos is a pass too.
    const plain = await addPass([vin(3)], { car_image: [] });
    expect(await readPass(plain)).toMatchObject({ car_image: [], carimage: [], releasecar: [{ vin: vin(3) }] });
    expect((await call('GET', '/api/car/releaseRead?releaseId=999')).statusCode).toBe(404);
  });

  it('refuses a released vehicle and a wrong-flow one, writing nothing', async () => {
    await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1), vin(2)]);
    await purchaseAtRelease('HW-R-2', 'CG-R-2', [vin(3)]);
    await purchaseAtYard('HW-R-3', 'CG-R-3', [vin(4)]);
    const first = await addPass([vin(1)]);

    const again = await call('POST', '/api/car/releaseAdd', releaseForm(files, [vin(2), vin(1)]));
    expect(refusal(again)).toEqual({ status: 409, message: '已出库的车辆不能再次出库' });
    const wrongFlow = await call('POST', '/api/car/releaseAdd', releaseForm(files, [vin(4)]));
    expect(refusal(wrongFlow)).toEqual({ status: 409, message: `车辆 ${vin(4)} 当前在入库环节，不能保存出库记录` });
    // With cars of two purchase contracts, one of them already out: neither contract gets a pass.
    const mixedAgain = await call('POST', '/api/car/releaseAdd', releaseForm(files, [vin(3), vin(1)]));
    expect(refusal(mixedAgain)).toEqual({ status: 409, message: '已出库的车辆不能再次出库' });

    expect(await vehicleOf(vin(2))).toMatchObject({ release: 0 });
    expect(await vehicleOf(vin(3))).toMatchObject({ release: 0 });
    expect(await t.db.selectFrom('release_passes').select('id').execute()).toEqual([{ id: first }]);
    expect((await readPass(first)).releasecar.map((car: { vin: string }) => car.vin)).toEqual([vin(1)]);
  });

  it('makes one pass per purchase contract from one add of mixed cars, with the same slip, all in one save', async () => {
    await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1), vin(2)]);
    await purchaseAtRelease('HW-R-2', 'CG-R-2', [vin(3)]);
    const added = await call('POST', '/api/car/releaseAdd', releaseForm(files, [vin(3), vin(1), vin(2)]));
    expect(added.statusCode).toBe(200);
    const { id, ids } = added.json().data as { id: number; ids: number[] };
    expect(ids).toHaveLength(2);
    expect(id).toBe(ids[0]);
    // In the order the cars were sent: CG-R-2's pass first.
    const [second, first] = [await readPass(ids[0]!), await readPass(ids[1]!)];
    expect(second).toMatchObject({ purchase_no: 'CG-R-2', releasecar: [{ vin: vin(3) }], fxt_image: files.slip });
    expect(first).toMatchObject({ purchase_no: 'CG-R-1', fxt_image: files.slip, lc_image: files.departure });
    expect(first.releasecar.map((car: { vin: string }) => car.vin).sort()).toEqual([vin(1), vin(2)]);
    for (const n of [1, 2, 3]) expect(await vehicleOf(vin(n))).toMatchObject({ release: 2 });

    // An edit still keeps one purchase contract on its pass.
    await purchaseAtRelease('HW-R-3', 'CG-R-3', [vin(4)]);
    const mixed = await call('POST', '/api/car/releaseEdit', {
      ...releaseForm(files, [vin(3), vin(4)]),
      release_id: ids[0],
      updated_at: second.updated_at,
    });
    expect(refusal(mixed)).toEqual({ status: 422, message: '一张放行条只能放行同一采购合同的车辆' });
    expect(mixed.json().data.errors).toEqual({ vin: [releasePassMessages.mixedPurchases] });
    expect(await vehicleOf(vin(4))).toMatchObject({ release: 0 });
  });

  it('says the spec’s messages for a pass without vehicles, slip or departure photo, and refuses files not uploaded', async () => {
    await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1)]);
    const document = await uploadFixture(t.app, staff.token, 'document', 'scans/deregistration-certificate.pdf');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ vin: [] }, 422, '请先选择要放行出库的车辆'],
      [{ vin: '' }, 422, '请先选择要放行出库的车辆'],
      [{ vin: ['LSV00000000000OO1'] }, 422, releasePassMessages.vinFormat],
      [{ fxt_image: '' }, 422, '请上传放行条'],
      [{ fxt_image: undefined, lc_image: '' }, 422, '请上传放行条'],
      [{ lc_image: '' }, 422, '请上传离场照片'],
      [{ car_image: Array.from({ length: 10 }, () => files.photos[0]) }, 422, '其他照片最多上传9张'],
      [{ fxt_image: '/storage/image/2026/11/never-uploaded.png' }, 422, releasePassMessages.fileNotUploaded],
      [{ car_image: [document] }, 422, releasePassMessages.fileNotUploaded],
      [{ vin: [vin(9)] }, 404, releasePassMessages.vehicleUnknown(vin(9))],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await call('POST', '/api/car/releaseAdd', releaseForm(files, [vin(1)], overrides));
      expect(refusal(response), JSON.stringify(overrides)).toEqual({ status, message });
    }
    // The 422 names the field, so the form marks the slot.
    const noSlip = await call('POST', '/api/car/releaseAdd', releaseForm(files, [vin(1)], { fxt_image: '' }));
    expect(noSlip.json().data.errors).toMatchObject({ fxt_image: ['请上传放行条'] });
    // 离场照片 takes photos only; the slip may be a scanned PDF (contract/stage.ts, `accept`).
    const scan = await uploadFixture(t.app, staff.token, 'image', 'scans/deregistration-certificate.pdf', '放行条.pdf');
    expect(
      refusal(await call('POST', '/api/car/releaseAdd', releaseForm(files, [vin(1)], { lc_image: scan }))),
    ).toEqual({
      status: 422,
      message: '只能上传 jpg、png、jpeg 格式的照片',
    });
    expect(await vehicleOf(vin(1))).toMatchObject({ release: 0 });
    expect(await t.db.selectFrom('release_passes').select('id').execute()).toEqual([]);
    await addPass([vin(1)], { fxt_image: scan });
    expect(await vehicleOf(vin(1))).toMatchObject({ release: 2 });
  });

  it('edits a pass: a dropped vehicle waits again, a stale save is refused', async () => {
    await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1), vin(2), vin(3)]);
    const id = await addPass([vin(1), vin(2)]);
    const before = await readPass(id);

    const edited = await call(
      'POST',
      '/api/car/releaseEdit',
      releaseForm(files, [vin(1), vin(3)], {
        release_id: id,
        updated_at: before.updated_at,
        car_image: [files.photos[1]],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: releasePassMessages.updated, data: { id } });
    const after = await readPass(id);
    expect(after.releasecar.map((car: { vin: string }) => car.vin)).toEqual([vin(1), vin(3)]);
    expect(after.car_image).toEqual([files.photos[1]]);
    expect(await vehicleOf(vin(2))).toMatchObject({ release: 0 });
    expect(await vehicleOf(vin(3))).toMatchObject({ release: 2 });
    expect((await pickupRows('release_status=0')).map((row) => row.vin)).toEqual([vin(2)]);
    // The dropped vehicle may go on another pass now.
    await addPass([vin(2)]);

    const stale = await call(
      'POST',
      '/api/car/releaseEdit',
      releaseForm(files, [vin(1)], { release_id: id, updated_at: before.updated_at }),
    );
    expect(refusal(stale)).toEqual({ status: 409, message: messages.staleRecord });
    // Another pass's vehicle cannot be taken over by an edit.
    const taken = await call(
      'POST',
      '/api/car/releaseEdit',
      releaseForm(files, [vin(1), vin(2)], { release_id: id, updated_at: after.updated_at }),
    );
    expect(refusal(taken)).toEqual({ status: 409, message: '已出库的车辆不能再次出库' });
    const emptied = await call(
      'POST',
      '/api/car/releaseEdit',
      releaseForm(files, [], { release_id: id, updated_at: after.updated_at }),
    );
    expect(refusal(emptied)).toEqual({ status: 422, message: '请先选择要放行出库的车辆' });
    expect(
      (await call('POST', '/api/car/releaseEdit', releaseForm(files, [vin(1)], { release_id: 999 }))).statusCode,
    ).toBe(404);
    const noId = await call('POST', '/api/car/releaseEdit', releaseForm(files, [vin(1)]));
    expect(refusal(noId)).toEqual({ status: 422, message: releasePassMessages.releaseIdRequired });
    expect((await readPass(id)).updated_at).toBe(after.updated_at);
    const audit = await historyEvents(t.db, { entity: 'release', entityId: id });
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('keeps a vehicle handed on to filing on its pass', async () => {
    const { orderId, purchaseId } = await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1), vin(2)]);
    const id = await addPass([vin(1), vin(2)]);
    const declaration = await uploadFixture(t.app, staff.token, 'document', 'scans/deregistration-certificate.pdf');
    await saveStageRecord(t.db, actor(), {
      stage: 'exports',
      vehicleIds: [await idOf(vin(1))],
      fields: { order_id: orderId },
      documents: { xkz_image: declaration, bgzl_image: declaration, bgd_image: declaration, td_image: declaration },
    });
    await t.db.transaction().execute((trx) => handOverPurchases(trx, actor(), 'release', [purchaseId]));
    expect(await vehicleOf(vin(1))).toMatchObject({ flow: 'filing', release: 2 });

    const { updated_at } = await readPass(id);
    const drop = await call(
      'POST',
      '/api/car/releaseEdit',
      releaseForm(files, [vin(2)], { release_id: id, updated_at }),
    );
    expect(refusal(drop)).toEqual({ status: 409, message: `车辆 ${vin(1)} 已移交归档，不能从放行条中移除` });
    // Correcting the pass's photos with the filed vehicle kept is allowed (a later flow may correct).
    const fix = await call(
      'POST',
      '/api/car/releaseEdit',
      releaseForm(files, [vin(1)], { release_id: id, updated_at, lc_image: files.photos[0] }),
    );
    expect(fix.statusCode, fix.body).toBe(200);
    expect(await readPass(id)).toMatchObject({ lc_image: files.photos[0], releasecar: [{ vin: vin(1) }] });
    expect(await vehicleOf(vin(2))).toMatchObject({ release: 0 });
  });

  describe('the form’s vehicles (releaseCandidates)', () => {
    it('offers the vehicles waiting for a pass, newest first, filtered by VIN, with their contracts', async () => {
      const { purchaseId, orderId } = await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1), vin(2), vin(3)]);
      await purchaseAtRelease('HW-R-2', 'CG-R-2', [vin(14)]);
      await purchaseAtYard('HW-R-3', 'CG-R-3', [vin(5)]);
      const id = await addPass([vin(1)]);

      const all = await candidates();
      expect(all).toMatchObject({ more: false, limit: RELEASE_CANDIDATES_LIMIT, asked: [] });
      expect(all.data.map((row: { vin: string }) => row.vin)).toEqual([vin(14), vin(3), vin(2)]);
      expect(all.data[1]).toEqual({
        id: await idOf(vin(3)),
        vin: vin(3),
        model: '大众 帕萨特 2021款',
        flow: 'release',
        release: 0,
        release_id: null,
        purchase_id: purchaseId,
        purchase_no: 'CG-R-1',
        order_id: orderId,
        order_no: 'HW-R-1',
      });
      expect(await candidateVins(`vin=${vin(2).slice(-6)}`)).toEqual([vin(2)]);
      expect(await candidateVins('vin=14')).toEqual([vin(14)]);
      expect(await candidateVins(`vin=${vin(5)}`)).toEqual([]);
      // Editing a pass: its own vehicles first, so they may be kept.
      expect(await candidateVins(`release_id=${id}`)).toEqual([vin(1), vin(14), vin(3), vin(2)]);
      expect(await candidateVins(`release_id=${id}&vin=${vin(2).slice(-4)}`)).toEqual([vin(2)]);
      expect(await candidateVins(`release_id=${id}&vin=${vin(1)}`)).toEqual([vin(1)]);
      expect((await call('GET', '/api/car/releaseCandidates?release_id=abc')).statusCode).toBe(422);
      expect((await call('GET', `/api/car/releaseCandidates?vin=${'A'.repeat(18)}`)).statusCode).toBe(422);
    });

    it('answers the vehicles the pickup list asked for, each with why it cannot be released', async () => {
      await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1), vin(2)]);
      await purchaseAtYard('HW-R-3', 'CG-R-3', [vin(5)]);
      const id = await addPass([vin(1)]);
      const [one, two, five] = [await idOf(vin(1)), await idOf(vin(2)), await idOf(vin(5))];

      const answer = await candidates(`car_id=${two},${one},${five},99999`);
      expect(
        answer.asked.map((row: { vin: string; refusal: string | null; release_id: number | null }) => [
          row.vin,
          row.refusal,
          row.release_id,
        ]),
      ).toEqual([
        [vin(2), null, null],
        [vin(1), '已出库的车辆不能再次出库', id],
        [vin(5), `车辆 ${vin(5)} 当前在入库环节，不能保存出库记录`, null],
      ]);
      // On its own pass's edit a vehicle is no refusal; repeated ids are answered once.
      const onEdit = await candidates(`release_id=${id}&car_id=${one}&car_id=${one}`);
      expect(onEdit.asked.map((row: { refusal: string | null }) => row.refusal)).toEqual([null]);
      expect((await call('GET', '/api/car/releaseCandidates?car_id=1,x')).statusCode).toBe(422);
    });

    it('sends at most the newest few hundred, and says there are more', async () => {
      const { purchaseId } = await purchaseAtRelease('HW-R-1', 'CG-R-1', [vin(1)]);
      const at = new Date().toISOString();
      const count = RELEASE_CANDIDATES_LIMIT + 5;
      await t.db
        .insertInto('vehicles')
        .values(
          Array.from({ length: count }, (_, index) => ({
            vin: vin(1000 + index, 'LGB'),
            purchase_id: purchaseId,
            flow: 'release' as const,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      const answer = await candidates();
      expect(answer.more).toBe(true);
      expect(answer.data).toHaveLength(RELEASE_CANDIDATES_LIMIT);
      expect(answer.data[0].vin).toBe(vin(1000 + count - 1, 'LGB'));
      // The VIN box finds the oldest one, which the first answer left out.
      expect(await candidateVins('vin=lsv0')).toEqual([vin(1)]);
      expect((await candidates('vin=lsv0')).more).toBe(false);
    });
  });
});
