import { describe, expect, it } from 'vitest';
import { purchaseMessages } from '../../../../contract/purchase';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { carLine, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar, purchaseForm } from '../../../../tests/helpers/purchase';

const LGB = (n: number) => vin(n, 'LGB');

/**
 * DOMAIN.md: a purchase contract points at the overseas contract whose cars it buys; every car on it that
 * belongs to an overseas contract belongs to its `order_id`, and it has no `order_id` only when none of
 * its cars belongs to one. A form naming none takes the one its cars name; anything else is 422 naming
 * the cars, and nothing is saved.
 */
describe('a purchase contract’s overseas contract agrees with its cars', () => {
  const {
    call,
    purchaseFiles: files,
    createOrder,
    createPurchase,
    readPurchase,
    vehicleOf,
    countRows,
  } = contractAppForEachTest({ files: ['overseas', 'purchase'] });

  const twoContracts = async () => ({
    a: await createOrder({ order_no: 'HW-A', amount: 2, cars: [carLine(vin(1)), carLine(vin(2))] }),
    b: await createOrder({ order_no: 'HW-B', amount: 2, cars: [carLine(vin(3)), carLine(vin(4))] }),
  });
  const refusal = (response: { statusCode: number; json: () => { message: string; data: unknown } }) => ({
    status: response.statusCode,
    message: response.json().message,
    data: response.json().data,
  });

  it('refuses a new purchase of contract A that names a car of contract B, naming the car', async () => {
    const { a } = await twoContracts();
    const response = await call(
      'POST',
      '/api/purchase',
      purchaseForm(files, { order_id: a, car: [purchaseCar(vin(1)), purchaseCar(vin(3))] }),
    );
    const message = `车架号 ${vin(3)} 属于海外合同 HW-B，与所选海外合同不一致`;
    expect(purchaseMessages.carsOfOtherOrder([vin(3)], ['HW-B'])).toBe(message);
    expect(refusal(response)).toEqual({ status: 422, message, data: { errors: { order_id: [message] } } });
    expect(await countRows('purchases')).toBe(0);
    expect(await vehicleOf(vin(1))).toMatchObject({ purchase_id: null, flow: null });
    expect(await vehicleOf(vin(3))).toMatchObject({ purchase_id: null, flow: null });
  });

  it('refuses a purchase without an overseas contract whose cars belong to two', async () => {
    await twoContracts();
    const response = await call(
      'POST',
      '/api/purchase',
      purchaseForm(files, { car: [purchaseCar(vin(4)), purchaseCar(LGB(1)), purchaseCar(vin(1))] }),
    );
    expect(refusal(response)).toMatchObject({
      status: 422,
      message: `车架号 ${vin(1)}、${vin(4)} 分属海外合同 HW-A、HW-B，一份采购合同只能对应一份海外合同，请分开采购`,
    });
    expect(await countRows('purchases')).toBe(0);
  });

  it('points a purchase that names no overseas contract at the one its cars belong to', async () => {
    const { b } = await twoContracts();
    const id = await createPurchase({ car: [purchaseCar(vin(3)), purchaseCar(LGB(1))] });
    expect(await readPurchase(id)).toMatchObject({ order_id: b });
    expect(await vehicleOf(vin(3))).toMatchObject({ order_id: b, flow: 'purchase' });
    // Saved again without it (a form that never showed the contract), it keeps pointing there.
    const again = await call('PUT', `/api/purchase/${id}`, purchaseForm(files, { car: [purchaseCar(vin(3))] }));
    expect(again.statusCode, again.body).toBe(200);
    expect(await readPurchase(id)).toMatchObject({ order_id: b });
  });

  it('accepts cars of its own contract and cars of none', async () => {
    const { a } = await twoContracts();
    const id = await createPurchase({ order_id: a, car: [purchaseCar(vin(1)), purchaseCar(LGB(1))] });
    expect(await readPurchase(id)).toMatchObject({ order_id: a });
    const free = await createPurchase({ purchase_no: 'CG-FREE', car: [purchaseCar(LGB(2))] });
    expect(await readPurchase(free)).toMatchObject({ order_id: null });
  });

  it('refuses a PUT that moves a purchase onto another contract, or adds a car of another contract', async () => {
    const { a, b } = await twoContracts();
    const id = await createPurchase({ order_id: a, car: [purchaseCar(vin(1)), purchaseCar(vin(2))] });
    const moved = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, { order_id: b, car: [purchaseCar(vin(1)), purchaseCar(vin(2))] }),
    );
    expect(refusal(moved)).toMatchObject({
      status: 422,
      message: `车架号 ${vin(1)}、${vin(2)} 属于海外合同 HW-A，与所选海外合同不一致`,
    });
    const twoOrders = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, { order_id: undefined, car: [purchaseCar(vin(1)), purchaseCar(vin(3))] }),
    );
    expect(refusal(twoOrders)).toMatchObject({ status: 422 });
    const added = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, { order_id: a, car: [purchaseCar(vin(1)), purchaseCar(vin(4))] }),
    );
    expect(refusal(added)).toMatchObject({
      status: 422,
      message: `车架号 ${vin(4)} 属于海外合同 HW-B，与所选海外合同不一致`,
    });
    // Unchanged: still contract A with its two cars.
    const purchase = await readPurchase(id);
    expect(purchase.order_id).toBe(a);
    expect(purchase.car.map((car: { vin: string }) => car.vin)).toEqual([vin(1), vin(2)]);
    expect(await vehicleOf(vin(4))).toMatchObject({ purchase_id: null });
    // A car of none may still join, and the contract may be saved as it is.
    const fine = await call(
      'PUT',
      `/api/purchase/${id}`,
      purchaseForm(files, { order_id: a, car: [purchaseCar(vin(1)), purchaseCar(vin(2)), purchaseCar(LGB(5))] }),
    );
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
