import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SearchAnswer, searchMessages } from '../../../../contract/search';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { loggedInStaff } from '../../../../tests/helpers/factories';
import { seedDeclaration, seedOrder, seedPurchase, seedVehicle } from '../../../../tests/helpers/filed-query-list';
import { caller, carLine, orderForm, uploadOverseasFiles } from '../../../../tests/helpers/overseas';

type Call = ReturnType<typeof caller>;

const searchFor = async (call: Call, q: string, limit?: number): Promise<SearchAnswer> => {
  const params = new URLSearchParams({ q, ...(limit === undefined ? {} : { limit: String(limit) }) });
  const response = await call('GET', `/api/search?${params.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SearchAnswer;
};

const refusal = async (call: Call, query: string) => {
  const response = await call('GET', `/api/search${query}`);
  return { status: response.statusCode, message: response.json().message as string };
};

describe('GET /api/search', () => {
  describe('on a company of records', () => {
    let t: TestApp;
    let call: Call;
    const ids = {
      tailCar: 0,
      middleCar: 0,
      looseCar: 0,
      order: 0,
      purchase: 0,
      laterPurchase: 0,
      declaration: 0,
    };

    beforeAll(async () => {
      t = await buildTestApp();
      const admin = await loggedInStaff(t.app, { username: 'admin', nickname: '管理员' });
      call = caller(t.app, admin.token);
      const at = '2026-03-01T02:00:00.000Z';
      ids.order = await seedOrder(t.db, {
        order_no: 'HW2026000731',
        currency: 'USD',
        totalFen: 100,
        created_at: at,
        customer_name: '迪拜星光汽车贸易有限公司',
      });
      await seedOrder(t.db, { order_no: 'HW_0731', currency: 'USD', totalFen: 100, created_at: at });
      await seedOrder(t.db, { order_no: 'A1', currency: 'USD', totalFen: 100, created_at: at });
      ids.purchase = await seedPurchase(t.db, { purchase_no: 'CG2026-0415-2', order_id: ids.order, created_at: at });
      ids.laterPurchase = await seedPurchase(t.db, { purchase_no: 'CG2026-0415-21', created_at: at });
      // The VIN ending with 796796, and a newer one holding 796796 in its middle: the tail comes first.
      ids.tailCar = await seedVehicle(t.db, { vin: 'LFV3A23C8K3796796', model: '大众 帕萨特', order_id: ids.order });
      ids.middleCar = await seedVehicle(t.db, { vin: 'LSG796796ABC12345', model: '别克 君威' });
      ids.looseCar = await seedVehicle(t.db, { vin: 'JTDBR32E720054321' });
      ids.declaration = await seedDeclaration(t.db, ids.order, [ids.tailCar], 100);
      await t.db
        .updateTable('export_declarations')
        .set({ bgd_sn: '530120260000123456' })
        .where('id', '=', ids.declaration)
        .execute();
      for (const name of [
        '迪拜星光汽车贸易有限公司',
        '王伟',
        '阿拉木图王伟芳机动车有限公司',
        '李强',
        '百分%公司',
        '下划_线',
      ]) {
        const response = await call('POST', '/api/customer', { name, type_id: name === '李强' ? 2 : 1 });
        expect(response.statusCode, response.body).toBe(201);
      }
      // Twelve cars and twelve customers sharing a text: more than a group shows by default.
      for (let n = 0; n < 12; n += 1) {
        await seedVehicle(t.db, { vin: `LGB${String(n).padStart(2, '0')}XYZ0000${String(n).padStart(5, '0')}` });
        const response = await call('POST', '/api/customer', { name: `塔什干物流${n}号`, type_id: 1 });
        expect(response.statusCode).toBe(201);
      }
    }, 60_000);

    afterAll(async () => {
      await t?.close();
    });

    it('finds a vehicle by the last 4 and the last 6 characters of its VIN, the VIN ending so first', async () => {
      const six = await searchFor(call, '796796');
      expect(six.vehicles.map((car) => car.id)).toEqual([ids.tailCar, ids.middleCar]);
      expect(six.vehicles[0]).toEqual({
        id: ids.tailCar,
        vin: 'LFV3A23C8K3796796',
        model: '大众 帕萨特',
        order_no: 'HW2026000731',
      });
      expect(six.vehicles[1]).toEqual({
        id: ids.middleCar,
        vin: 'LSG796796ABC12345',
        model: '别克 君威',
        order_no: null,
      });
      const four = await searchFor(call, '6796');
      expect(four.vehicles.map((car) => car.id)).toEqual([ids.tailCar, ids.middleCar]);
    });

    it('finds a vehicle by the middle of its VIN, typed in lower case', async () => {
      expect((await searchFor(call, 'BR32e72')).vehicles.map((car) => car.vin)).toEqual(['JTDBR32E720054321']);
      expect((await searchFor(call, 'lfv3a')).vehicles.map((car) => car.vin)).toEqual(['LFV3A23C8K3796796']);
    });

    it('finds a vehicle by a VIN part typed full-width or pasted with a zero-width space', async () => {
      expect((await searchFor(call, 'ＢＲ３２ｅ７２')).vehicles.map((car) => car.vin)).toEqual(['JTDBR32E720054321']);
      expect((await searchFor(call, 'BR32\u200bE72')).vehicles.map((car) => car.vin)).toEqual(['JTDBR32E720054321']);
    });

    it('gives the car of a whole VIN first', async () => {
      const found = await searchFor(call, 'lsg796796abc12345');
      expect(found.vehicles.map((car) => car.vin)).toEqual(['LSG796796ABC12345']);
    });

    it('finds an overseas contract, its purchase contract and its declaration by a part of their numbers', async () => {
      const orders = await searchFor(call, '000731');
      expect(orders.orders).toEqual([
        { id: ids.order, order_no: 'HW2026000731', customer_name: '迪拜星光汽车贸易有限公司' },
      ]);
      // Ending with the text first, then newest first.
      const purchases = await searchFor(call, '0415-2');
      expect(purchases.purchases).toEqual([
        { id: ids.purchase, purchase_no: 'CG2026-0415-2', customer_name: '卖方 CG2026-0415-2' },
        { id: ids.laterPurchase, purchase_no: 'CG2026-0415-21', customer_name: '卖方 CG2026-0415-21' },
      ]);
      // A whole number typed answers that contract, not the numbers holding it besides.
      const whole = await searchFor(call, 'cg2026-0415-2');
      expect(whole.purchases.map((purchase) => purchase.purchase_no)).toEqual(['CG2026-0415-2']);
      const part = await searchFor(call, 'CG2026-0415');
      expect(part.purchases.map((purchase) => purchase.purchase_no)).toEqual(['CG2026-0415-21', 'CG2026-0415-2']);
      const exports = await searchFor(call, '123456');
      expect(exports.exports).toEqual([
        {
          id: ids.declaration,
          bgd_sn: '530120260000123456',
          order_id: ids.order,
          order_no: 'HW2026000731',
          purchase_id: null,
        },
      ]);
      expect(exports.vehicles).toEqual([]);
      expect(exports.orders).toEqual([]);
      // Both numbers end with 0731: newest first.
      const both = await searchFor(call, '0731');
      expect(both.orders.map((order) => order.order_no)).toEqual(['HW_0731', 'HW2026000731']);
    });

    it('finds a one- or two-character contract number only when it is the whole number', async () => {
      const found = await searchFor(call, 'a1');
      expect(found.orders.map((order) => order.order_no)).toEqual(['A1']);
      expect(found.vehicles).toEqual([]);
    });

    it('finds customers by two Chinese characters, by one, and by five', async () => {
      const two = await searchFor(call, '王伟');
      expect(two.customers.map((customer) => customer.name)).toEqual(['王伟', '阿拉木图王伟芳机动车有限公司']);
      expect(two.customers[0]?.type).toBe(1);
      const one = await searchFor(call, '强');
      expect(one.customers).toEqual([expect.objectContaining({ name: '李强', type: 2 })]);
      const five = await searchFor(call, '汽车贸易有');
      expect(five.customers.map((customer) => customer.name)).toEqual(['迪拜星光汽车贸易有限公司']);
      // Chinese text cannot be part of a VIN.
      expect(five.vehicles).toEqual([]);
    });

    it('puts the name starting with the text before names holding it elsewhere', async () => {
      const found = await searchFor(call, '迪拜');
      expect(found.customers.map((customer) => customer.name)).toEqual(['迪拜星光汽车贸易有限公司']);
      const newer = await searchFor(call, '王');
      expect(newer.customers.map((customer) => customer.name)).toEqual(['王伟', '阿拉木图王伟芳机动车有限公司']);
    });

    it('shows at most 8 of a kind unless told how many, and never more than told', async () => {
      const byDefault = await searchFor(call, 'XYZ0000');
      expect(byDefault.vehicles).toHaveLength(8);
      // Newest first among equals.
      expect(byDefault.vehicles[0]?.vin).toBe('LGB11XYZ000000011');
      expect((await searchFor(call, '塔什干')).customers).toHaveLength(8);
      expect((await searchFor(call, 'XYZ0000', 3)).vehicles).toHaveLength(3);
      expect((await searchFor(call, '塔什', 20)).customers).toHaveLength(12);
      // 物流1 is in 物流1号, 物流10号 and 物流11号: the shortest name first.
      expect((await searchFor(call, '物流1', 1)).customers.map((customer) => customer.name)).toEqual(['塔什干物流1号']);
    });

    it('takes % and _ as themselves', async () => {
      expect((await searchFor(call, '%')).customers.map((customer) => customer.name)).toEqual(['百分%公司']);
      expect((await searchFor(call, '_')).customers.map((customer) => customer.name)).toEqual(['下划_线']);
      expect((await searchFor(call, '分%公')).customers.map((customer) => customer.name)).toEqual(['百分%公司']);
      // `_` is no wildcard: W_0 is in HW_0731 only, not in HW2026000731.
      expect((await searchFor(call, 'W_0')).orders.map((order) => order.order_no)).toEqual(['HW_0731']);
      const nothing = await searchFor(call, '%%%');
      expect(nothing).toEqual({ vehicles: [], orders: [], purchases: [], exports: [], customers: [] });
    });

    it('refuses a blank text and a number of results out of range', async () => {
      expect(await refusal(call, '?q=%20%20')).toEqual({ status: 422, message: searchMessages.textRequired });
      expect(await refusal(call, '')).toEqual({ status: 422, message: searchMessages.textRequired });
      for (const limit of ['0', '21', 'abc', '2.5', '-1']) {
        expect(await refusal(call, `?q=796&limit=${limit}`), limit).toEqual({
          status: 422,
          message: searchMessages.limitFormat,
        });
      }
      expect((await refusal(call, `?q=${'A'.repeat(65)}`)).status).toBe(422);
    });

    it('needs a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/search?q=796796' })).statusCode).toBe(401);
    });
  });

  describe('as customers change', () => {
    let t: TestApp;
    let call: Call;
    let token: string;

    beforeEach(async () => {
      t = await buildTestApp();
      const admin = await loggedInStaff(t.app, { username: 'admin', nickname: '管理员' });
      token = admin.token;
      call = caller(t.app, token);
    });

    afterEach(async () => {
      await t.close();
    });

    const names = async (q: string) => (await searchFor(call, q)).customers.map((customer) => customer.name);

    /** The rows customer_name_grams holds for a customer, and what a name's characters and pairs are. */
    const storedGrams = async (id: number) =>
      (await sql<{ gram: string }>`select gram from customer_name_grams where customer_id = ${id}`.execute(t.db)).rows
        .map((row) => row.gram)
        .sort();
    const gramsOf = (name: string) => {
      const characters = [...name.toLowerCase()];
      const pairs = characters.slice(1).map((character, index) => `${characters[index]}${character}`);
      return [...new Set([...characters, ...pairs])].sort();
    };

    it('finds a renamed customer by its new name only, and a deleted one no more', async () => {
      const created = await call('POST', '/api/customer', { name: '比什凯克丽华进出口有限公司', type_id: 1 });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      expect(await names('丽华')).toEqual(['比什凯克丽华进出口有限公司']);
      expect(await storedGrams(id)).toEqual(gramsOf('比什凯克丽华进出口有限公司'));
      const before = (await call('GET', `/api/customer/${id}`)).json().data;
      const renamed = await call('PUT', `/api/customer/${id}`, {
        name: '巴库明辉汽车销售有限公司',
        type_id: 1,
        address: '',
        updated_at: before.updated_at,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      // The grams follow the name: the old name's are gone (有限公司 is in both).
      expect(await storedGrams(id)).toEqual(gramsOf('巴库明辉汽车销售有限公司'));
      expect(await names('丽华')).toEqual([]);
      expect(await names('比什凯克')).toEqual([]);
      expect(await names('明辉')).toEqual(['巴库明辉汽车销售有限公司']);
      expect(await names('辉')).toEqual(['巴库明辉汽车销售有限公司']);
      expect(await names('明辉汽车')).toEqual(['巴库明辉汽车销售有限公司']);
      expect((await call('DELETE', `/api/customer/${id}`)).statusCode).toBe(204);
      expect(await storedGrams(id)).toEqual([]);
      expect(await names('明辉')).toEqual([]);
      expect(await names('明辉汽车')).toEqual([]);
    });

    it('finds the customer a contract form created, its car, and the car by its corrected VIN', async () => {
      const files = await uploadOverseasFiles(t.app, token);
      const saved = await call(
        'POST',
        '/api/order',
        orderForm(files, {
          order_no: 'HW2026-0099',
          name: '开罗安娜国际物流有限公司',
          cars: [carLine('LHGCR2650K8123987')],
        }),
      );
      expect(saved.statusCode, saved.body).toBe(201);
      const found = await searchFor(call, '安娜');
      expect(found.customers.map((customer) => customer.name)).toEqual(['开罗安娜国际物流有限公司']);
      const car = await searchFor(call, '3987');
      expect(car.vehicles).toEqual([expect.objectContaining({ vin: 'LHGCR2650K8123987', order_no: 'HW2026-0099' })]);
      // A corrected VIN is found by its new tail, no more by its old one.
      const corrected = await call('POST', '/api/car/vinAlter', {
        vinOld: 'LHGCR2650K8123987',
        vinNew: 'LHGCR2650K8456712',
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect((await searchFor(call, '123987')).vehicles).toEqual([]);
      expect((await searchFor(call, '456712')).vehicles.map((vehicle) => vehicle.vin)).toEqual(['LHGCR2650K8456712']);
    });
  });
});
