import { beforeEach, describe, expect, it } from 'vitest';
import { procedureReadMessages } from '../../../../contract/filed-business-info';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { uploadFilingFiles } from '../../../../tests/helpers/filed';
import { carLine, receiptForm, vin } from '../../../../tests/helpers/overseas';
import { uploadEntryFiles } from '../../../../tests/helpers/pickup';
import { type WalkFiles, walkThroughEveryStage } from '../../../../tests/helpers/filed-business-info';
import { purchaseCar } from '../../../../tests/helpers/purchase';
import { uploadRegistryFiles } from '../../../../tests/helpers/registry';

describe('the business information page’s reads: procedureRead and getPurchaseLists', () => {
  const app = contractAppForEachTest({ files: ['overseas', 'purchase'] });
  const { t, call, staff, createOrder, createPurchase, vehicleOf, overseasFiles } = app;
  let files: WalkFiles;
  beforeEach(async () => {
    files = {
      filing: await uploadFilingFiles(t.app, staff.token),
      entry: await uploadEntryFiles(t.app, staff.token),
      registry: await uploadRegistryFiles(t.app, staff.token),
    };
  });
  const read = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const idOf = async (vinText: string) => (await vehicleOf(vinText))!.id;
  const procedure = async (vinText: string) => read(`/api/car/procedureRead?procedureId=${await idOf(vinText)}`);

  it('answers every section for a vehicle walked through every stage, each as its stage’s own read does', async () => {
    const orderId = await createOrder({
      order_no: 'HW-P-1',
      amount: 3,
      cars: [carLine(vin(1)), carLine(vin(2)), carLine(vin(3))],
      agreement_no: 'DF-001',
    });
    expect((await call('POST', `/api/order/${orderId}/receipt`, receiptForm(overseasFiles))).statusCode).toBe(201);
    expect((await call('PUT', `/api/order/${orderId}/handOver`)).statusCode).toBe(200);
    const purchaseId = await walkThroughEveryStage(app, files, orderId, 'CG-P-1', [vin(1), vin(2)]);
    const carId = await idOf(vin(1));

    const data = await procedure(vin(1));
    expect(data.car).toMatchObject({
      id: carId,
      vin: vin(1),
      order_id: orderId,
      purchase_id: purchaseId,
      flow: 'filing',
      entry: 2,
      plate: 2,
      transfer: 0,
      release: 2,
      exports: 2,
      drawback: 2,
      archive: 2,
      freight: 2,
    });
    // The overseas contract exactly as its own detail answers it: customer, agreement, cars, receipts.
    const order = await read(`/api/order/${orderId}`);
    expect(data.order).toEqual(order);
    expect(data.order).toMatchObject({ order_no: 'HW-P-1', agreement_no: 'DF-001' });
    expect(data.order.receipts).toHaveLength(1);
    expect(data.order.receipts[0]).toMatchObject({ receipt_no: 'SK-001', proof: overseasFiles.proof });
    expect(data.purchase).toEqual([purchaseId]);

    // Each stage's record as the stage's read answers it.
    expect(data.entry).toHaveLength(1);
    expect(data.entry[0]).toEqual(await read(`/api/car/entryRead?entryId=${data.entry[0].id}`));
    expect(data.entry[0]).toMatchObject({
      car_id: carId,
      remark: '左后门轻微划痕',
      vin_image: files.entry.vinImage,
      wg_image: files.entry.wgImage,
      car_image: files.entry.photos,
    });
    expect(data.plate).toHaveLength(1);
    expect(data.plate[0]).toEqual(await read(`/api/car/plateRead?plateId=${data.plate[0].id}`));
    expect(data.plate[0]).toMatchObject({ vin: vin(1), yy_date: '2026-12-01', rate: 100 });
    // A new car is plated, never transferred (the next test walks a used car).
    expect(data.transfer).toEqual([]);
    expect(data.release).toHaveLength(1);
    expect(data.release[0]).toEqual(await read(`/api/car/releaseRead?releaseId=${data.release[0].id}`));
    expect(data.release[0]).toMatchObject({
      fxt_image: files.filing.pass.slip,
      lc_image: files.filing.pass.departure,
      releasecar: [
        { car_id: carId, vin: vin(1) },
        { car_id: await idOf(vin(2)), vin: vin(2) },
      ],
    });
    expect(data.exports).toHaveLength(1);
    expect(data.exports[0]).toEqual(await read(`/api/car/exportsRead?exportsId=${data.exports[0].id}`));
    expect(data.exports[0]).toMatchObject({
      bgd_sn: '310120260001234567',
      exports_date: '2026-11-20',
      exports_money: 12345.67,
      currency: 'USD',
      rate: 100,
    });

    // The filing records are the contract's that hold this vehicle.
    expect(data.drawback).toEqual(order.drawback);
    expect(data.archive).toEqual(order.archive);
    expect(data.freight).toEqual(order.freight);
    expect(data.archive[0]).toMatchObject({ zxzm_image: files.filing.filed.certificate });
    expect(data.freight[0]).toMatchObject({
      yffp_image: files.filing.filed.invoice,
      yffkd_image: files.filing.filed.paymentSlip,
    });
  });

  it('answers a used car’s transfer as transferRead does, and no plating', async () => {
    const orderId = await createOrder({ order_no: 'HW-P-U', amount: 1, cars: [carLine(vin(4))] });
    expect((await call('PUT', `/api/order/${orderId}/handOver`)).statusCode).toBe(200);
    await walkThroughEveryStage(app, files, orderId, 'CG-P-U', [vin(4)], 2);
    const data = await procedure(vin(4));
    expect(data.car).toMatchObject({ vin: vin(4), plate: 0, transfer: 2, flow: 'filing' });
    expect(data.plate).toEqual([]);
    expect(data.transfer).toHaveLength(1);
    expect(data.transfer[0]).toEqual(await read(`/api/car/transferRead?transferId=${data.transfer[0].id}`));
    expect(data.transfer[0]).toMatchObject({ vin: vin(4), rate: 100 });
  });

  it('answers empty sections for a vehicle that is only bought, and only its own filing records', async () => {
    const orderId = await createOrder({
      order_no: 'HW-P-2',
      amount: 3,
      cars: [carLine(vin(1)), carLine(vin(2)), carLine(vin(3))],
    });
    expect((await call('PUT', `/api/order/${orderId}/handOver`)).statusCode).toBe(200);
    await walkThroughEveryStage(app, files, orderId, 'CG-P-2', [vin(1)]);
    const bought = await createPurchase({
      order_id: orderId,
      purchase_no: 'CG-P-3',
      amount: 1,
      car: [purchaseCar(vin(2))],
    });

    const data = await procedure(vin(2));
    expect(data.car).toMatchObject({ vin: vin(2), flow: 'purchase', entry: 0, freight: 0, purchase_id: bought });
    expect(data.order.order_no).toBe('HW-P-2');
    expect(data.purchase).toEqual([bought]);
    expect(data).toMatchObject({
      entry: [],
      release: [],
      plate: [],
      transfer: [],
      exports: [],
      drawback: [],
      archive: [],
      freight: [],
    });
    // The contract holds filing records of vin(1): none is this vehicle's.
    expect(data.order.drawback).toHaveLength(1);

    // A vehicle of the contract not yet bought: no purchase contract either.
    const unbought = await procedure(vin(3));
    expect(unbought.car).toMatchObject({ flow: null, purchase_id: null });
    expect(unbought.purchase).toEqual([]);
  });

  it('refuses an unknown vehicle (404) and a malformed id (422) in Chinese', async () => {
    for (const url of ['/api/car/procedureRead?procedureId=999999', '/api/car/getPurchaseLists?order_id=999999']) {
      const unknown = await call('GET', url);
      expect(unknown.statusCode, url).toBe(404);
    }
    expect((await call('GET', '/api/car/procedureRead?procedureId=999999')).json().message).toBe(
      procedureReadMessages.carUnknown,
    );
    expect((await call('GET', '/api/car/getPurchaseLists?order_id=999999')).json().message).toBe(
      procedureReadMessages.orderUnknown,
    );
    for (const bad of ['abc', '0', '-1', '1.5', '']) {
      const response = await call('GET', `/api/car/procedureRead?procedureId=${bad}`);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().message).toBe(procedureReadMessages.carUnknown);
    }
    expect((await call('GET', '/api/car/getPurchaseLists?order_id=x')).statusCode).toBe(422);
  });

  it('lists only the purchase contracts holding vehicles of that overseas contract', async () => {
    const orderA = await createOrder({
      order_no: 'HW-A',
      amount: 3,
      cars: [carLine(vin(1)), carLine(vin(2)), carLine(vin(3))],
    });
    const orderB = await createOrder({ order_no: 'HW-B', amount: 1, cars: [carLine(vin(4))] });
    const first = await createPurchase({
      order_id: orderA,
      purchase_no: 'CG-A-1',
      type: 1,
      amount: 2,
      car: [purchaseCar(vin(1)), purchaseCar(vin(2))],
    });
    // A used-car contract holding one vehicle of A and one of no overseas contract, and one of B's only.
    const mixed = await createPurchase({
      order_id: orderA,
      purchase_no: 'CG-MIX',
      type: 2,
      amount: 2,
      car: [purchaseCar(vin(3)), purchaseCar(vin(5))],
    });
    await createPurchase({ order_id: orderB, purchase_no: 'CG-B-1', amount: 1, car: [purchaseCar(vin(4))] });
    // A contract naming order A but holding none of its vehicles is not listed: it holds no car of A.
    await createPurchase({ order_id: orderA, purchase_no: 'CG-A-EMPTY', amount: 1, car: [purchaseCar(vin(6))] });

    const listed = await read(`/api/car/getPurchaseLists?order_id=${orderA}`);
    expect(listed).toEqual([
      {
        id: first,
        purchase_no: 'CG-A-1',
        type: 1,
        customer_name: expect.any(String),
        car_count: 2,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      {
        id: mixed,
        purchase_no: 'CG-MIX',
        type: 2,
        customer_name: expect.any(String),
        car_count: 1,
        created_at: expect.any(String),
      },
    ]);
    expect(
      (await read(`/api/car/getPurchaseLists?order_id=${orderB}`)).map((p: { purchase_no: string }) => p.purchase_no),
    ).toEqual(['CG-B-1']);
    const empty = await createOrder({ order_no: 'HW-C', amount: 1, cars: [] });
    expect(await read(`/api/car/getPurchaseLists?order_id=${empty}`)).toEqual([]);
  });
});
