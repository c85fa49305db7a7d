import { describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { messages } from '../../../../contract/common';
import { orderMessages } from '../../../../contract/overseas-messages';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { createVehicle } from '../../../../tests/helpers/factories';
import { carLine, orderForm, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar, purchaseForm } from '../../../../tests/helpers/purchase';

const LGB = (n: number) => vin(n, 'LGB');

/**
 * DOMAIN.md's rule for a purchase contract's `order_id`, from the overseas contract's side: a car that a
 * purchase contract of another overseas contract buys cannot join this one (422 naming the cars and that
 * purchase, nothing saved); a car bought by a purchase contract that has no overseas contract yet joins,
 * and that purchase now points at this contract; a car leaving the contract leaves its purchase's pointer.
 */
describe('an overseas contract’s cars agree with their purchase contracts', () => {
  const {
    t,
    call,
    overseasFiles,
    purchaseFiles,
    createOrder,
    createPurchase,
    readOrder,
    readPurchase,
    vehicleOf,
    countRows,
  } = contractAppForEachTest({ files: ['overseas', 'purchase'] });

  const carsOf = async (orderId: number) =>
    ((await readOrder(orderId)).cars as { vin: string }[]).map((car) => car.vin);
  const purchaseAudits = (purchaseId: number) => historyEvents(t.db, { entity: 'purchase', entityId: purchaseId });

  /** Contract A with cars 1 and 2; purchase CG-A of A buying car 1 and a car of no overseas contract. */
  const purchaseOfA = async () => {
    const a = await createOrder({ order_no: 'HW-A', amount: 2, cars: [carLine(vin(1)), carLine(vin(2))] });
    const purchase = await createPurchase({
      purchase_no: 'CG-A',
      order_id: a,
      car: [purchaseCar(vin(1)), purchaseCar(LGB(1)), purchaseCar(LGB(2))],
    });
    return { a, purchase };
  };

  it('refuses a new contract B with a car that purchase CG-A of contract A buys, naming it; nothing is saved', async () => {
    const { a, purchase } = await purchaseOfA();
    const before = await readPurchase(purchase);
    const response = await call(
      'POST',
      '/api/order',
      orderForm(overseasFiles, {
        order_no: 'HW-B',
        amount: 3,
        cars: [carLine(vin(3)), carLine(LGB(2)), carLine(LGB(1))],
      }),
    );
    const message = `车架号 ${LGB(1)}、${LGB(2)} 属于采购合同 CG-A（海外合同 HW-A），不能加入本合同`;
    expect(
      orderMessages.carsOfOtherOrdersPurchase([{ vins: [LGB(1), LGB(2)], purchaseNo: 'CG-A', orderNo: 'HW-A' }]),
    ).toBe(message);
    expect([response.statusCode, response.json()]).toEqual([
      422,
      { code: 422, message, data: { errors: { cars: [message] } } },
    ]);
    expect(await countRows('orders')).toBe(1);
    expect(await vehicleOf(vin(3))).toBeUndefined();
    expect(await vehicleOf(LGB(1))).toMatchObject({ order_id: null, purchase_id: purchase });
    expect(await readPurchase(purchase)).toMatchObject({ order_id: a, updated_at: before.updated_at });
  });

  it('refuses adding such a car to an existing contract B by PUT, naming each purchase; B stays as it was', async () => {
    const { purchase } = await purchaseOfA();
    const c = await createOrder({ order_no: 'HW-C', amount: 1, cars: [carLine(vin(5))] });
    await createPurchase({ purchase_no: 'CG-C', order_id: c, car: [purchaseCar(vin(5)), purchaseCar(LGB(3))] });
    const b = await createOrder({ order_no: 'HW-B', amount: 4, cars: [carLine(vin(3))] });
    const before = await readOrder(b);
    const response = await call(
      'PUT',
      `/api/order/${b}`,
      orderForm(overseasFiles, {
        order_no: 'HW-B',
        amount: 4,
        cars: [carLine(vin(3)), carLine(LGB(3)), carLine(LGB(1)), carLine(vin(4))],
      }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(
      `车架号 ${LGB(1)} 属于采购合同 CG-A（海外合同 HW-A）；车架号 ${LGB(3)} 属于采购合同 CG-C（海外合同 HW-C），不能加入本合同`,
    );
    const after = await readOrder(b);
    expect([after.updated_at, after.agent_name, await carsOf(b)]).toEqual([
      before.updated_at,
      before.agent_name,
      [vin(3)],
    ]);
    expect(await vehicleOf(vin(4))).toBeUndefined();
    expect(await vehicleOf(LGB(1))).toMatchObject({ order_id: null, purchase_id: purchase });
  });

  it('a car on another overseas contract is still refused as such (409), before its purchase is looked at', async () => {
    await purchaseOfA();
    const response = await call(
      'POST',
      '/api/order',
      orderForm(overseasFiles, { order_no: 'HW-B', amount: 1, cars: [carLine(vin(1))] }),
    );
    expect([response.statusCode, response.json().message]).toEqual([
      409,
      orderMessages.vinOnOtherOrder(vin(1), 'HW-A'),
    ]);
  });

  it('a car bought by a purchase without an overseas contract joins B, and the purchase now points at B', async () => {
    const purchase = await createPurchase({ purchase_no: 'CG-FREE', car: [purchaseCar(LGB(1)), purchaseCar(LGB(2))] });
    const read = await readPurchase(purchase);
    expect(read.order_id).toBeNull();

    const b = await createOrder({ order_no: 'HW-B', amount: 2, cars: [carLine(LGB(1))] });
    expect(await carsOf(b)).toEqual([LGB(1)]);
    expect(await vehicleOf(LGB(1))).toMatchObject({ order_id: b, purchase_id: purchase, flow: 'purchase' });
    const pointed = await readPurchase(purchase);
    expect(pointed.order_id).toBe(b);
    expect(pointed.updated_at).not.toBe(read.updated_at);
    const audits = await purchaseAudits(purchase);
    expect(audits.at(-1)).toMatchObject({ action: 'update' });
    expect(audits.at(-1)?.changed).toEqual({ order_id: [null, b], cars: [null, [LGB(1)]] });

    // The purchase form opened before B took the car is stale now; a fresh save keeps B and is accepted.
    const stale = await call('PUT', `/api/purchase/${purchase}`, purchaseFormOf(read, { updated_at: read.updated_at }));
    expect([stale.statusCode, stale.json().message]).toEqual([409, messages.staleRecord]);
    // Saved without a contract (the form the clerk had open), it keeps pointing at B: its car names B.
    const withoutOrder = await call('PUT', `/api/purchase/${purchase}`, purchaseFormOf(read));
    expect(withoutOrder.statusCode, withoutOrder.body).toBe(200);
    expect((await readPurchase(purchase)).order_id).toBe(b);
    const saved = await call('PUT', `/api/purchase/${purchase}`, purchaseFormOf(read, { order_id: b }));
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('the same by PUT: the second car joins B later, a purchase already pointing at B is left as it is', async () => {
    const purchase = await createPurchase({ purchase_no: 'CG-FREE', car: [purchaseCar(LGB(1)), purchaseCar(LGB(2))] });
    const b = await createOrder({ order_no: 'HW-B', amount: 3, cars: [carLine(vin(3))] });
    const first = await call(
      'PUT',
      `/api/order/${b}`,
      orderForm(overseasFiles, { order_no: 'HW-B', amount: 3, cars: [carLine(vin(3)), carLine(LGB(1))] }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(await readPurchase(purchase)).toMatchObject({ order_id: b });
    const auditsAfterFirst = (await purchaseAudits(purchase)).length;

    const second = await call(
      'PUT',
      `/api/order/${b}`,
      orderForm(overseasFiles, {
        order_no: 'HW-B',
        amount: 3,
        cars: [carLine(vin(3)), carLine(LGB(1)), carLine(LGB(2))],
      }),
    );
    expect(second.statusCode, second.body).toBe(200);
    // Listed by vehicle row: the purchase's cars were saved first.
    expect(await carsOf(b)).toEqual([LGB(1), LGB(2), vin(3)]);
    expect(await readPurchase(purchase)).toMatchObject({ order_id: b });
    expect(await purchaseAudits(purchase)).toHaveLength(auditsAfterFirst);
  });

  it('a purchase whose car leaves contract B keeps its order_id, and saves with it', async () => {
    const purchase = await createPurchase({ purchase_no: 'CG-FREE', car: [purchaseCar(LGB(1))] });
    const b = await createOrder({ order_no: 'HW-B', amount: 2, cars: [carLine(LGB(1)), carLine(vin(3))] });
    expect(await readPurchase(purchase)).toMatchObject({ order_id: b });

    const removed = await call(
      'PUT',
      `/api/order/${b}`,
      orderForm(overseasFiles, { order_no: 'HW-B', amount: 2, cars: [carLine(vin(3))] }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await carsOf(b)).toEqual([vin(3)]);
    expect(await vehicleOf(LGB(1))).toMatchObject({ order_id: null, purchase_id: purchase });
    const read = await readPurchase(purchase);
    expect(read.order_id).toBe(b);
    const saved = await call('PUT', `/api/purchase/${purchase}`, purchaseFormOf(read, { order_id: b }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readPurchase(purchase)).toMatchObject({ order_id: b });
  });

  it('a purchase of A and contract B taking the same free car at once never both win (the rule holds after)', async () => {
    const a = await createOrder({ order_no: 'HW-A', amount: 1, cars: [carLine(vin(1))] });
    for (let round = 1; round <= 6; round += 1) {
      const free = LGB(100 + round);
      // A car row that no contract names yet (a VIN correction or an older import leaves such rows).
      await createVehicle(t.db, { vin: free });
      const purchase = await createPurchase({
        purchase_no: `CG-${round}`,
        order_id: a,
        car: [purchaseCar(LGB(200 + round))],
      });
      const b = await createOrder({ order_no: `HW-B${round}`, amount: 2, cars: [carLine(vin(10 + round))] });
      const [bought, sold] = await Promise.all([
        call(
          'PUT',
          `/api/purchase/${purchase}`,
          purchaseForm(purchaseFiles, {
            purchase_no: `CG-${round}`,
            order_id: a,
            car: [purchaseCar(LGB(200 + round)), purchaseCar(free)],
          }),
        ),
        call(
          'PUT',
          `/api/order/${b}`,
          orderForm(overseasFiles, {
            order_no: `HW-B${round}`,
            amount: 2,
            cars: [carLine(vin(10 + round)), carLine(free)],
          }),
        ),
      ]);
      const both = [bought.statusCode, sold.statusCode];
      expect(both, `${bought.body}\n${sold.body}`).toContain(200);
      const car = await vehicleOf(free);
      const orderOfPurchase = car?.purchase_id ? (await readPurchase(car.purchase_id)).order_id : null;
      // On both contracts only if the purchase points at the car's overseas contract.
      if (car?.order_id !== null && car?.purchase_id !== null) {
        expect(orderOfPurchase, `${bought.body}\n${sold.body}`).toBe(car?.order_id);
      }
    }
  });

  /** The purchase form as the clerk's screen holds it after reading `read`, with these fields changed. */
  const purchaseFormOf = (
    read: { purchase_no: string; car: { vin: string }[] },
    overrides: Record<string, unknown> = {},
  ) =>
    purchaseForm(purchaseFiles, {
      purchase_no: read.purchase_no,
      car: read.car.map((car) => purchaseCar(car.vin)),
      ...overrides,
    });
});
