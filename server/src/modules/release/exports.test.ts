import { beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { messages } from '../../../../contract/common';
import { exportsMessages } from '../../../../contract/release-exports';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import {
  type ExportsFiles,
  exportsForm,
  releaseSetUp,
  uploadExportsFiles,
} from '../../../../tests/helpers/release-exports';
import { FORM_HEADERS as FORM, formEncode } from '../../../../tests/helpers/form-encode';
import { vin } from '../../../../tests/helpers/overseas';
import { type ReleasePassFiles, releaseForm, uploadReleasePassFiles } from '../../../../tests/helpers/release';

describe('export declaration (出口报关) and the release hand-over', () => {
  const app = contractAppForEachTest({ files: ['overseas', 'purchase'] });
  const { t, call, staff, vehicleOf } = app;
  let files: ExportsFiles;
  let passFiles: ReleasePassFiles;
  beforeEach(async () => {
    files = await uploadExportsFiles(t.app, staff.token);
    passFiles = await uploadReleasePassFiles(t.app, staff.token);
  });
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => ({
    status: response.statusCode,
    message: response.json().message,
  });
  const { idOf, order, purchaseAtYard, purchaseAtRelease } = releaseSetUp(app);

  const add = async (orderId: number, vins: string[], count = 6, overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/car/exportsAdd', exportsForm(files, orderId, vins, count, overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const read = async (query: string) => {
    const response = await call('GET', `/api/car/exportsRead?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const declarationIds = async () =>
    (await t.db.selectFrom('export_declarations').select('id').orderBy('id').execute()).map((row) => row.id);

  it('declares two vehicles of one overseas contract with the four required documents (4/6), then all six (6/6)', async () => {
    const orderId = await order('HW-E-1', [vin(1), vin(2), vin(3)]);
    const purchaseId = await purchaseAtRelease(orderId, 'CG-E-1', [vin(1), vin(2), vin(3)]);
    // The spec's form post: vin[]=…&car_image[]=…, lower-case VINs read as upper case.
    const body = formEncode(exportsForm(files, orderId, [vin(1).toLowerCase(), vin(2)], 4)).join('&');
    const response = await call('POST', '/api/car/exportsAdd', body, FORM);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(exportsMessages.created);
    const id = response.json().data.id as number;

    const record = await read(`exportsId=${id}`);
    expect(record).toMatchObject({
      id,
      exports_id: id,
      order_id: orderId,
      order_no: 'HW-E-1',
      order: [{ id: orderId, order_no: 'HW-E-1' }],
      purchase_id: purchaseId,
      exportscar: [
        { car_id: await idOf(vin(1)), vin: vin(1), model: '大众 帕萨特 2021款' },
        { car_id: await idOf(vin(2)), vin: vin(2), model: '大众 帕萨特 2021款' },
      ],
      currency: 'USD',
      bgd_sn: '310120260001234567',
      exports_date: '2026-11-20',
      exports_money: 12345.67,
      xkz_image: files.documents.xkz_image,
      bgzl_image: files.documents.bgzl_image,
      bgd_image: files.documents.bgd_image,
      td_image: files.documents.td_image,
      jcbg_image: null,
      hgfxtz_image: null,
      car_image: files.photos,
      carimage: files.photos.map((image_url) => ({ image_url })),
      rate: 67,
    });
    expect(record.created_at).toMatch(/\+08:00$/);
    // Money is kept in fen (cents).
    const stored = await t.db
      .selectFrom('export_declarations')
      .select('exports_money')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.exports_money)).toBe(1_234_567);
    expect(await vehicleOf(vin(1))).toMatchObject({ exports: 2, flow: 'release' });
    expect(await vehicleOf(vin(2))).toMatchObject({ exports: 2 });
    expect(await vehicleOf(vin(3))).toMatchObject({ exports: 0 });
    const audit = await historyEvents(t.db, { entity: 'exports' });
    expect(audit.map((row) => [row.action, row.entity_id, row.changed.vins?.[1]])).toEqual([
      ['create', String(id), [vin(1), vin(2)]],
    ]);

    // The two optional documents added: 6/6; the rate is computed, a typed one is refused.
    const typedRate = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [vin(1), vin(2)], 6, { exports_id: id, rate: 100 }),
    );
    expect(typedRate.statusCode).toBe(422);
    const edited = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [vin(1), vin(2)], 6, {
        exports_id: id,
        updated_at: record.updated_at,
        currency: 'CNY',
        exports_money: '88000',
        bgd_sn: '',
        exports_date: '',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: exportsMessages.updated, data: { id } });
    expect(await read(`exportsId=${id}`)).toMatchObject({
      rate: 100,
      currency: 'CNY',
      exports_money: 88000,
      bgd_sn: null,
      exports_date: null,
      jcbg_image: files.documents.jcbg_image,
      hgfxtz_image: files.documents.hgfxtz_image,
    });
    expect(await vehicleOf(vin(1))).toMatchObject({ exports: 2 });

    // A declaration without amount, photos or optional documents is a declaration too (USD by default).
    const plain = await add(orderId, [vin(3)], 4, { car_image: [], exports_money: '', currency: undefined });
    expect(await read(`exportsId=${plain}`)).toMatchObject({
      currency: 'USD',
      exports_money: null,
      car_image: [],
      carimage: [],
      rate: 67,
      exportscar: [{ vin: vin(3) }],
    });
    // Read by purchase contract: every declaration holding one of its vehicles, oldest first.
    const ofPurchase = await read(`purchaseId=${purchaseId}`);
    expect(ofPurchase.map((item: { id: number }) => item.id)).toEqual([id, plain]);
    expect(await read('purchaseId=99999')).toEqual([]);
    expect((await call('GET', '/api/car/exportsRead?exportsId=999')).statusCode).toBe(404);
    expect(refusal(await call('GET', '/api/car/exportsRead'))).toEqual({
      status: 422,
      message: exportsMessages.readOneOf,
    });
    expect((await call('GET', `/api/car/exportsRead?exportsId=${id}&purchaseId=${purchaseId}`)).statusCode).toBe(422);
  });

  it('says the spec’s messages in the form’s order, and refuses bad fields and files not uploaded', async () => {
    const orderId = await order('HW-E-1', [vin(1)]);
    await purchaseAtRelease(orderId, 'CG-E-1', [vin(1)]);
    const none = { xkz_image: '', bgzl_image: '', bgd_image: '', td_image: '' };
    const photo = files.photos[0]!;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ order_id: '', vin: [], ...none }, 422, '请先选择绑定海外合同号'],
      [{ order_id: undefined }, 422, '请先选择绑定海外合同号'],
      [{ vin: [], ...none }, 422, '请先选择要出口的车辆'],
      [{ vin: '' }, 422, '请先选择要出口的车辆'],
      [{ vin: ['LSV00000000000OO1'] }, 422, exportsMessages.vinFormat],
      [{ ...none }, 422, '请上传许可证'],
      [{ ...none, xkz_image: files.documents.xkz_image }, 422, '请上传报关资料'],
      [{ bgd_image: '', td_image: '' }, 422, '请上传报关单'],
      [{ td_image: undefined }, 422, '请上传提单'],
      [{ car_image: Array.from({ length: 26 }, () => photo) }, 422, '其他照片最多上传25张'],
      [{ currency: 'EUR' }, 422, '币种只能是 USD 或 CNY'],
      [{ exports_money: '12.345' }, 422, '出口金额最多两位小数'],
      [{ exports_money: '-5' }, 422, '出口金额不能为负数'],
      [{ exports_date: '2026-02-30' }, 422, exportsMessages.exportsDate],
      [{ bgd_sn: 'B'.repeat(51) }, 422, '报关单号不能超过 50 个字'],
      [{ order_id: 99999 }, 422, exportsMessages.orderUnknown],
      [{ vin: [vin(9)] }, 404, exportsMessages.vehicleUnknown(vin(9))],
      // A path never uploaded, a photo named as a document, a document named as a photo.
      [{ xkz_image: '/storage/document/2026/11/never-uploaded.pdf' }, 422, exportsMessages.fileNotUploaded],
      [{ td_image: photo }, 422, exportsMessages.fileNotUploaded],
      [{ car_image: [files.documents.bgd_image] }, 422, exportsMessages.fileNotUploaded],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await call('POST', '/api/car/exportsAdd', exportsForm(files, orderId, [vin(1)], 6, overrides));
      expect(refusal(response), JSON.stringify(overrides)).toEqual({ status, message });
    }
    // The 422 names the field, so the form marks the slot.
    const noLicence = await call('POST', '/api/car/exportsAdd', exportsForm(files, orderId, [vin(1)], 6, none));
    expect(noLicence.json().data.errors).toMatchObject({
      xkz_image: ['请上传许可证'],
      bgzl_image: ['请上传报关资料'],
      bgd_image: ['请上传报关单'],
      td_image: ['请上传提单'],
    });
    const notUploaded = await call(
      'POST',
      '/api/car/exportsAdd',
      exportsForm(files, orderId, [vin(1)], 6, { td_image: photo }),
    );
    expect(notUploaded.json().data.errors).toEqual({ td_image: [exportsMessages.fileNotUploaded] });
    expect(await vehicleOf(vin(1))).toMatchObject({ exports: 0 });
    expect(await declarationIds()).toEqual([]);
  });

  it('refuses a vehicle in the wrong flow, one of another contract and one already declared, writing nothing', async () => {
    const orderId = await order('HW-E-1', [vin(1), vin(2), vin(3), vin(4)]);
    const otherOrder = await order('HW-E-2', [vin(5)]);
    await purchaseAtRelease(orderId, 'CG-E-1', [vin(1), vin(2)]);
    await purchaseAtRelease(otherOrder, 'CG-E-2', [vin(5)]);
    // vin(3) is still at the registry; vin(4) was never bought.
    const registryPurchase = await purchaseAtYard(orderId, 'CG-E-3', [vin(3)]);
    await call('PUT', `/api/car/noentry?purchaseId=${registryPurchase}`);
    expect(await vehicleOf(vin(3))).toMatchObject({ flow: 'registry' });
    const first = await add(orderId, [vin(1)]);

    const wrongFlow = await call('POST', '/api/car/exportsAdd', exportsForm(files, orderId, [vin(2), vin(3)]));
    expect(refusal(wrongFlow)).toEqual({
      status: 409,
      message: `车辆 ${vin(3)} 当前在车管环节，不能保存出口报关记录`,
    });
    const notBought = await call('POST', '/api/car/exportsAdd', exportsForm(files, orderId, [vin(4)]));
    expect(refusal(notBought)).toEqual({ status: 409, message: `车辆 ${vin(4)} 尚未签订采购合同` });
    const stranger = await call('POST', '/api/car/exportsAdd', exportsForm(files, orderId, [vin(2), vin(5)]));
    expect(refusal(stranger)).toEqual({
      status: 422,
      message: `车辆 ${vin(5)} 不属于海外合同 HW-E-1，不能在此报关`,
    });
    expect(stranger.json().data.errors).toEqual({ vin: [exportsMessages.notOnOrder(vin(5), 'HW-E-1')] });
    // The other contract's own declaration of it is fine; this contract's vehicle on it is not.
    const reversed = await call('POST', '/api/car/exportsAdd', exportsForm(files, otherOrder, [vin(5), vin(2)]));
    expect(refusal(reversed)).toEqual({ status: 422, message: exportsMessages.notOnOrder(vin(2), 'HW-E-2') });
    const again = await call('POST', '/api/car/exportsAdd', exportsForm(files, orderId, [vin(2), vin(1)]));
    expect(refusal(again)).toEqual({ status: 409, message: `车辆 ${vin(1)} 已有出口报关记录，请编辑原记录` });

    expect(await vehicleOf(vin(2))).toMatchObject({ exports: 0 });
    expect(await vehicleOf(vin(3))).toMatchObject({ exports: 0 });
    expect(await vehicleOf(vin(5))).toMatchObject({ exports: 0 });
    expect(await declarationIds()).toEqual([first]);
    expect((await read(`exportsId=${first}`)).exportscar.map((car: { vin: string }) => car.vin)).toEqual([vin(1)]);
  });

  it('declares vehicles of two purchase contracts of one overseas contract together', async () => {
    const orderId = await order('HW-E-1', [vin(1), vin(2)]);
    const one = await purchaseAtRelease(orderId, 'CG-E-1', [vin(1)]);
    const two = await purchaseAtRelease(orderId, 'CG-E-2', [vin(2)]);
    const id = await add(orderId, [vin(1), vin(2)]);
    expect(await read(`exportsId=${id}`)).toMatchObject({ purchase_id: null, rate: 100 });
    expect((await read(`purchaseId=${one}`)).map((item: { id: number }) => item.id)).toEqual([id]);
    expect((await read(`purchaseId=${two}`)).map((item: { id: number }) => item.id)).toEqual([id]);
  });

  it('edits a declaration: a dropped vehicle waits again, a stale save and a new contract are refused', async () => {
    const orderId = await order('HW-E-1', [vin(1), vin(2), vin(3)]);
    const otherOrder = await order('HW-E-2', [vin(5)]);
    await purchaseAtRelease(orderId, 'CG-E-1', [vin(1), vin(2), vin(3)]);
    const id = await add(orderId, [vin(1), vin(2)]);
    const before = await read(`exportsId=${id}`);

    const edited = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [vin(1), vin(3)], 5, {
        exports_id: id,
        updated_at: before.updated_at,
        car_image: [files.photos[1]],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await read(`exportsId=${id}`);
    expect(after).toMatchObject({ rate: 83, car_image: [files.photos[1]], hgfxtz_image: null });
    expect(after.exportscar.map((car: { vin: string }) => car.vin)).toEqual([vin(1), vin(3)]);
    expect(await vehicleOf(vin(2))).toMatchObject({ exports: 0 });
    expect(await vehicleOf(vin(3))).toMatchObject({ exports: 2 });
    // The dropped vehicle may go on another declaration now.
    const second = await add(orderId, [vin(2)]);

    const stale = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [vin(1)], 6, { exports_id: id, updated_at: before.updated_at }),
    );
    expect(refusal(stale)).toEqual({ status: 409, message: messages.staleRecord });
    const taken = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [vin(1), vin(2)], 6, { exports_id: id, updated_at: after.updated_at }),
    );
    expect(refusal(taken)).toEqual({ status: 409, message: exportsMessages.alreadyDeclared(vin(2)) });
    const moved = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, otherOrder, [vin(5)], 6, { exports_id: id, updated_at: after.updated_at }),
    );
    expect(refusal(moved)).toEqual({ status: 422, message: exportsMessages.orderLocked });
    const emptied = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [], 6, { exports_id: id, updated_at: after.updated_at }),
    );
    expect(refusal(emptied)).toEqual({ status: 422, message: '请先选择要出口的车辆' });
    const missing = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [vin(1)], 6, { exports_id: 999 }),
    );
    expect(missing.statusCode).toBe(404);
    const noId = await call('POST', '/api/car/exportsEdit', exportsForm(files, orderId, [vin(1)]));
    expect(refusal(noId)).toEqual({ status: 422, message: exportsMessages.exportsIdRequired });
    expect((await read(`exportsId=${id}`)).updated_at).toBe(after.updated_at);
    expect(await declarationIds()).toEqual([id, second]);
    const audit = await historyEvents(t.db, { entity: 'exports', entityId: id });
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('hands a released and exported vehicle to filing, keeping the others with their reasons', async () => {
    const orderId = await order('HW-E-1', [vin(1), vin(2), vin(3)]);
    const purchaseId = await purchaseAtRelease(orderId, 'CG-E-1', [vin(1), vin(2), vin(3)]);
    // vin(1) released and exported, vin(2) released only, vin(3) exported only.
    const pass = await call('POST', '/api/car/releaseAdd', releaseForm(passFiles, [vin(1), vin(2)]));
    expect(pass.statusCode, pass.body).toBe(200);
    const id = await add(orderId, [vin(1), vin(3)]);

    const response = await call('PUT', '/api/car/releaseHandOver', { purchase_id: [purchaseId, purchaseId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: '移交成功!',
      data: {
        moved: 1,
        kept: [
          { vin: vin(2), reason: '尚未出口报关' },
          { vin: vin(3), reason: '尚未出库' },
        ],
      },
    });
    expect(await vehicleOf(vin(1))).toMatchObject({ flow: 'filing', exports: 2, release: 2 });
    expect(await vehicleOf(vin(2))).toMatchObject({ flow: 'release' });
    expect(await vehicleOf(vin(3))).toMatchObject({ flow: 'release' });
    const audit = await historyEvents(t.db, { action: 'hand_over' });
    expect(audit.filter((row) => row.changed.flow?.[1] === 'filing')).toEqual([
      expect.objectContaining({
        entity: 'purchase',
        entity_id: String(purchaseId),
        changed: { flow: ['release', 'filing'] },
        vehicles: [(await vehicleOf(vin(1)))?.id],
      }),
    ]);

    // Handing over again moves nothing: the filed vehicle is elsewhere now.
    const again = await call('PUT', '/api/car/releaseHandOver', `purchase_id[]=${purchaseId}`, FORM);
    expect(again.json().data).toEqual({
      moved: 0,
      kept: [
        { vin: vin(1), reason: '当前在归档环节' },
        { vin: vin(2), reason: '尚未出口报关' },
        { vin: vin(3), reason: '尚未出库' },
      ],
    });

    // The filed vehicle stays on its declaration; correcting the documents with it kept is allowed.
    const { updated_at } = await read(`exportsId=${id}`);
    const drop = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [vin(3)], 6, { exports_id: id, updated_at }),
    );
    expect(refusal(drop)).toEqual({ status: 409, message: exportsMessages.droppedMovedOn(vin(1)) });
    const fix = await call(
      'POST',
      '/api/car/exportsEdit',
      exportsForm(files, orderId, [vin(1), vin(3)], 4, { exports_id: id, updated_at }),
    );
    expect(fix.statusCode, fix.body).toBe(200);
    expect(await read(`exportsId=${id}`)).toMatchObject({ rate: 67 });

    const empty = await call('PUT', '/api/car/releaseHandOver', { purchase_id: [] });
    expect(refusal(empty)).toEqual({ status: 422, message: '请先选择要移交的采购合同' });
    expect((await call('PUT', '/api/car/releaseHandOver', { purchase_id: ['x'] })).statusCode).toBe(422);
    expect((await call('PUT', '/api/car/releaseHandOver', { purchase_id: [99999] })).json().data).toEqual({
      moved: 0,
      kept: [],
    });
  });
});
