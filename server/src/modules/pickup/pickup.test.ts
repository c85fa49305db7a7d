import { beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { messages } from '../../../../contract/common';
import { pickupMessages } from '../../../../contract/pickup';
import { stageMessages } from '../../../../contract/stage';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { exportSheet, rowsOf } from '../../../../tests/helpers/export-sheet';
import { FORM_HEADERS as FORM, formEncode } from '../../../../tests/helpers/form-encode';
import { carLine, vin } from '../../../../tests/helpers/overseas';
import { uploadFixture } from '../../../../tests/helpers/factories';
import { type EntryFiles, entryForm, uploadEntryFiles } from '../../../../tests/helpers/pickup';
import { purchaseCar } from '../../../../tests/helpers/purchase';
import type { Actor } from '../../app-context';
import { handOverPurchases } from '../../lifecycle/hand-over';
import { saveStageRecord } from '../../lifecycle/stage-record';

const LGB = (n: number) => vin(n, 'LGB');

describe('check-in (入库) and the pickup list', () => {
  const { t, call, staff, createOrder, createPurchase, vehicleOf } = contractAppForEachTest({
    files: ['overseas', 'purchase'],
  });
  let files: EntryFiles;
  beforeEach(async () => {
    files = await uploadEntryFiles(t.app, staff.token);
  });
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => ({
    status: response.statusCode,
    message: response.json().message,
  });
  const actor = (): Actor => ({ userId: staff.id, ip: null, requestId: null });

  /** An overseas contract and a purchase contract of its cars, handed to the yard. */
  const purchaseInPickup = async (orderNo: string, purchaseNo: string, vins: string[]) => {
    const orderId = await createOrder({ order_no: orderNo, amount: vins.length, cars: vins.map((v) => carLine(v)) });
    const id = await createPurchase({
      order_id: orderId,
      purchase_no: purchaseNo,
      amount: vins.length,
      car: vins.map((v) => purchaseCar(v)),
    });
    const handOver = await call('PUT', `/api/purchase/${id}/handOver`);
    expect(handOver.statusCode, handOver.body).toBe(200);
    return id;
  };
  const addEntry = async (vinText: string, overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/car/entryAdd', entryForm(files, vinText, overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const readEntry = async (id: number) => {
    const response = await call('GET', `/api/car/entryRead?entryId=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const listVins = async (query: string) => {
    const response = await call('GET', `/api/car/entryLists?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.meta.total).toBe(data.total);
    return { vins: (data.data as { vin: string }[]).map((row) => row.vin), total: data.total as number };
  };

  it('checks a vehicle in and reads it back with its photos, contract and customer', async () => {
    const purchaseId = await purchaseInPickup('HW-P-1', 'CG-P-1', [vin(1), vin(2)]);
    const response = await call('POST', '/api/car/entryAdd', entryForm(files, vin(1).toLowerCase()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(pickupMessages.created);
    const id = response.json().data.id as number;

    const entry = await readEntry(id);
    expect(entry).toMatchObject({
      id,
      entry_id: id,
      vin: vin(1),
      dl_name: '王代理',
      remark: '左后门轻微划痕',
      vin_image: files.vinImage,
      wg_image: files.wgImage,
      car_image: files.photos,
      carimage: files.photos.map((image_url) => ({ image_url })),
      purchase_id: purchaseId,
      purchase_no: 'CG-P-1',
      customer_name: '杭州二手车行',
      amount: 2,
    });
    expect(entry.created_at).toMatch(/\+08:00$/);
    expect(await vehicleOf(vin(1))).toMatchObject({ entry: 2, flow: 'pickup' });

    const list = (await call('GET', '/api/car/entryLists')).json().data;
    expect(list.total).toBe(2);
    expect(list.data[0]).toMatchObject({ vin: vin(2), entry: [], release: [], procedure: { entry: 0, release: 0 } });
    expect(list.data[1]).toMatchObject({
      vin: vin(1),
      order_no: 'HW-P-1',
      purchase_no: 'CG-P-1',
      purchase_id: purchaseId,
      flow: 'pickup',
      entry: [{ id, dl_name: '王代理', created_at: entry.created_at }],
      procedure: { entry: 2, release: 0 },
    });
    expect((await call('GET', '/api/car/entryRead?entryId=999')).statusCode).toBe(404);
  });

  it('refuses a check-in with the spec’s messages, and writes nothing', async () => {
    await purchaseInPickup('HW-P-1', 'CG-P-1', [vin(1)]);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ vin: '' }, 422, pickupMessages.vinFormat],
      [{ vin: 'LSV00000000000OO1' }, 422, pickupMessages.vinFormat],
      [{ vin_image: '' }, 422, '请上传车架号照片'],
      [{ wg_image: '' }, 422, '请上传外观照片'],
      [{ car_image: [] }, 422, '请上传其他照片'],
      [{ car_image: Array.from({ length: 10 }, () => files.photos[0]) }, 422, pickupMessages.carImageTooMany],
      [{ wg_image: '/storage/image/2026/11/never-uploaded.png' }, 422, pickupMessages.fileNotUploaded],
      [{ dl_name: '代'.repeat(51) }, 422, '代理人不能超过 50 个字'],
      [{ vin: LGB(9) }, 404, pickupMessages.vehicleUnknown(LGB(9))],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await call('POST', '/api/car/entryAdd', entryForm(files, vin(1), overrides));
      expect(refusal(response), JSON.stringify(overrides)).toEqual({ status, message });
    }
    expect(pickupMessages.wgImageRequired).toBe('请上传外观照片');
    expect(await vehicleOf(vin(1))).toMatchObject({ entry: 0 });
    expect((await call('GET', '/api/car/entryLists')).json().data.data[0].entry).toEqual([]);
  });

  it('takes photos only in the photo slots: a scanned PDF in the image slot is refused with its reason', async () => {
    await purchaseInPickup('HW-P-1', 'CG-P-1', [vin(1)]);
    const pdf = await uploadFixture(t.app, staff.token, 'image', 'scans/deregistration-certificate.pdf', '外观.pdf');
    for (const overrides of [{ wg_image: pdf }, { vin_image: pdf }, { car_image: [files.photos[0], pdf] }]) {
      const response = await call('POST', '/api/car/entryAdd', entryForm(files, vin(1), overrides));
      expect(refusal(response), JSON.stringify(overrides)).toEqual({
        status: 422,
        message: '只能上传 jpg、png、jpeg 格式的照片',
      });
      const field = Object.keys(overrides)[0] === 'car_image' ? 'car_image.1' : Object.keys(overrides)[0]!;
      expect(response.json().data.errors).toEqual({ [field]: ['只能上传 jpg、png、jpeg 格式的照片'] });
    }
    expect(await vehicleOf(vin(1))).toMatchObject({ entry: 0 });
  });

  it('reads the spec’s form-encoded post, and keeps one check-in per vehicle (a second add is refused with its id)', async () => {
    await purchaseInPickup('HW-P-1', 'CG-P-1', [vin(1)]);
    const body = formEncode(entryForm(files, vin(1), { car_image: [files.photos[0]] })).join('&');
    const response = await call('POST', '/api/car/entryAdd', body, FORM);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.id as number;
    expect((await readEntry(id)).car_image).toEqual([files.photos[0]]);

    const again = await call('POST', '/api/car/entryAdd', entryForm(files, vin(1), { dl_name: '赵代理' }));
    expect(again.json()).toEqual({ code: 409, message: `车辆 ${vin(1)} 已有入库记录，请编辑原记录`, data: { id } });
    expect(await readEntry(id)).toMatchObject({ dl_name: '王代理', car_image: [files.photos[0]] });
    const edited = await call(
      'POST',
      '/api/car/entryEdit',
      entryForm(files, vin(1), { entry_id: id, dl_name: '赵代理' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await readEntry(id)).toMatchObject({ dl_name: '赵代理', car_image: files.photos });
    const audit = await historyEvents(t.db, { entity: 'entry' });
    expect(audit.map((row) => [row.action, row.entity, row.entity_id])).toEqual([
      ['create', 'entry', String(id)],
      ['update', 'entry', String(id)],
    ]);
    expect(audit[1]?.changed.dl_name).toEqual([expect.anything(), '赵代理']);
  });

  it('moves a check-in to the VIN the clerk corrected it to', async () => {
    await purchaseInPickup('HW-P-1', 'CG-P-1', [vin(1), vin(2)]);
    const id = await addEntry(vin(1));
    const before = await readEntry(id);
    const moved = await call(
      'POST',
      '/api/car/entryEdit',
      entryForm(files, vin(2), { entry_id: id, updated_at: before.updated_at }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await readEntry(id)).vin).toBe(vin(2));
    expect((await vehicleOf(vin(1)))?.entry).toBe(0);
    expect((await vehicleOf(vin(2)))?.entry).toBe(2);
    // A vehicle that has its own check-in cannot take another's.
    const other = await addEntry(vin(1));
    const taken = await call('POST', '/api/car/entryEdit', entryForm(files, vin(2), { entry_id: other }));
    expect(refusal(taken)).toEqual({ status: 409, message: stageMessages.alreadyRecorded(vin(2), 'entry') });
  });

  it('refuses a vehicle still at purchasing with a 409 naming the VIN and where it is', async () => {
    await createPurchase({ car: [purchaseCar(LGB(1))], amount: 1 });
    const response = await call('POST', '/api/car/entryAdd', entryForm(files, LGB(1)));
    expect(refusal(response)).toEqual({ status: 409, message: stageMessages.wrongFlow(LGB(1), 'purchase', 'entry') });
    expect(response.json().message).toBe(`车辆 ${LGB(1)} 当前在采购环节，不能保存入库记录`);
    // Not handed to the yard: not on the pickup list either.
    expect(await listVins('')).toEqual({ vins: [], total: 0 });
  });

  it('edits a check-in, refusing a stale save', async () => {
    await purchaseInPickup('HW-P-1', 'CG-P-1', [vin(1)]);
    const id = await addEntry(vin(1));
    const before = await readEntry(id);
    const edited = await call(
      'POST',
      '/api/car/entryEdit',
      entryForm(files, vin(1), {
        entry_id: id,
        updated_at: before.updated_at,
        dl_name: '李代理',
        remark: '',
        car_image: [files.photos[1]],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: pickupMessages.updated, data: { id } });
    const after = await readEntry(id);
    expect(after).toMatchObject({ dl_name: '李代理', remark: null, car_image: [files.photos[1]], vin: vin(1) });

    const stale = await call(
      'POST',
      '/api/car/entryEdit',
      entryForm(files, vin(1), { entry_id: id, updated_at: before.updated_at }),
    );
    expect(refusal(stale)).toEqual({ status: 409, message: messages.staleRecord });
    const missing = await call('POST', '/api/car/entryEdit', entryForm(files, vin(1), { entry_id: 999 }));
    expect(missing.statusCode).toBe(404);
    const noId = await call('POST', '/api/car/entryEdit', entryForm(files, vin(1)));
    expect(refusal(noId)).toEqual({ status: 422, message: pickupMessages.entryIdRequired });
    expect(await t.db.selectFrom('check_ins').select('id').execute()).toEqual([{ id }]);
  });

  it('hands checked-in vehicles to the registry and keeps the others with their reason', async () => {
    const purchaseId = await purchaseInPickup('HW-P-1', 'CG-P-1', [vin(1), vin(2)]);
    await addEntry(vin(1));
    const response = await call('PUT', '/api/car/entryHandOver', { purchase_id: [purchaseId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      message: pickupMessages.handOverDone,
      data: { moved: 1, kept: [{ vin: vin(2), reason: stageMessages.keptNoEntry }] },
    });
    expect((await vehicleOf(vin(1)))?.flow).toBe('registry');
    expect((await vehicleOf(vin(2)))?.flow).toBe('pickup');
    // Still on the pickup list, now in the registry.
    expect(
      (await call('GET', '/api/car/entryLists')).json().data.data.map((row: { flow: string }) => row.flow),
    ).toEqual(['pickup', 'registry']);
    const empty = await call('PUT', '/api/car/entryHandOver', { purchase_id: [] });
    expect(refusal(empty)).toEqual({ status: 422, message: pickupMessages.handOverEmpty });
  });

  it('lets a whole contract, or one vehicle, skip check-in (noentry)', async () => {
    const first = await purchaseInPickup('HW-P-1', 'CG-P-1', [vin(1), vin(2)]);
    const second = await purchaseInPickup('HW-P-2', 'CG-P-2', [vin(3), vin(4)]);
    const one = await vehicleOf(vin(3));

    const byCar = await call('PUT', `/api/car/noentry?carId=${one?.id}`);
    expect(byCar.statusCode, byCar.body).toBe(200);
    expect(byCar.json().data).toEqual({ moved: 1, kept: [] });
    expect((await vehicleOf(vin(3)))?.flow).toBe('registry');
    expect((await vehicleOf(vin(4)))?.flow).toBe('pickup');

    const byContract = await call('PUT', `/api/car/noentry?purchaseId=${first}`);
    expect(byContract.json().data).toEqual({ moved: 2, kept: [] });
    expect((await vehicleOf(vin(1)))?.flow).toBe('registry');
    expect((await vehicleOf(vin(2)))?.flow).toBe('registry');

    // A vehicle already gone on is kept, with where it is.
    const again = await call('PUT', `/api/car/noentry?carId=${one?.id}`);
    expect(again.json().data).toEqual({ moved: 0, kept: [{ vin: vin(3), reason: '当前在车管环节' }] });
    expect(refusal(await call('PUT', '/api/car/noentry'))).toEqual({
      status: 422,
      message: pickupMessages.noEntryTarget,
    });
    expect(refusal(await call('PUT', `/api/car/noentry?purchaseId=${second}&carId=${one?.id}`))).toEqual({
      status: 422,
      message: pickupMessages.noEntryTarget,
    });
    expect((await call('PUT', '/api/car/noentry?purchaseId=999')).statusCode).toBe(404);
    expect((await call('PUT', '/api/car/noentry?carId=999')).statusCode).toBe(404);
  });

  describe('with vehicles at several steps', () => {
    /**
     * vin(1) checked in on 2026-03-10 by 王代理 and released on 2026-04-02; vin(2) checked in on
     * 2026-03-20 by 李代理; vin(3) waiting (another contract); vin(4) only bought.
     */
    const arrange = async () => {
      const first = await purchaseInPickup('HW-A-001', 'CG-A-001', [vin(1), vin(2)]);
      await purchaseInPickup('HW-B-002', 'CG-B-002', [vin(3)]);
      await createPurchase({ purchase_no: 'CG-C-003', amount: 1, car: [purchaseCar(vin(4))] });
      const one = await addEntry(vin(1), { dl_name: '王代理' });
      const two = await addEntry(vin(2), { dl_name: '李代理' });
      await t.db
        .updateTable('check_ins')
        .set({ created_at: '2026-03-10T02:00:00.000Z' })
        .where('id', '=', one)
        .execute();
      await t.db
        .updateTable('check_ins')
        .set({ created_at: '2026-03-20T02:00:00.000Z' })
        .where('id', '=', two)
        .execute();
      // vin(1) on to release through the lifecycle (the registry and release screens are not built yet).
      await call('PUT', '/api/car/entryHandOver', { purchase_id: [first] });
      const vehicleId = (await vehicleOf(vin(1)))!.id;
      await saveStageRecord(t.db, actor(), { stage: 'plate', vehicleIds: [vehicleId], fields: {}, documents: {} });
      await t.db.transaction().execute((trx) => handOverPurchases(trx, actor(), 'transfer', [first]));
      const pass = await saveStageRecord(t.db, actor(), {
        stage: 'release',
        vehicleIds: [vehicleId],
        fields: { purchase_id: first },
        documents: { fxt_image: files.vinImage, lc_image: files.wgImage },
      });
      await t.db
        .updateTable('release_passes')
        .set({ created_at: '2026-04-02T02:00:00.000Z' })
        .where('id', '=', pass.id)
        .execute();
    };

    it('filters by each of the list’s filters', async () => {
      await arrange();
      const all = [vin(3), vin(2), vin(1)];
      expect(await listVins('')).toEqual({ vins: all, total: 3 });
      const cases: [string, string[]][] = [
        ['order_no=a-00', [vin(2), vin(1)]],
        ['purchase_no=b-002', [vin(3)]],
        ['purchase_no=C-003', []],
        [`vin=${vin(2).slice(-6)}`, [vin(2)]],
        ['vin=0000', all],
        ['entry_s=2026-03-10&entry_e=2026-03-10', [vin(1)]],
        ['entry_s=2026-03-11', [vin(2)]],
        ['entry_e=2026-03-20', [vin(2), vin(1)]],
        ['release_s=2026-04-02&release_e=2026-04-02', [vin(1)]],
        ['release_s=2026-04-03', []],
        ['release_e=2026-04-01', []],
        ['release_e=2026-04-02', [vin(1)]],
        // A date range with another filter is one condition among the vehicles' (pickup.repository.ts).
        ['order_no=a-00&release_s=2026-04-03', []],
        ['order_no=a-00&release_e=2026-04-01', []],
        ['order_no=a-00&release_s=2026-04-02&release_e=2026-04-02', [vin(1)]],
        ['order_no=a-00&entry_e=2026-03-10', [vin(1)]],
        ['dl_name=李', [vin(2)]],
        ['dl_name=代理', [vin(2), vin(1)]],
        ['release_status=0', [vin(3), vin(2)]],
        ['release_status=2', [vin(1)]],
        ['dl_name=代理&release_status=0', [vin(2)]],
        // The check-in's own filters alone are answered from the check-ins (pickup.repository.ts).
        ['dl_name=代理&entry_s=2026-03-11', [vin(2)]],
        ['dl_name=赵', []],
        ['dl_name=%', []],
        ['release_status=&dl_name=', all],
      ];
      for (const [query, vins] of cases) {
        expect(await listVins(query), query).toEqual({ vins, total: vins.length });
      }
      const page = (await call('GET', '/api/car/entryLists?page=2&limit=2')).json().data;
      expect(page).toMatchObject({ total: 3, meta: { total: 3, page: 2, limit: 2 } });
      expect(page.data.map((row: { vin: string }) => row.vin)).toEqual([vin(1)]);
      const released = (await call('GET', '/api/car/entryLists?release_status=2')).json().data.data[0];
      expect(released).toMatchObject({ flow: 'release', procedure: { entry: 2, release: 2 } });
      expect(released.release).toEqual([{ id: expect.any(Number), created_at: '2026-04-02T10:00:00.000+08:00' }]);
      expect(released.entry[0].created_at).toBe('2026-03-10T10:00:00.000+08:00');

      for (const query of ['release_status=1', 'entry_s=2026-02-30', 'release_e=yesterday']) {
        expect((await call('GET', `/api/car/entryLists?${query}`)).statusCode, query).toBe(422);
      }
      expect(refusal(await call('GET', '/api/car/entryLists?release_status=1'))).toEqual({
        status: 422,
        message: pickupMessages.releaseStatus,
      });
    });

    it('exports the filtered list to Excel', async () => {
      await arrange();
      const rows = rowsOf(await exportSheet(t, call, '/api/car/entryExport', '入库列表'));
      expect(rows.map((row) => row['车架号'])).toEqual([vin(3), vin(2), vin(1)]);
      expect(rows[2]).toMatchObject({
        车架号: vin(1),
        海外合同号: 'HW-A-001',
        采购合同号: 'CG-A-001',
        代理人: '王代理',
        状态: '已出库',
      });
      expect(rows[0]).toMatchObject({ 状态: '待出库' });
      expect(rows[0]!['代理人']).toBeUndefined();
      // A real date cell, the check-in's wall-clock time in the server's zone.
      expect((rows[2]!['入库时间'] as Date).toISOString()).toBe('2026-03-10T10:00:00.000Z');
      expect((rows[2]!['出库时间'] as Date).toISOString()).toBe('2026-04-02T10:00:00.000Z');

      const filtered = rowsOf(await exportSheet(t, call, '/api/car/entryExport?dl_name=李&page=9'));
      expect(filtered.map((row) => row['车架号'])).toEqual([vin(2)]);
    });
  });
});
