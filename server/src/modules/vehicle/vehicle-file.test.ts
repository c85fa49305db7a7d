import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/common';
import { stageMessages } from '../../../../contract/stage';
import { type VehicleFile, vehicleFileMessages, vehicleFileSchema } from '../../../../contract/vehicle-file';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { completeFiling, type FilingFiles, uploadFilingFiles } from '../../../../tests/helpers/filed';
import { carLine, vin } from '../../../../tests/helpers/overseas';
import { type EntryFiles, entryForm, uploadEntryFiles } from '../../../../tests/helpers/pickup';
import { purchaseCar } from '../../../../tests/helpers/purchase';
import { plateForm, type RegistryFiles, transferForm, uploadRegistryFiles } from '../../../../tests/helpers/registry';
import { releaseForm } from '../../../../tests/helpers/release';
import { exportsForm } from '../../../../tests/helpers/release-exports';

const NEW = 1;
const USED = 2;
const CLERK = '李档案';

describe('the vehicle file (GET /api/vehicle/{id}/file)', () => {
  const filing = contractAppForEachTest({ staff: { nickname: CLERK }, files: ['overseas', 'purchase'] });
  const { t, call, staff, createOrder, createPurchase, vehicleOf } = filing;
  let entryFiles: EntryFiles;
  let registryFiles: RegistryFiles;
  let filingFiles: FilingFiles;
  beforeEach(async () => {
    entryFiles = await uploadEntryFiles(t.app, staff.token);
    registryFiles = await uploadRegistryFiles(t.app, staff.token);
    filingFiles = await uploadFilingFiles(t.app, staff.token);
  });

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => {
    const response = await call(method, url, body);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };
  const fileOf = async (vinText: string): Promise<VehicleFile> => {
    const id = (await vehicleOf(vinText))!.id;
    const response = await call('GET', `/api/vehicle/${id}/file`);
    expect(response.statusCode, response.body).toBe(200);
    // The answer is exactly what the contract describes (the screens parse it so).
    return vehicleFileSchema.parse(response.json().data);
  };
  const stageOf = (file: VehicleFile, stage: string) => file.stages.find((row) => row.stage === stage);
  const slotsOf = (file: VehicleFile) => file.documents.map((document) => `${document.stage}.${document.field}`);

  /** An overseas contract of one car and its purchase contract of `type`; answers both ids. */
  const bought = async (vinText: string, type: number, number: string) => {
    const orderId = await createOrder({
      order_no: `HW-${number}`,
      amount: 1,
      cars: [carLine(vinText)],
      country: '阿联酋',
    });
    const purchaseId = await createPurchase({
      order_id: orderId,
      type,
      purchase_no: `CG-${number}`,
      amount: 1,
      car: [purchaseCar(vinText)],
    });
    return { orderId, purchaseId };
  };
  /** Bought, handed to the yard and on with 免入库: in the registry without a check-in. */
  const inRegistryWithoutCheckIn = async (vinText: string, type: number, number: string) => {
    const ids = await bought(vinText, type, number);
    await ok('PUT', `/api/purchase/${ids.purchaseId}/handOver`);
    expect(await ok('PUT', `/api/car/noentry?purchaseId=${ids.purchaseId}`)).toEqual({ moved: 1, kept: [] });
    return ids;
  };

  it('follows a new car through its stages: values, records, who and when, its files by name, then complete', async () => {
    const V = vin(1);
    const { orderId, purchaseId } = await bought(V, NEW, 'F-1');

    // Bought, at the purchasing step: no stage reached yet, nothing to show in the checklist.
    let file = await fileOf(V);
    expect(file.vehicle).toMatchObject({ vin: V, model: '大众 帕萨特 2021款', car_type: NEW, flow: 'purchase' });
    expect(file.order).toEqual({
      id: orderId,
      order_no: 'HW-F-1',
      customer_name: 'Global Motors LLC',
      country: '阿联酋',
    });
    expect(file.purchases).toEqual([{ id: purchaseId, purchase_no: 'CG-F-1', type: NEW }]);
    expect(file.stages.map((row) => row.stage)).toEqual([
      'entry',
      'plate',
      'release',
      'exports',
      'drawback',
      'archive',
      'freight',
    ]);
    expect(file.stages.map((row) => row.label)).toEqual(['入库', '上牌', '出库', '出口', '退税', '注销', '运费']);
    expect(file.documents).toEqual([]);
    expect(file.completeness).toEqual({ present: 0, required: 0 });
    expect(file.deadlines).toEqual([]);

    // At the yard: the check-in's three slots, all required, all missing.
    await ok('PUT', `/api/purchase/${purchaseId}/handOver`);
    file = await fileOf(V);
    expect(file.missing).toEqual([
      { stage: 'entry', field: 'vin_image', label: '车架号照片' },
      { stage: 'entry', field: 'wg_image', label: '外观照片' },
      { stage: 'entry', field: 'car_image', label: '其他照片' },
    ]);
    expect(file.completeness).toEqual({ present: 0, required: 3 });

    const entryId = (await ok('POST', '/api/car/entryAdd', entryForm(entryFiles, V))).id as number;
    expect(await ok('PUT', '/api/car/entryHandOver', { purchase_id: [purchaseId] })).toEqual({ moved: 1, kept: [] });
    const plateId = (await ok('POST', '/api/car/plateAdd', plateForm(registryFiles, V))).id as number;
    expect(await ok('PUT', '/api/car/transferHandOver', { purchase_id: [purchaseId] })).toEqual({ moved: 1, kept: [] });
    const releaseId = (await ok('POST', '/api/car/releaseAdd', releaseForm(filingFiles.pass, [V]))).id as number;
    const exportsId = (await ok('POST', '/api/car/exportsAdd', exportsForm(filingFiles.exports, orderId, [V])))
      .id as number;
    expect(await ok('PUT', '/api/car/releaseHandOver', { purchase_id: [purchaseId] })).toEqual({ moved: 1, kept: [] });
    const { freightId } = await completeFiling(filing, filingFiles, orderId, [V]);

    file = await fileOf(V);
    expect(file.vehicle).toMatchObject({
      flow: 'filing',
      no_entry: false,
      entry: 2,
      plate: 2,
      transfer: 0,
      freight: 2,
    });
    const records = Object.fromEntries(file.stages.map((row) => [row.stage, row.record_id]));
    expect(records).toMatchObject({
      entry: entryId,
      plate: plateId,
      release: releaseId,
      exports: exportsId,
      freight: freightId,
    });
    expect(records.drawback).toEqual(expect.any(Number));
    expect(records.archive).toEqual(expect.any(Number));
    for (const row of file.stages) {
      expect(row, row.stage).toMatchObject({
        value: 2,
        done_by: CLERK,
        done_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00$/),
        updated_at: expect.stringMatching(/\+08:00$/),
      });
    }

    // Every slot of every stage in the car's order of life; the photos one file each, by their names.
    expect(slotsOf(file)).toEqual([
      'entry.vin_image',
      'entry.wg_image',
      'entry.car_image',
      'plate.xsz_image',
      'plate.djz_image',
      'plate.lp_image',
      'plate.fp_image',
      'plate.hgz_image',
      'plate.ycxzs_image',
      'plate.hbqd_image',
      'plate.bx_image',
      'plate.car_image',
      'release.fxt_image',
      'release.lc_image',
      'release.car_image',
      'exports.xkz_image',
      'exports.bgzl_image',
      'exports.bgd_image',
      'exports.td_image',
      'exports.jcbg_image',
      'exports.hgfxtz_image',
      'exports.car_image',
      'archive.zxzm_image',
      'freight.yffp_image',
      'freight.yffkd_image',
      'freight.car_image',
    ]);
    const document = (slot: string) => file.documents.find((row) => `${row.stage}.${row.field}` === slot);
    expect(document('entry.vin_image')).toEqual({
      stage: 'entry',
      field: 'vin_image',
      label: '车架号照片',
      required: true,
      files: [{ path: entryFiles.vinImage, name: '车架号.jpg' }],
    });
    expect(document('entry.car_image')?.files).toEqual([
      { path: entryFiles.photos[0], name: '左前.png' },
      { path: entryFiles.photos[1], name: '铭牌.jpg' },
    ]);
    expect(document('plate.djz_image')?.files).toEqual([{ path: registryFiles.documents[1], name: '登记证书.pdf' }]);
    expect(document('archive.zxzm_image')?.files).toEqual([
      { path: filingFiles.filed.certificate, name: '注销证明.pdf' },
    ]);
    // What counts: the check-in's three, the plating's eight, the release's two, the declaration's four
    // required, the certificate, the freight's two; photos of the later records and the declaration's
    // optional two do not.
    expect(file.documents.filter((row) => row.required).map((row) => `${row.stage}.${row.field}`)).toEqual([
      'entry.vin_image',
      'entry.wg_image',
      'entry.car_image',
      'plate.xsz_image',
      'plate.djz_image',
      'plate.lp_image',
      'plate.fp_image',
      'plate.hgz_image',
      'plate.ycxzs_image',
      'plate.hbqd_image',
      'plate.bx_image',
      'release.fxt_image',
      'release.lc_image',
      'exports.xkz_image',
      'exports.bgzl_image',
      'exports.bgd_image',
      'exports.td_image',
      'archive.zxzm_image',
      'freight.yffp_image',
      'freight.yffkd_image',
    ]);
    expect(file.completeness).toEqual({ present: 20, required: 20 });
    expect(file.missing).toEqual([]);
  });

  it('shows the transfer for a used car and the plating for a new one', async () => {
    await inRegistryWithoutCheckIn(vin(1), NEW, 'N-1');
    await inRegistryWithoutCheckIn(vin(2), USED, 'U-1');
    await ok('POST', '/api/car/transferAdd', transferForm(registryFiles, vin(2), 5));

    const newCar = await fileOf(vin(1));
    expect(newCar.vehicle.car_type).toBe(NEW);
    expect(newCar.stages.map((row) => row.stage)).toContain('plate');
    expect(newCar.stages.map((row) => row.stage)).not.toContain('transfer');
    expect(slotsOf(newCar)).toContain('plate.bx_image');
    expect(slotsOf(newCar).some((slot) => slot.startsWith('transfer.'))).toBe(false);

    const usedCar = await fileOf(vin(2));
    expect(usedCar.vehicle.car_type).toBe(USED);
    expect(usedCar.purchases).toEqual([expect.objectContaining({ purchase_no: 'CG-U-1', type: USED })]);
    expect(usedCar.stages.map((row) => row.stage)).toEqual([
      'entry',
      'transfer',
      'release',
      'exports',
      'drawback',
      'archive',
      'freight',
    ]);
    expect(stageOf(usedCar, 'transfer')).toMatchObject({ label: '过户', value: 2, done_by: CLERK });
    expect(slotsOf(usedCar)).toEqual([
      'transfer.djz_image',
      'transfer.lp_image',
      'transfer.usedcar_invoices_image',
      'transfer.zzs_invoices_image',
      'transfer.xsz_image',
      'transfer.car_image',
    ]);
    expect(usedCar.completeness).toEqual({ present: 5, required: 5 });
  });

  it('lists a plating without its 保险单 as missing (7/8), complete once plateEdit adds it from the file', async () => {
    await inRegistryWithoutCheckIn(vin(1), NEW, 'N-1');
    const plateId = (await ok('POST', '/api/car/plateAdd', plateForm(registryFiles, vin(1), 7))).id as number;

    let file = await fileOf(vin(1));
    expect(stageOf(file, 'plate')).toMatchObject({ record_id: plateId, value: 1 });
    expect(file.missing).toEqual([{ stage: 'plate', field: 'bx_image', label: '保险单' }]);
    expect(file.completeness).toEqual({ present: 7, required: 8 });
    expect(file.documents.find((row) => row.field === 'bx_image')).toMatchObject({ required: true, files: [] });

    // The file's `updated_at` is what the record's edit takes back for its stale-save check.
    const read = stageOf(file, 'plate')!.updated_at!;
    const edit = { ...plateForm(registryFiles, vin(1), 8), plate_id: plateId, updated_at: read };
    await ok('POST', '/api/car/plateEdit', edit);
    file = await fileOf(vin(1));
    expect(file.missing).toEqual([]);
    expect(file.completeness).toEqual({ present: 8, required: 8 });
    expect(stageOf(file, 'plate')).toMatchObject({ record_id: plateId, value: 2 });
    expect(stageOf(file, 'plate')!.updated_at).not.toBe(read);
    // A second save from the same, now stale, reading is refused.
    const stale = await call('POST', '/api/car/plateEdit', edit);
    expect({ status: stale.statusCode, message: stale.json().message }).toEqual({
      status: 409,
      message: messages.staleRecord,
    });
  });

  it('shows a car handed on with 免入库 without check-in slots, and its check-in if one is made later', async () => {
    await inRegistryWithoutCheckIn(vin(1), NEW, 'N-1');
    let file = await fileOf(vin(1));
    expect(file.vehicle).toMatchObject({ flow: 'registry', no_entry: true, entry: 0 });
    expect(stageOf(file, 'entry')).toMatchObject({ value: 0, record_id: null, done_at: null, done_by: null });
    // The plating's eight and its photos; no check-in slot is listed, none is missing.
    expect(slotsOf(file).filter((slot) => slot.startsWith('entry.'))).toEqual([]);
    expect(file.missing.map((row) => row.stage)).toEqual(Array(8).fill('plate'));
    expect(file.completeness).toEqual({ present: 0, required: 8 });

    // A check-in made afterwards (allowed, to correct) is shown with its photos.
    await ok('POST', '/api/car/entryAdd', entryForm(entryFiles, vin(1)));
    file = await fileOf(vin(1));
    expect(file.vehicle).toMatchObject({ no_entry: true, entry: 2 });
    expect(slotsOf(file).slice(0, 3)).toEqual(['entry.vin_image', 'entry.wg_image', 'entry.car_image']);
    expect(file.completeness).toEqual({ present: 3, required: 11 });
  });

  it('marks only the vehicles noentry moved, not those kept or checked in', async () => {
    // One car at the yard, one still at purchasing, one checked in and handed on the usual way.
    const yard = await bought(vin(1), NEW, 'N-1');
    await ok('PUT', `/api/purchase/${yard.purchaseId}/handOver`);
    await bought(vin(2), NEW, 'N-2');
    const checkedIn = await bought(vin(3), NEW, 'N-3');
    await ok('PUT', `/api/purchase/${checkedIn.purchaseId}/handOver`);
    await ok('POST', '/api/car/entryAdd', entryForm(entryFiles, vin(3)));
    await ok('PUT', '/api/car/entryHandOver', { purchase_id: [checkedIn.purchaseId] });

    const carId = async (n: number) => (await vehicleOf(vin(n)))!.id;
    expect(await ok('PUT', `/api/car/noentry?carId=${await carId(1)}`)).toEqual({ moved: 1, kept: [] });
    expect(await ok('PUT', `/api/car/noentry?carId=${await carId(2)}`)).toEqual({
      moved: 0,
      kept: [{ vin: vin(2), reason: stageMessages.keptElsewhere('purchase') }],
    });
    expect((await vehicleOf(vin(1)))?.no_entry).toBe(1);
    expect((await vehicleOf(vin(2)))?.no_entry).toBe(0);
    expect((await vehicleOf(vin(3)))?.no_entry).toBe(0);
    expect((await fileOf(vin(3))).vehicle.no_entry).toBe(false);
    // The car's history says it went on to the registry with 免入库.
    const history = (await ok('GET', `/api/history?vehicle_id=${await carId(1)}`)) as {
      data: { action: string; changes: { label: string; before: unknown; after: unknown }[] }[];
    };
    expect(history.data[0]).toMatchObject({ action: 'hand_over' });
    expect(history.data[0]!.changes).toContainEqual(expect.objectContaining({ label: '免入库', after: 1 }));
  });

  it('answers a car not bought yet: its overseas contract, no purchase, no type, no documents', async () => {
    const orderId = await createOrder({ order_no: 'HW-O-1', amount: 1, cars: [carLine(vin(1))], country: '尼日利亚' });
    const file = await fileOf(vin(1));
    expect(file.vehicle).toMatchObject({ vin: vin(1), model: '丰田 卡罗拉 2020款', car_type: null, flow: null });
    expect(file.order).toEqual({
      id: orderId,
      order_no: 'HW-O-1',
      customer_name: 'Global Motors LLC',
      country: '尼日利亚',
    });
    expect(file.purchases).toEqual([]);
    // Shown as a new car would be; nothing done, nothing reached.
    expect(stageOf(file, 'plate')).toEqual({
      stage: 'plate',
      label: '上牌',
      value: 0,
      record_id: null,
      done_at: null,
      done_by: null,
      updated_at: null,
    });
    expect(file.documents).toEqual([]);
    expect(file.missing).toEqual([]);
    expect(file.completeness).toEqual({ present: 0, required: 0 });
  });

  it('names a stored file no upload row knows by its own name', async () => {
    await inRegistryWithoutCheckIn(vin(1), NEW, 'N-1');
    const plateId = (await ok('POST', '/api/car/plateAdd', plateForm(registryFiles, vin(1), 7))).id as number;
    // A path brought in by an import, not through POST /api/upload.
    await t.db
      .updateTable('platings')
      .set({ bx_image: '/storage/document/2025/imported-insurance.pdf' })
      .where('id', '=', plateId)
      .execute();
    const file = await fileOf(vin(1));
    expect(file.documents.find((row) => row.field === 'bx_image')?.files).toEqual([
      { path: '/storage/document/2025/imported-insurance.pdf', name: 'imported-insurance.pdf' },
    ]);
  });

  it('answers 404 车辆不存在 for an unknown car, and 404 as every :id route does for an id that is not one', async () => {
    const unknown = await call('GET', '/api/vehicle/987654/file');
    expect(unknown.json()).toEqual({ code: 404, message: vehicleFileMessages.notFound, data: null });
    // A malformed path id opens no record (plugins/errors.ts): the same 404 as GET /api/order/abc.
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const malformed = await call('GET', `/api/vehicle/${id}/file`);
      expect({ id, answer: malformed.json() }).toEqual({
        id,
        answer: { code: 404, message: messages.notFound, data: null },
      });
    }
  });
});
