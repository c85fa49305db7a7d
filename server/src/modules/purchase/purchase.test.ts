import { describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { type PurchaseCar, purchaseMessages } from '../../../../contract/purchase';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { FORM_HEADERS as FORM, formEncode } from '../../../../tests/helpers/form-encode';
import { carLine, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar, purchaseForm, remitForm, SELLER_TYPE_ID } from '../../../../tests/helpers/purchase';

const LGB = (n: number) => vin(n, 'LGB');

describe('purchase contracts, remittances and hand-overs', () => {
  const {
    t,
    call,
    purchaseFiles: files,
    createPurchase,
    readPurchase,
    createOrder,
    vehicleOf,
    countRows,
  } = contractAppForEachTest({ staff: { username: 'admin', nickname: '管理员' }, files: ['overseas', 'purchase'] });
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => ({
    status: response.statusCode,
    message: response.json().message,
  });

  it('creates a contract with its seller and cars, in CNY fen, and the cars enter the purchase flow', async () => {
    const id = await createPurchase();
    const purchase = await readPurchase(id);
    expect(purchase).toMatchObject({
      id,
      purchase_no: 'CG-2026-001',
      type: 2,
      customer_name: '杭州二手车行',
      customer_address: '浙江省杭州市西湖区文三路 1 号',
      customer_contact_way: '13800000000',
      // A new seller typed on the form is filed as 供应商 (issue 24 point 4).
      customer_type_id: SELLER_TYPE_ID,
      customer_type: '供应商',
      amount: 3,
      total: 300_000,
      remit_total: 0,
      remit_status: 0,
      handed_over: 0,
      order_id: null,
      order_no: null,
      contracts: [files.contract],
      remit: [],
    });
    expect(purchase.created_at).toMatch(/\+08:00$/);
    expect(purchase.car).toEqual([
      { id: expect.any(Number), vin: LGB(1), model: '大众 帕萨特 2021款', price: 150_000, invoice: 0, other: 0 },
      {
        id: expect.any(Number),
        vin: LGB(2),
        model: '大众 帕萨特 2021款',
        price: 120_000.5,
        invoice: 500,
        other: 20.25,
      },
    ]);
    const stored = await vehicleOf(LGB(2));
    expect(stored).toMatchObject({
      purchase_id: id,
      price: 12_000_050,
      invoice: 50_000,
      other: 2025,
      flow: 'purchase',
    });
    // The seller typed on the form became a customer.
    expect(await countRows('customers')).toBe(1);
    const audit = await historyEvents(t.db, { entity: 'purchase' });
    expect(audit.map((row) => [row.action, row.entity])).toEqual([['create', 'purchase']]);
  });

  it('accepts the form-encoded form of the spec', async () => {
    const body = formEncode(purchaseForm(files, { purchase_no: 'CG-FORM' })).join('&');
    const response = await call('POST', '/api/purchase', body, FORM);
    expect(response.statusCode, response.body).toBe(201);
    const purchase = await readPurchase(response.json().data.id);
    expect(purchase.car.map((car: { vin: string }) => car.vin)).toEqual([LGB(1), LGB(2)]);
    expect(purchase.car[1].price).toBe(120_000.5);
  });

  it('refuses a wrong form with the spec messages and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ total: '' }, purchaseMessages.totalRequired],
      [{ type: '' }, purchaseMessages.typeRequired],
      [{ type: 3 }, purchaseMessages.typeRequired],
      [{ purchase_no: ' ' }, purchaseMessages.purchaseNoRequired],
      [{ amount: '' }, purchaseMessages.amountRequired],
      [{ amount: 1.5 }, purchaseMessages.amountFormat],
      [{ name: '' }, purchaseMessages.customerNameRequired],
      [{ type_id: '' }, purchaseMessages.customerTypeRequired],
      [{ address: '' }, purchaseMessages.addressRequired],
      [{ total: -100 }, '合同总额不能为负数'],
      [{ total: 0.001 }, '合同总额最多两位小数'],
      [{ total: 1_000_000_000_000 }, '合同总额不能超过 999,999,999,999.99'],
      [{ total: 0 }, '合同总额必须大于 0'],
      [{ car: [purchaseCar(LGB(1), { price: -100 })] }, '采购价格不能为负数'],
      [{ car: [purchaseCar(LGB(1), { price: '' })] }, purchaseMessages.priceRequired],
      [{ car: [purchaseCar(LGB(1), { invoice: '' })] }, purchaseMessages.invoiceRequired],
      [{ car: [purchaseCar(LGB(1), { other: 0.001 })] }, '其他费用最多两位小数'],
      [{ car: [purchaseCar(LGB(1), { model: '' })] }, purchaseMessages.modelRequired],
      [{ car: [purchaseCar('ABC')] }, purchaseMessages.vinFormat],
      [{ amount: 1 }, purchaseMessages.tooManyCars],
      [{ car: [purchaseCar(LGB(1)), purchaseCar(LGB(1))] }, purchaseMessages.duplicateVinInForm(LGB(1))],
      [
        {
          contracts: [
            '/storage/contract/a',
            '/storage/contract/b',
            '/storage/contract/c',
            '/storage/contract/d',
            '/storage/contract/e',
            '/storage/contract/f',
          ],
        },
        purchaseMessages.contractsTooMany,
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', '/api/purchase', purchaseForm(files, overrides));
      expect(refusal(response), JSON.stringify(overrides)).toEqual({ status: 422, message });
    }
    // A file from another slot (a bank slip as a contract file) is not a contract file.
    const wrongSlot = await call('POST', '/api/purchase', purchaseForm(files, { contracts: [files.bankSlip] }));
    expect(refusal(wrongSlot)).toEqual({ status: 422, message: purchaseMessages.storagePath });
    expect(await countRows('purchases')).toBe(0);
    expect(await countRows('vehicles')).toBe(0);
  });

  it('keeps contract files of the purchase slot (a zip too) and of the contract slot saved before it', async () => {
    const response = await call(
      'POST',
      '/api/purchase',
      purchaseForm(files, { contracts: [files.contract, files.contractZip, files.olderContract] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const purchase = await readPurchase(response.json().data.id);
    expect(purchase.contracts).toEqual([files.contract, files.contractZip, files.olderContract]);
  });

  it('refuses a taken purchase number and a VIN on another purchase contract with 409', async () => {
    await createPurchase();
    const again = await call('POST', '/api/purchase', purchaseForm(files, { car: [] }));
    expect(refusal(again)).toEqual({ status: 409, message: purchaseMessages.purchaseNoTaken });

    const other = await call(
      'POST',
      '/api/purchase',
      purchaseForm(files, { purchase_no: 'CG-2026-002', car: [purchaseCar(LGB(9)), purchaseCar(LGB(2))] }),
    );
    expect(refusal(other)).toEqual({
      status: 409,
      message: purchaseMessages.vinOnOtherPurchase(LGB(2), 'CG-2026-001'),
    });
    expect(await vehicleOf(LGB(9))).toBeUndefined();
    expect(await countRows('purchases')).toBe(1);
  });

  it('names a chosen seller and overseas contract, and refuses ones that do not exist', async () => {
    const orderId = await createOrder();
    const first = await readPurchase(await createPurchase({ car: [] }));
    const customers = await countRows('customers');
    const second = await createPurchase({
      purchase_no: 'CG-2',
      customer_id: first.customer_id,
      order_id: orderId,
      car: [],
    });
    expect(await readPurchase(second)).toMatchObject({ customer_id: first.customer_id, order_id: orderId });
    expect(await countRows('customers')).toBe(customers);

    const unknownCustomer = await call(
      'POST',
      '/api/purchase',
      purchaseForm(files, { purchase_no: 'CG-3', customer_id: 999 }),
    );
    expect(refusal(unknownCustomer)).toEqual({ status: 422, message: purchaseMessages.customerUnknown });
    const unknownOrder = await call(
      'POST',
      '/api/purchase',
      purchaseForm(files, { purchase_no: 'CG-3', order_id: 999 }),
    );
    expect(refusal(unknownOrder)).toEqual({ status: 422, message: purchaseMessages.orderUnknown });
    const unknownType = await call('POST', '/api/purchase', purchaseForm(files, { purchase_no: 'CG-3', type_id: 999 }));
    expect(refusal(unknownType)).toEqual({ status: 422, message: purchaseMessages.customerTypeRequired });
    expect(await countRows('purchases')).toBe(2);
  });

  it('links a line to the vehicle an overseas contract already holds, keeping both sides apart', async () => {
    const orderId = await createOrder();
    const before = await vehicleOf(vin(1));
    const id = await createPurchase({ order_id: orderId, car: [purchaseCar(vin(1), { price: 80_000 })] });
    const after = await vehicleOf(vin(1));
    expect(after).toMatchObject({
      id: before?.id,
      order_id: orderId,
      order_price: before?.order_price,
      purchase_id: id,
      price: 8_000_000,
      flow: 'purchase',
    });
    expect((await readPurchase(id)).order_no).toBe('HW-2026-001');
    expect(await countRows('vehicles')).toBe(2);
  });

  it('edits: prices change, a removed line leaves (deleted when no contract names it), stale saves are refused', async () => {
    const orderId = await createOrder();
    const id = await createPurchase({
      order_id: orderId,
      car: [purchaseCar(LGB(1)), purchaseCar(LGB(2)), purchaseCar(vin(1))],
    });
    const read = await readPurchase(id);

    const edit = purchaseForm(files, {
      order_id: orderId,
      total: 250_000,
      car: [purchaseCar(LGB(1), { id: read.car[0].id, price: 99_999.99 })],
      updated_at: read.updated_at,
    });
    const response = await call('PUT', `/api/purchase/${id}`, edit);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(purchaseMessages.updated);

    const saved = await readPurchase(id);
    expect(saved.total).toBe(250_000);
    expect(saved.car).toEqual([expect.objectContaining({ vin: LGB(1), price: 99_999.99 })]);
    expect(await vehicleOf(LGB(2))).toBeUndefined();
    // The overseas contract still holds vin(1): the row stays, off the purchase and out of its flow.
    expect(await vehicleOf(vin(1))).toMatchObject({ order_id: orderId, purchase_id: null, price: null, flow: null });

    const stale = await call('PUT', `/api/purchase/${id}`, edit);
    expect(refusal(stale)).toEqual({ status: 409, message: '该记录已被他人修改，请刷新后重试' });
    expect((await readPurchase(id)).updated_at).toBe(saved.updated_at);

    const missing = await call('PUT', '/api/purchase/999', purchaseForm(files));
    expect(missing.statusCode).toBe(404);
  });

  it('lists 15 a page, newest first, with cars and remit totals, under every filter', async () => {
    const orderId = await createOrder();
    const first = await createPurchase();
    const second = await createPurchase({
      purchase_no: 'CG-2026-002',
      name: '上海车源',
      total: 1000,
      order_id: orderId,
      car: [purchaseCar(LGB(7))],
    });
    await call('POST', `/api/purchase/${second}/remit`, remitForm(files, { amount: 1000 }));

    const all = (await call('GET', '/api/purchase')).json().data;
    expect(all.meta).toEqual({ total: 2, page: 1, limit: 15 });
    expect(all.total).toBe(2);
    expect(all.data.map((row: { id: number }) => row.id)).toEqual([second, first]);
    expect(all.data[0]).toMatchObject({
      remit_total: 1000,
      remit_status: 1,
      order_no: 'HW-2026-001',
      car: [{ vin: LGB(7) }],
    });
    expect(all.data[1].car).toHaveLength(2);

    const ids = async (query: string) =>
      ((await call('GET', `/api/purchase?${query}`)).json().data.data as { id: number }[]).map((row) => row.id);
    expect(await ids('purchase_no=2026-002')).toEqual([second]);
    expect(await ids('name=杭州')).toEqual([first]);
    expect(await ids(`vin=${LGB(2).slice(-5).toLowerCase()}`)).toEqual([first]);
    expect(await ids('remit_status=1')).toEqual([second]);
    expect(await ids('remit_status=0')).toEqual([first]);
    expect(await ids('total=1000')).toEqual([second]);
    expect(await ids('total=1000.01')).toEqual([]);
    expect(await ids('order_no=hw-2026')).toEqual([second]);
    expect(await ids('input=上海')).toEqual([second]);
    expect(await ids(`input=${LGB(1)}`)).toEqual([first]);
    expect(await ids('start_time=2000-01-01&end_time=2000-01-02')).toEqual([]);
    expect(await ids('remit_status=&name=')).toEqual([second, first]);
    expect((await call('GET', '/api/purchase?remit_status=2')).statusCode).toBe(422);
  });

  it('records remittances in CNY; the status completes once they reach the total', async () => {
    const id = await createPurchase({ total: 1000.5 });
    const firstRemit = await call('POST', `/api/purchase/${id}/remit`, remitForm(files, { amount: 600 }));
    expect(firstRemit.statusCode, firstRemit.body).toBe(201);
    expect(firstRemit.json().data.id).toEqual(expect.any(Number));
    expect(await readPurchase(id)).toMatchObject({ remit_total: 600, remit_status: 0 });

    await call('POST', `/api/purchase/${id}/remit`, remitForm(files, { amount: '400.50' }));
    const done = await readPurchase(id);
    expect(done).toMatchObject({ remit_total: 1000.5, remit_status: 1 });
    expect(done.remit).toEqual([
      expect.objectContaining({ amount: 600, currency: 'CNY', bank_slips: files.bankSlip }),
      expect.objectContaining({ amount: 400.5, currency: 'CNY', bank_slips: files.bankSlip }),
    ]);

    // Raising the total reopens the remittances.
    const raised = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, { total: 2000, updated_at: done.updated_at }),
    );
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await readPurchase(id)).toMatchObject({ remit_total: 1000.5, remit_status: 0 });
  });

  it('refuses a wrong remittance with the dialog messages', async () => {
    const id = await createPurchase();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '' }, purchaseMessages.remitAmountRequired],
      [{ amount: -100 }, '本次打款金额不能为负数'],
      [{ amount: 0 }, '本次打款金额必须大于 0'],
      [{ amount: 0.001 }, '本次打款金额最多两位小数'],
      [{ amount: 1_000_000_000_000 }, '本次打款金额不能超过 999,999,999,999.99'],
      [{ bank_slips: '' }, purchaseMessages.bankSlipRequired],
      [{ bank_slips: files.contract }, purchaseMessages.storagePath],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', `/api/purchase/${id}/remit`, remitForm(files, overrides));
      expect(refusal(response), JSON.stringify(overrides)).toEqual({ status: 422, message });
    }
    expect(await countRows('remits')).toBe(0);
    expect((await call('POST', '/api/purchase/999/remit', remitForm(files))).statusCode).toBe(404);
  });

  it('hands a contract over: its cars go to check-in, it cannot be deleted nor its moved cars removed', async () => {
    const id = await createPurchase();
    const read = await readPurchase(id);
    const response = await call('PUT', `/api/purchase/${id}/handOver`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: purchaseMessages.handOverDone, data: { moved: 2, kept: [] } });
    expect((await vehicleOf(LGB(1)))?.flow).toBe('pickup');
    expect((await vehicleOf(LGB(2)))?.flow).toBe('pickup');
    const handed = await readPurchase(id);
    expect(handed.handed_over).toBe(1);
    expect(handed.handed_over_at).toMatch(/\+08:00$/);

    const again = await call('PUT', `/api/purchase/${id}/handOver`);
    expect(again.json().data).toEqual({
      moved: 0,
      kept: [
        { vin: LGB(1), reason: '当前在入库环节' },
        { vin: LGB(2), reason: '当前在入库环节' },
      ],
    });

    const removeLine = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, { car: [purchaseCar(LGB(1))], updated_at: handed.updated_at }),
    );
    expect(refusal(removeLine)).toEqual({ status: 409, message: purchaseMessages.carLinesClosed });

    const deleted = await call('DELETE', `/api/purchase/${id}`);
    expect(refusal(deleted)).toEqual({ status: 409, message: purchaseMessages.deleteHandedOver });
    expect(await countRows('vehicles')).toBe(2);
    expect(read.id).toBe(id);
    expect((await call('PUT', '/api/purchase/999/handOver')).statusCode).toBe(404);
  });

  it('closes the car list of a handed-over contract: no car added or removed, other fields still editable', async () => {
    const orderId = await createOrder({ amount: 3, cars: [carLine(vin(1)), carLine(vin(2)), carLine(vin(3))] });
    const id = await createPurchase({ order_id: orderId, car: [purchaseCar(vin(1)), purchaseCar(vin(2))] });
    expect((await call('PUT', `/api/purchase/${id}/handOver`)).json().data).toEqual({ moved: 2, kept: [] });
    const handed = await readPurchase(id);
    const lines = (handed.car as PurchaseCar[]).map((car) =>
      purchaseCar(car.vin, { id: car.id, price: car.price ?? 0 }),
    );

    // A third car of the same overseas contract: it would stay in the purchase step for good.
    const added = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, { order_id: orderId, car: [...lines, purchaseCar(vin(3))], updated_at: handed.updated_at }),
    );
    expect(refusal(added)).toEqual({ status: 409, message: purchaseMessages.carLinesClosed });
    expect((await vehicleOf(vin(3)))?.purchase_id).toBeNull();
    // A brand-new VIN, and a car swapped for another one: refused the same way, nothing written.
    const swapped = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, { order_id: orderId, car: [lines[0], purchaseCar(LGB(9))], updated_at: handed.updated_at }),
    );
    expect(refusal(swapped)).toEqual({ status: 409, message: purchaseMessages.carLinesClosed });
    expect(await vehicleOf(LGB(9))).toBeUndefined();
    expect((await readPurchase(id)).updated_at).toBe(handed.updated_at);

    // The same cars with a new price, a new total and a new number: saved.
    const edited = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, {
        order_id: orderId,
        purchase_no: 'CG-2026-001-B',
        total: 280_000,
        car: [{ ...lines[0], price: 140_000 }, lines[1]],
        updated_at: handed.updated_at,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const saved = await readPurchase(id);
    expect(saved).toMatchObject({ purchase_no: 'CG-2026-001-B', total: 280_000, handed_over: 1 });
    expect((saved.car as PurchaseCar[]).map((car) => [car.vin, car.price])).toEqual([
      [vin(1), 140_000],
      [vin(2), 150_000],
    ]);
    expect((await vehicleOf(vin(1)))?.flow).toBe('pickup');

    // A contract not handed over still takes a car more.
    const open = await createPurchase({ purchase_no: 'CG-OPEN', car: [purchaseCar(LGB(5))] });
    const openRead = await readPurchase(open);
    const grown = await call(
      'PUT',
      `/api/purchase/${open}`,
      purchaseForm(files, {
        purchase_no: 'CG-OPEN',
        car: [purchaseCar(LGB(5), { id: openRead.car[0].id }), purchaseCar(LGB(6))],
        updated_at: openRead.updated_at,
      }),
    );
    expect(grown.statusCode, grown.body).toBe(200);
    expect((await readPurchase(open)).car).toHaveLength(2);
  });

  it('batch-hands over every contract not yet handed over under the same overseas contract', async () => {
    const orderId = await createOrder();
    const otherOrder = await createOrder({ order_no: 'HW-2026-002', cars: [carLine(vin(5))] });
    const a = await createPurchase({ order_id: orderId, car: [purchaseCar(LGB(1))] });
    const b = await createPurchase({
      purchase_no: 'CG-B',
      order_id: orderId,
      car: [purchaseCar(LGB(2)), purchaseCar(LGB(3))],
    });
    const c = await createPurchase({ purchase_no: 'CG-C', order_id: otherOrder, car: [purchaseCar(LGB(4))] });
    const alone = await createPurchase({ purchase_no: 'CG-D', car: [purchaseCar(LGB(5))] });

    const response = await call('PUT', `/api/purchase/${a}/batchHandOver`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ moved: 3, kept: [] });
    expect((await readPurchase(b)).handed_over).toBe(1);
    expect((await readPurchase(c)).handed_over).toBe(0);
    expect((await vehicleOf(LGB(4)))?.flow).toBe('purchase');

    // Nothing left under that overseas contract: nothing moves.
    expect((await call('PUT', `/api/purchase/${b}/batchHandOver`)).json().data).toEqual({ moved: 0, kept: [] });

    const withoutOrder = await call('PUT', `/api/purchase/${alone}/batchHandOver`);
    expect(refusal(withoutOrder)).toEqual({ status: 409, message: purchaseMessages.batchWithoutOrder });
    expect((await vehicleOf(LGB(5)))?.flow).toBe('purchase');
  });

  it('免入库 with the hand-over (no_entry=1): the cars skip the yard and reach the registry in one step', async () => {
    const orderId = await createOrder();
    const a = await createPurchase({ order_id: orderId, car: [purchaseCar(LGB(1))] });
    await createPurchase({ purchase_no: 'CG-B', order_id: orderId, car: [purchaseCar(LGB(2))] });
    const single = await createPurchase({ purchase_no: 'CG-S', car: [purchaseCar(LGB(3))] });

    const batch = await call('PUT', `/api/purchase/${a}/batchHandOver?no_entry=1`);
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().data).toEqual({ moved: 2, kept: [] });
    for (const car of [LGB(1), LGB(2)]) expect(await vehicleOf(car)).toMatchObject({ flow: 'registry', no_entry: 1 });

    const one = await call('PUT', `/api/purchase/${single}/handOver?no_entry=1`);
    expect(one.json().data).toEqual({ moved: 1, kept: [] });
    expect(await vehicleOf(LGB(3))).toMatchObject({ flow: 'registry', no_entry: 1 });
    expect((await readPurchase(single)).handed_over).toBe(1);

    // Without it (or 0), the spec's hand-over: the yard.
    const plain = await createPurchase({ purchase_no: 'CG-P', car: [purchaseCar(LGB(4))] });
    expect((await call('PUT', `/api/purchase/${plain}/handOver?no_entry=0`)).json().data).toEqual({
      moved: 1,
      kept: [],
    });
    expect(await vehicleOf(LGB(4))).toMatchObject({ flow: 'pickup', no_entry: 0 });
    const wrong = await call('PUT', `/api/purchase/${plain}/handOver?no_entry=yes`);
    expect(refusal(wrong)).toEqual({ status: 422, message: '免入库参数不正确' });
  });

  it("imports an overseas contract's cars that no purchase contract holds, whatever its status", async () => {
    const orderId = await createOrder({ amount: 3, cars: [carLine(vin(1)), carLine(vin(2)), carLine(vin(3))] });
    await createPurchase({ order_id: orderId, car: [purchaseCar(vin(2))] });
    expect((await call('PUT', `/api/order/${orderId}/handOver`)).statusCode).toBe(200);

    const response = await call('GET', '/api/purchase/importCars?order_no=HW-2026-001');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      // The form links the purchase contract to this overseas contract.
      order_id: orderId,
      car: [
        { id: expect.any(Number), vin: vin(1), model: '丰田 卡罗拉 2020款' },
        { id: expect.any(Number), vin: vin(3), model: '丰田 卡罗拉 2020款' },
      ],
    });
    const unknown = await call('GET', '/api/purchase/importCars?order_no=NOPE');
    expect(refusal(unknown)).toEqual({ status: 404, message: purchaseMessages.importOrderUnknown });
    const blank = await call('GET', '/api/purchase/importCars?order_no=');
    expect(refusal(blank)).toEqual({ status: 422, message: purchaseMessages.orderNoForImport });
  });

  it('deletes a contract not handed over: remittances go, its cars leave, those on no contract are deleted', async () => {
    const orderId = await createOrder();
    const id = await createPurchase({ order_id: orderId, car: [purchaseCar(LGB(1)), purchaseCar(vin(1))] });
    await call('POST', `/api/purchase/${id}/remit`, remitForm(files));

    const response = await call('DELETE', `/api/purchase/${id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `/api/purchase/${id}`)).statusCode).toBe(404);
    expect(await countRows('remits')).toBe(0);
    expect(await vehicleOf(LGB(1))).toBeUndefined();
    expect(await vehicleOf(vin(1))).toMatchObject({ order_id: orderId, purchase_id: null, flow: null });
    const audit = await historyEvents(t.db, { entity: 'purchase', entityId: id });
    expect(audit.map((row) => row.action)).toEqual(['create', 'delete']);
    expect((await call('DELETE', `/api/purchase/${id}`)).statusCode).toBe(404);
  });
});
