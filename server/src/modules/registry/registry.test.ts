import { beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { messages } from '../../../../contract/common';
import { registryMessages } from '../../../../contract/registry';
import { stageMessages } from '../../../../contract/stage';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { FORM_HEADERS as FORM, formEncode } from '../../../../tests/helpers/form-encode';
import { carLine, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar } from '../../../../tests/helpers/purchase';
import {
  PLATE_FIELDS,
  plateForm,
  type RegistryFiles,
  TRANSFER_FIELDS,
  transferForm,
  uploadRegistryFiles,
} from '../../../../tests/helpers/registry';

const NEW = 1;
const USED = 2;

describe('the registry (车管): plating, transfer and the hand-over to release', () => {
  const { t, call, staff, createOrder, createPurchase, vehicleOf } = contractAppForEachTest({
    files: ['overseas', 'purchase'],
  });
  let files: RegistryFiles;
  beforeEach(async () => {
    files = await uploadRegistryFiles(t.app, staff.token);
  });
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => ({
    status: response.statusCode,
    message: response.json().message,
  });

  /** An overseas contract and a purchase contract of its cars, through the yard to the registry (noentry). */
  const purchaseIn = async (
    where: 'purchase' | 'pickup' | 'registry',
    type: number,
    purchaseNo: string,
    vins: string[],
  ) => {
    const orderId = await createOrder({
      order_no: `HW-${purchaseNo}`,
      amount: vins.length,
      cars: vins.map((v) => carLine(v)),
    });
    const id = await createPurchase({
      order_id: orderId,
      type,
      purchase_no: purchaseNo,
      amount: vins.length,
      car: vins.map((v) => purchaseCar(v)),
    });
    if (where === 'purchase') return id;
    const handOver = await call('PUT', `/api/purchase/${id}/handOver`);
    expect(handOver.statusCode, handOver.body).toBe(200);
    if (where === 'pickup') return id;
    const noEntry = await call('PUT', `/api/car/noentry?purchaseId=${id}`);
    expect(noEntry.json().data, noEntry.body).toEqual({ moved: vins.length, kept: [] });
    return id;
  };
  const save = async (url: string, form: object) => {
    const response = await call('POST', url, form);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const read = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const listOf = async (path: 'plateLists' | 'transferLists', query = '') => {
    const response = await call('GET', `/api/car/${path}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.meta.total).toBe(data.total);
    return {
      vins: (data.data as { vin: string }[]).map((row) => row.vin),
      total: data.total as number,
      rows: data.data,
    };
  };

  it('plates a new car over two visits: 0/8, then 4/8, then 8/8, and reads it back', async () => {
    const purchaseId = await purchaseIn('registry', NEW, 'CG-N-1', [vin(1), vin(2)]);
    const empty = await call('POST', '/api/car/plateAdd', { vin: vin(1).toLowerCase() });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().message).toBe(registryMessages.created);
    const id = empty.json().data.id as number;
    expect(await vehicleOf(vin(1))).toMatchObject({ plate: 1, flow: 'registry' });
    expect(await read(`/api/car/plateRead?plateId=${id}`)).toMatchObject({ rate: 0, yy_date: null, xsz_image: null });

    // A second add is refused with the plating's id (the form opens it instead); the edit changes it.
    const secondAdd = await call('POST', '/api/car/plateAdd', plateForm(files, vin(1), 4));
    expect(secondAdd.json()).toEqual({ code: 409, message: `车辆 ${vin(1)} 已有上牌记录，请编辑原记录`, data: { id } });
    expect(await save('/api/car/plateEdit', plateForm(files, vin(1), 4, { plate_id: id }))).toBe(id);
    let plate = await read(`/api/car/plateRead?plateId=${id}`);
    expect(plate).toMatchObject({ rate: 50, xsz_image: files.documents[0], bx_image: null });
    expect(await vehicleOf(vin(1))).toMatchObject({ plate: 1 });

    const edited = await call(
      'POST',
      '/api/car/plateEdit',
      plateForm(files, vin(1), 8, { plate_id: id, updated_at: plate.updated_at }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: registryMessages.updated, data: { id } });
    plate = await read(`/api/car/plateRead?plateId=${id}`);
    expect(plate).toMatchObject({
      id,
      plate_id: id,
      car_id: (await vehicleOf(vin(1)))!.id,
      vin: vin(1),
      yy_date: '2026-12-01',
      rate: 100,
      order_no: 'HW-CG-N-1',
      purchase_id: purchaseId,
      purchase_no: 'CG-N-1',
      customer_name: '杭州二手车行',
      amount: 2,
      car_image: files.photos,
      carimage: files.photos.map((image_url) => ({ image_url })),
    });
    for (const [index, field] of PLATE_FIELDS.entries()) {
      expect(plate[field], field).toBe(files.documents[index % files.documents.length]);
    }
    expect(plate.created_at).toMatch(/\+08:00$/);
    expect(await vehicleOf(vin(1))).toMatchObject({ plate: 2 });

    const audit = await historyEvents(t.db, { entity: 'plate' });
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'update']);
    expect((await call('GET', '/api/car/plateRead?plateId=999')).statusCode).toBe(404);
  });

  it('transfers a used car: 5/5 is complete, 3/5 is not', async () => {
    await purchaseIn('registry', USED, 'CG-U-1', [vin(1), vin(2)]);
    const whole = await save('/api/car/transferAdd', transferForm(files, vin(1)));
    const part = await save('/api/car/transferAdd', transferForm(files, vin(2), 3));
    const read1 = await read(`/api/car/transferRead?transferId=${whole}`);
    expect(read1).toMatchObject({ transfer_id: whole, vin: vin(1), rate: 100, purchase_no: 'CG-U-1', amount: 2 });
    for (const [index, field] of TRANSFER_FIELDS.entries()) {
      expect(read1[field], field).toBe(files.documents[index % files.documents.length]);
    }
    expect(await read(`/api/car/transferRead?transferId=${part}`)).toMatchObject({
      rate: 60,
      zzs_invoices_image: null,
      xsz_image: null,
    });
    expect(await vehicleOf(vin(1))).toMatchObject({ transfer: 2, plate: 0 });
    expect(await vehicleOf(vin(2))).toMatchObject({ transfer: 1 });

    // Replacing one document on edit keeps the others.
    const before = await read(`/api/car/transferRead?transferId=${part}`);
    const edited = await call('POST', '/api/car/transferEdit', {
      ...transferForm(files, vin(2), 3),
      lp_image: files.documents[3],
      transfer_id: part,
      updated_at: before.updated_at,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(`/api/car/transferRead?transferId=${part}`)).toMatchObject({
      djz_image: files.documents[0],
      lp_image: files.documents[3],
      usedcar_invoices_image: files.documents[2],
      rate: 60,
    });
    expect((await call('GET', '/api/car/transferRead?transferId=999')).statusCode).toBe(404);
  });

  it('one document short of complete: a plating without its 保险单 is 1 at 88%, a transfer without its 行驶证 1 at 80%', async () => {
    await purchaseIn('registry', NEW, 'CG-N-B', [vin(1)]);
    await purchaseIn('registry', USED, 'CG-U-B', [vin(2)]);
    const plateId = await save('/api/car/plateAdd', plateForm(files, vin(1), 7));
    const plate = await read(`/api/car/plateRead?plateId=${plateId}`);
    expect(plate).toMatchObject({ rate: 88, hbqd_image: files.documents[2], bx_image: null });
    expect(await vehicleOf(vin(1))).toMatchObject({ plate: 1 });
    const plateList = await listOf('plateLists', `vin=${vin(1)}`);
    expect(plateList.rows.find((row: { vin: string }) => row.vin === vin(1))?.plate).toEqual([
      expect.objectContaining({ id: plateId, rate: 88 }),
    ]);
    // The eighth document added: complete.
    await save('/api/car/plateEdit', {
      ...plateForm(files, vin(1), 8),
      plate_id: plateId,
      updated_at: plate.updated_at,
    });
    expect(await vehicleOf(vin(1))).toMatchObject({ plate: 2 });
    expect(await read(`/api/car/plateRead?plateId=${plateId}`)).toMatchObject({ rate: 100 });

    const transferId = await save('/api/car/transferAdd', transferForm(files, vin(2), 4));
    expect(await read(`/api/car/transferRead?transferId=${transferId}`)).toMatchObject({ rate: 80, xsz_image: null });
    expect(await vehicleOf(vin(2))).toMatchObject({ transfer: 1 });
  });

  it('refuses a vehicle still at the yard with a 409 naming it, and accepts one already handed on', async () => {
    const yard = await purchaseIn('pickup', NEW, 'CG-N-1', [vin(1)]);
    const early = await call('POST', '/api/car/plateAdd', plateForm(files, vin(1)));
    expect(refusal(early)).toEqual({ status: 409, message: stageMessages.wrongFlow(vin(1), 'pickup', 'plate') });
    expect(early.json().message).toBe(`车辆 ${vin(1)} 当前在入库环节，不能保存上牌记录`);
    // A new car is never transferred, wherever it is.
    const transfer = await call('POST', '/api/car/transferAdd', transferForm(files, vin(1)));
    expect(refusal(transfer)).toEqual({ status: 409, message: registryMessages.newCarTransferred(vin(1)) });
    expect(await t.db.selectFrom('platings').select('id').execute()).toEqual([]);
    expect(yard).toBeGreaterThan(0);

    const bought = await purchaseIn('purchase', NEW, 'CG-N-2', [vin(2)]);
    expect(bought).toBeGreaterThan(0);
    expect(refusal(await call('POST', '/api/car/plateAdd', plateForm(files, vin(2))))).toEqual({
      status: 409,
      message: stageMessages.wrongFlow(vin(2), 'purchase', 'plate'),
    });

    // Handed on to release: the plating may still be corrected.
    const purchaseId = await purchaseIn('registry', NEW, 'CG-N-3', [vin(3)]);
    const id = await save('/api/car/plateAdd', plateForm(files, vin(3), 2));
    expect((await call('PUT', '/api/car/transferHandOver', { purchase_id: [purchaseId] })).json().data).toEqual({
      moved: 1,
      kept: [],
    });
    expect((await vehicleOf(vin(3)))?.flow).toBe('release');
    expect(await save('/api/car/plateEdit', plateForm(files, vin(3), 8, { plate_id: id }))).toBe(id);
    expect(await vehicleOf(vin(3))).toMatchObject({ plate: 2, flow: 'release' });
  });

  it('plates only new cars and transfers only used cars, saying which the car is', async () => {
    await purchaseIn('registry', NEW, 'CG-N-1', [vin(1)]);
    await purchaseIn('registry', USED, 'CG-U-1', [vin(2)]);
    const usedPlated = await call('POST', '/api/car/plateAdd', plateForm(files, vin(2)));
    expect(refusal(usedPlated)).toEqual({ status: 409, message: `车架号 ${vin(2)} 是二手车，应办理过户，不能上牌` });
    const newTransferred = await call('POST', '/api/car/transferAdd', transferForm(files, vin(1)));
    expect(refusal(newTransferred)).toEqual({ status: 409, message: `车架号 ${vin(1)} 是新车，应办理上牌，不能过户` });
    expect(await t.db.selectFrom('platings').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('transfers').select('id').execute()).toEqual([]);
    expect(await vehicleOf(vin(2))).toMatchObject({ plate: 0, transfer: 0, flow: 'registry' });
  });

  it('refuses a wrong form with its message, and writes nothing', async () => {
    await purchaseIn('registry', NEW, 'CG-N-1', [vin(1)]);
    await purchaseIn('registry', USED, 'CG-U-1', [vin(2)]);
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['plateAdd', { vin: '' }, 422, registryMessages.vinFormat],
      ['plateAdd', { vin: 'LSV00000000000OO1' }, 422, registryMessages.vinFormat],
      ['plateAdd', { yy_date: '2026-02-30' }, 422, '日期格式不正确'],
      [
        'plateAdd',
        { xsz_image: '/storage/document/2026/11/never-uploaded.pdf' },
        422,
        registryMessages.fileNotUploaded,
      ],
      // A photo is not a document: its slot is `image`.
      ['plateAdd', { djz_image: files.photos[0] }, 422, registryMessages.fileNotUploaded],
      ['plateAdd', { car_image: [files.documents[0]] }, 422, registryMessages.fileNotUploaded],
      ['plateAdd', { lp_image: '../etc/passwd' }, 422, registryMessages.storagePath],
      [
        'plateAdd',
        { car_image: Array.from({ length: 10 }, () => files.photos[0]) },
        422,
        registryMessages.photosTooMany,
      ],
      ['plateAdd', { vin: vin(9) }, 404, registryMessages.vehicleUnknown(vin(9))],
      ['plateAdd', { remark: 'x' }, 422, ''],
      [
        'transferAdd',
        { usedcar_invoices_image: '/storage/document/2026/11/none.pdf' },
        422,
        registryMessages.fileNotUploaded,
      ],
      ['transferAdd', { vin: 'ABC' }, 422, registryMessages.vinFormat],
    ];
    for (const [path, overrides, status, message] of cases) {
      const form =
        path === 'plateAdd' ? plateForm(files, vin(1), 8, overrides) : transferForm(files, vin(2), 5, overrides);
      const response = await call('POST', `/api/car/${path}`, form);
      const answer = refusal(response);
      expect(answer.status, `${path} ${JSON.stringify(overrides)}`).toBe(status);
      if (message) expect(answer.message, `${path} ${JSON.stringify(overrides)}`).toBe(message);
    }
    expect(await vehicleOf(vin(1))).toMatchObject({ plate: 0, transfer: 0 });
    expect(await vehicleOf(vin(2))).toMatchObject({ plate: 0, transfer: 0 });
    expect(await t.db.selectFrom('platings').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('transfers').select('id').execute()).toEqual([]);
  });

  it('reads the spec’s form-encoded post (car_image[0]=…)', async () => {
    await purchaseIn('registry', NEW, 'CG-N-1', [vin(1)]);
    const body = formEncode(plateForm(files, vin(1), 8)).join('&');
    expect(body).toContain('car_image%5B0%5D=');
    const response = await call('POST', '/api/car/plateAdd', body, FORM);
    expect(response.statusCode, response.body).toBe(200);
    const plate = await read(`/api/car/plateRead?plateId=${response.json().data.id}`);
    expect(plate).toMatchObject({ rate: 100, car_image: files.photos, yy_date: '2026-12-01' });
  });

  it('edits a plating, refusing a stale save, a missing record and a missing id', async () => {
    await purchaseIn('registry', NEW, 'CG-N-1', [vin(1)]);
    const id = await save('/api/car/plateAdd', plateForm(files, vin(1), 4));
    const before = await read(`/api/car/plateRead?plateId=${id}`);
    const edited = await call(
      'POST',
      '/api/car/plateEdit',
      plateForm(files, vin(1), 5, { plate_id: id, updated_at: before.updated_at, yy_date: '' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(`/api/car/plateRead?plateId=${id}`)).toMatchObject({ yy_date: null, rate: 63 });

    const stale = await call(
      'POST',
      '/api/car/plateEdit',
      plateForm(files, vin(1), 8, { plate_id: id, updated_at: before.updated_at }),
    );
    expect(refusal(stale)).toEqual({ status: 409, message: messages.staleRecord });
    expect((await read(`/api/car/plateRead?plateId=${id}`)).rate).toBe(63);
    expect((await call('POST', '/api/car/plateEdit', plateForm(files, vin(1), 8, { plate_id: 999 }))).statusCode).toBe(
      404,
    );
    expect(refusal(await call('POST', '/api/car/plateEdit', plateForm(files, vin(1))))).toEqual({
      status: 422,
      message: registryMessages.plateIdRequired,
    });

    await purchaseIn('registry', USED, 'CG-U-1', [vin(2)]);
    const transfer = await save('/api/car/transferAdd', transferForm(files, vin(2), 1));
    const first = await read(`/api/car/transferRead?transferId=${transfer}`);
    const ok = await call('POST', '/api/car/transferEdit', {
      ...transferForm(files, vin(2)),
      transfer_id: transfer,
      updated_at: first.updated_at,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await call('POST', '/api/car/transferEdit', {
      ...transferForm(files, vin(2), 0),
      transfer_id: transfer,
      updated_at: first.updated_at,
    });
    expect(refusal(again)).toEqual({ status: 409, message: messages.staleRecord });
    expect(refusal(await call('POST', '/api/car/transferEdit', transferForm(files, vin(2))))).toEqual({
      status: 422,
      message: registryMessages.transferIdRequired,
    });
  });

  it('hands a contract’s plated cars to release and keeps an unplated one with its reason', async () => {
    const purchaseId = await purchaseIn('registry', NEW, 'CG-N-1', [vin(1), vin(2)]);
    await save('/api/car/plateAdd', plateForm(files, vin(1), 3));
    const response = await call('PUT', '/api/car/transferHandOver', { purchase_id: [purchaseId, purchaseId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      message: registryMessages.handOverDone,
      data: { moved: 1, kept: [{ vin: vin(2), reason: stageMessages.keptNoRegistry }] },
    });
    expect((await vehicleOf(vin(1)))?.flow).toBe('release');
    expect((await vehicleOf(vin(2)))?.flow).toBe('registry');
    // A transferred used car moves too; a vehicle not yet at the registry stays where it is.
    const used = await purchaseIn('registry', USED, 'CG-U-1', [vin(3)]);
    await save('/api/car/transferAdd', transferForm(files, vin(3), 0));
    const yard = await purchaseIn('pickup', USED, 'CG-U-2', [vin(4)]);
    expect((await call('PUT', '/api/car/transferHandOver', { purchase_id: [used, yard] })).json().data).toEqual({
      moved: 1,
      kept: [{ vin: vin(4), reason: '当前在入库环节' }],
    });
    expect(refusal(await call('PUT', '/api/car/transferHandOver', { purchase_id: [] }))).toEqual({
      status: 422,
      message: registryMessages.handOverEmpty,
    });
    expect((await call('PUT', '/api/car/transferHandOver', 'purchase_id[0]=' + purchaseId, FORM)).json().data).toEqual({
      moved: 0,
      // The vehicle already handed on is named with where it is now.
      kept: [
        { vin: vin(1), reason: '当前在出库报关环节' },
        { vin: vin(2), reason: stageMessages.keptNoRegistry },
      ],
    });
  });

  it('hands over every purchase contract of one overseas contract at once (order_id): new and used cars alike', async () => {
    // One overseas contract bought through a new-car and a used-car contract (both in the registry) and a
    // third still at the yard; another overseas contract's car waits in the registry too.
    const orderId = await createOrder({
      order_no: 'HW-BY-ORDER',
      amount: 4,
      cars: [vin(1), vin(2), vin(3), vin(4)].map((v) => carLine(v)),
    });
    const inRegistry = async (type: number, purchaseNo: string, vins: string[], noEntry = true) => {
      const id = await createPurchase({
        order_id: orderId,
        type,
        purchase_no: purchaseNo,
        amount: vins.length,
        car: vins.map((v) => purchaseCar(v)),
      });
      expect((await call('PUT', `/api/purchase/${id}/handOver`)).statusCode).toBe(200);
      if (noEntry) expect((await call('PUT', `/api/car/noentry?purchaseId=${id}`)).statusCode).toBe(200);
      return id;
    };
    await inRegistry(NEW, 'CG-BY-N', [vin(1), vin(2)]);
    await inRegistry(USED, 'CG-BY-U', [vin(3)]);
    await inRegistry(USED, 'CG-BY-Y', [vin(4)], false);
    await purchaseIn('registry', NEW, 'CG-OTHER', [vin(5)]);
    await save('/api/car/plateAdd', plateForm(files, vin(1), 8));
    await save('/api/car/transferAdd', transferForm(files, vin(3), 5));
    await save('/api/car/plateAdd', plateForm(files, vin(5), 8));

    // Each tab keeps that contract's cars on `order_id` (a form's next car): not the other contract's.
    expect(await listOf('plateLists', `order_id=${orderId}`)).toMatchObject({ vins: [vin(2), vin(1)], total: 2 });
    expect(await listOf('transferLists', `order_id=${orderId}`)).toMatchObject({ vins: [vin(3)], total: 1 });
    expect(refusal(await call('GET', '/api/car/plateLists?order_id=x'))).toEqual({
      status: 422,
      message: registryMessages.orderUnknown,
    });

    const response = await call('PUT', '/api/car/transferHandOver', { order_id: orderId });
    expect(response.statusCode, response.body).toBe(200);
    // The plated new car and the transferred used car move; the unplated one stays with its reason; the
    // contract still at the yard is not the registry's (its car is not named), nor is the other contract.
    expect(response.json()).toEqual({
      code: 200,
      message: registryMessages.handOverDone,
      data: { moved: 2, kept: [{ vin: vin(2), reason: stageMessages.keptNoRegistry }] },
    });
    expect((await vehicleOf(vin(1)))?.flow).toBe('release');
    expect((await vehicleOf(vin(3)))?.flow).toBe('release');
    expect((await vehicleOf(vin(2)))?.flow).toBe('registry');
    expect((await vehicleOf(vin(4)))?.flow).toBe('pickup');
    expect((await vehicleOf(vin(5)))?.flow).toBe('registry');

    // Again (form-encoded): only the new-car contract still holds a car in the registry; as for any
    // contract handed over, its cars are named, the one handed on with where it is now.
    expect((await call('PUT', '/api/car/transferHandOver', `order_id=${orderId}`, FORM)).json().data).toEqual({
      moved: 0,
      kept: [
        { vin: vin(1), reason: '当前在出库报关环节' },
        { vin: vin(2), reason: stageMessages.keptNoRegistry },
      ],
    });
    // An overseas contract with nothing in the registry moves nothing and names nothing.
    const empty = await createOrder({ order_no: 'HW-BY-EMPTY', amount: 1, cars: [carLine(vin(6))] });
    expect((await call('PUT', '/api/car/transferHandOver', { order_id: empty })).json().data).toEqual({
      moved: 0,
      kept: [],
    });
    // Neither contract named: the refusal of an empty choice; a bad id: the contract's own words.
    expect(refusal(await call('PUT', '/api/car/transferHandOver', {}))).toEqual({
      status: 422,
      message: registryMessages.handOverEmpty,
    });
    expect(refusal(await call('PUT', '/api/car/transferHandOver', { order_id: 'x' }))).toEqual({
      status: 422,
      message: registryMessages.orderUnknown,
    });
  });

  it('pages and counts a registry of more than 5,000 waiting new cars as it does a few', async () => {
    const purchaseId = await purchaseIn('registry', NEW, 'CG-BIG', [vin(1)]);
    const at = new Date().toISOString();
    const more = Array.from({ length: 5_001 }, (_, i) => ({
      vin: `LBIG${String(i).padStart(13, '0')}`,
      flow: 'registry' as const,
      purchase_id: purchaseId,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < more.length; i += 500)
      await t.db
        .insertInto('vehicles')
        .values(more.slice(i, i + 500))
        .execute();
    const first = await listOf('plateLists');
    expect(first).toMatchObject({ total: 5_002 });
    expect(first.vins.slice(0, 2)).toEqual(['LBIG0000000005000', 'LBIG0000000004999']);
    // 333 full pages, then the last 7: the oldest vehicle ends the list.
    const last = await listOf('plateLists', 'page=334');
    expect(last.total).toBe(5_002);
    expect(last.vins).toHaveLength(7);
    expect(last.vins.at(-1)).toBe(vin(1));
  });

  it('lists the new cars still in the registry on tab 1 and the used ones on tab 2, with the VIN filter and pages', async () => {
    const newOne = await purchaseIn('registry', NEW, 'CG-N-1', [vin(1), vin(2), vin(3)]);
    await purchaseIn('registry', USED, 'CG-U-1', [vin(4), vin(5)]);
    await purchaseIn('pickup', NEW, 'CG-N-2', [vin(6)]);
    const plated = await save('/api/car/plateAdd', plateForm(files, vin(1), 8));
    await save('/api/car/plateAdd', plateForm(files, vin(2), 4));
    const transferred = await save('/api/car/transferAdd', transferForm(files, vin(5), 2));

    const plates = await listOf('plateLists');
    expect(plates).toMatchObject({ vins: [vin(3), vin(2), vin(1)], total: 3 });
    expect(plates.rows[0]).toMatchObject({ flow: 'registry', plate: [], transfer: [], procedure: { plate: 0 } });
    expect(plates.rows[2]).toMatchObject({
      flow: 'registry',
      order_no: 'HW-CG-N-1',
      purchase_id: newOne,
      purchase_no: 'CG-N-1',
      purchase_type: NEW,
      model: '大众 帕萨特 2021款',
      plate: [{ id: plated, rate: 100, created_at: expect.stringMatching(/\+08:00$/) }],
      procedure: { plate: 2, transfer: 0 },
    });
    expect(plates.rows[1].plate[0].rate).toBe(50);
    const transfers = await listOf('transferLists');
    expect(transfers.vins).toEqual([vin(5), vin(4)]);
    expect(transfers.rows[0]).toMatchObject({
      purchase_type: USED,
      transfer: [{ id: transferred, rate: 40 }],
      procedure: { transfer: 1 },
    });
    // The tab decides, whichever path is asked.
    expect((await listOf('plateLists', 'type=2')).vins).toEqual([vin(5), vin(4)]);
    expect((await listOf('transferLists', 'type=1')).vins).toEqual([vin(3), vin(2), vin(1)]);

    expect(await listOf('plateLists', `vin=${vin(2).slice(-6)}`)).toMatchObject({ vins: [vin(2)], total: 1 });
    expect(await listOf('plateLists', `vin=${vin(5).slice(-6).toLowerCase()}&type=2`)).toMatchObject({
      vins: [vin(5)],
      total: 1,
    });
    expect(await listOf('plateLists', 'vin=ZZZZZZ')).toMatchObject({ vins: [], total: 0 });
    expect(await listOf('plateLists', 'vin=&type=')).toMatchObject({ total: 3 });
    const page = await listOf('plateLists', 'page=1&limit=2');
    expect(page).toMatchObject({ vins: [vin(3), vin(2)], total: 3 });
    expect((await listOf('plateLists', 'page=2&limit=2')).vins).toEqual([vin(1)]);
    expect((await listOf('plateLists', 'page=3&limit=2')).vins).toEqual([]);

    // The plated cars go on to release: they leave the 待上牌 tab; vin(3), unplated, still waits there.
    await call('PUT', '/api/car/transferHandOver', { purchase_id: [newOne] });
    expect(await listOf('plateLists')).toMatchObject({ vins: [vin(3)], total: 1 });
    expect(await listOf('plateLists', `vin=${vin(1).slice(-6)}`)).toMatchObject({ vins: [], total: 0 });

    expect(refusal(await call('GET', '/api/car/plateLists?type=3'))).toEqual({
      status: 422,
      message: registryMessages.tab,
    });
    expect((await call('GET', `/api/car/plateLists?vin=${'A'.repeat(18)}`)).statusCode).toBe(422);
    expect((await call('GET', '/api/car/transferLists?page=0')).statusCode).toBe(422);
  });
});
