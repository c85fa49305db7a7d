import { describe, expect, it } from 'vitest';
import { customerMessages } from '../../../../contract/customer';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { orderForm } from '../../../../tests/helpers/overseas';
import { purchaseCar, purchaseForm, SELLER_TYPE_ID } from '../../../../tests/helpers/purchase';

/** Sellers are not overseas customers (issue 24 point 4): the seller kind 供应商 on both contract sides. */
describe('the seller kind 供应商', () => {
  const { t, call, createOrder, createPurchase, readPurchase, overseasFiles, purchaseFiles } = contractAppForEachTest({
    files: ['overseas', 'purchase'],
  });

  const refusal = (response: { statusCode: number; json: () => { message: string; data: unknown } }) => ({
    status: response.statusCode,
    message: response.json().message,
    data: response.json().data,
  });
  const typeRefusal = (message: string) => ({ status: 422, message, data: { errors: { type_id: [message] } } });

  const customerOf = (id: number) =>
    t.db.selectFrom('customers').select(['name', 'type_id']).where('id', '=', id).executeTakeFirstOrThrow();

  const names = async (query: string) =>
    ((await call('GET', `/api/customer${query}`)).json().data.data as { name: string }[]).map((row) => row.name);

  /** The purchase form as the clerk saves an edit: its saved car lines, these fields changed. */
  const editOf = (purchase: { car: { id: number; vin: string }[] }, overrides: Record<string, unknown>) =>
    purchaseForm(purchaseFiles, {
      car: purchase.car.map((car) => purchaseCar(car.vin, { id: car.id })),
      ...overrides,
    });

  it('files a new seller typed on a purchase contract as 供应商, listed under its own type only', async () => {
    const purchaseId = await createPurchase({ name: '杭州二手车行' });
    const purchase = await readPurchase(purchaseId);
    expect(purchase).toMatchObject({ customer_type_id: SELLER_TYPE_ID, customer_type: '供应商' });
    expect(await customerOf(purchase.customer_id)).toEqual({ name: '杭州二手车行', type_id: SELLER_TYPE_ID });
    await createOrder({ name: 'Almaty Motors' });

    // The customer list's 供应商 tab (type_id of the seller kind) and the overseas customers' tab.
    expect(await names(`?type_id=${SELLER_TYPE_ID}`)).toEqual(['杭州二手车行']);
    expect(await names('?type_id=1')).toEqual(['Almaty Motors']);
  });

  it('refuses another type on a new purchase contract, and the seller kind on an overseas contract', async () => {
    const asCustomer = await call('POST', '/api/purchase', purchaseForm(purchaseFiles, { type_id: 1 }));
    expect(refusal(asCustomer)).toEqual(typeRefusal(customerMessages.purchaseNeedsSeller));
    expect(customerMessages.purchaseNeedsSeller).toBe('采购合同的客户类型只能是供应商');
    const asAgent = await call('POST', '/api/purchase', purchaseForm(purchaseFiles, { type_id: 2 }));
    expect(refusal(asAgent)).toEqual(typeRefusal(customerMessages.purchaseNeedsSeller));

    const newSeller = await call('POST', '/api/order', orderForm(overseasFiles, { type_id: SELLER_TYPE_ID }));
    expect(refusal(newSeller)).toEqual(typeRefusal(customerMessages.orderRefusesSeller));
    expect(customerMessages.orderRefusesSeller).toBe('海外合同的客户类型不能是供应商');
    // A seller picked by id is refused too (the form sends the picked customer's type).
    const purchase = await readPurchase(await createPurchase());
    const pickedSeller = await call(
      'POST',
      '/api/order',
      orderForm(overseasFiles, { customer_id: purchase.customer_id, type_id: SELLER_TYPE_ID }),
    );
    expect(refusal(pickedSeller)).toEqual(typeRefusal(customerMessages.orderRefusesSeller));
    // Nothing was written: no contract, no new customer.
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('customers').select('id').execute()).toHaveLength(1);
  });

  it('lets a clerk edit a contract saved before the seller kind with the type it has, not a new customer', async () => {
    const purchaseId = await createPurchase();
    // As the migration leaves a purchase whose seller is also an overseas customer: 销外客户 on both.
    const saved = await readPurchase(purchaseId);
    const customerId = saved.customer_id as number;
    await t.db.updateTable('customers').set({ type_id: 1 }).where('id', '=', customerId).execute();
    await t.db.updateTable('purchases').set({ customer_type_id: 1 }).where('id', '=', purchaseId).execute();

    const kept = await call(
      'PUT',
      `/api/purchase/${purchaseId}`,
      editOf(saved, { customer_id: customerId, type_id: 1, total: 310_000 }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await readPurchase(purchaseId)).toMatchObject({ total: 310_000, customer_type_id: 1 });

    // A new seller's name on that contract is a new customer: filed as 供应商, not as the old type.
    const renamed = await call('PUT', `/api/purchase/${purchaseId}`, editOf(saved, { name: '宁波车行', type_id: 1 }));
    expect(refusal(renamed)).toEqual(typeRefusal(customerMessages.purchaseNeedsSeller));
    const moved = await call(
      'PUT',
      `/api/purchase/${purchaseId}`,
      editOf(saved, { name: '宁波车行', type_id: SELLER_TYPE_ID }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await readPurchase(purchaseId);
    expect(after).toMatchObject({ customer_name: '宁波车行', customer_type_id: SELLER_TYPE_ID });
    expect(await customerOf(after.customer_id)).toEqual({ name: '宁波车行', type_id: SELLER_TYPE_ID });

    // The overseas side likewise keeps a type it already had.
    const orderId = await createOrder();
    await t.db.updateTable('orders').set({ customer_type_id: SELLER_TYPE_ID }).where('id', '=', orderId).execute();
    const order = (await call('GET', `/api/order/${orderId}`)).json().data;
    const edited = await call(
      'PUT',
      `/api/order/${orderId}`,
      orderForm(overseasFiles, { customer_id: order.customer_id, type_id: SELLER_TYPE_ID, total: 123_456 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('searches by kind: sellers for the purchase form, customers (not agents, not sellers) for the overseas form', async () => {
    const { id: dealerType } = (await call('POST', '/api/customerType', { name: '海外经销商' })).json().data;
    for (const [name, typeId] of [
      ['车行 Almaty', 1],
      ['车行 代理', 2],
      ['车行 供应', SELLER_TYPE_ID],
      ['车行 经销', dealerType],
    ] as const) {
      expect((await call('POST', '/api/customer', { name, type_id: typeId })).statusCode).toBe(201);
    }
    const found = async (kind: string) =>
      (
        (await call('GET', `/api/customer/search?name=${encodeURIComponent('车行')}&kind=${kind}`)).json().data as {
          name: string;
        }[]
      )
        .map((row) => row.name)
        .sort();
    expect(await found('seller')).toEqual(['车行 供应']);
    expect(await found('agent')).toEqual(['车行 代理']);
    expect(await found('customer')).toEqual(['车行 Almaty', '车行 经销'].sort());
    expect((await call('GET', '/api/customer/search?kind=buyer')).statusCode).toBe(422);
  });
});
