import { describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { createVehicle } from '../../../../tests/helpers/factories';
import { carLine, vin } from '../../../../tests/helpers/overseas';

describe('car lookups, detach and carLists', () => {
  const { t, call, createOrder } = contractAppForEachTest();
  const vehicleOf = (vinText: string) =>
    t.db.selectFrom('vehicles').selectAll().where('vin', '=', vinText).executeTakeFirstOrThrow();

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', `/api/car/exists?vin=${vin(1)}&type=2`],
      ['GET', '/api/car/search?vin=LSV'],
      ['POST', '/api/car/lookup'],
      ['PUT', '/api/car/detach/1'],
      ['GET', '/api/car/carLists?order_id=1&if_freight=1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  describe('exists', () => {
    it('answers the vehicle of a VIN (typed in any case, with blanks) or 404', async () => {
      const id = await createVehicle(t.db, { vin: vin(1), model: '奔驰 GLE' });
      for (const type of [1, 2]) {
        const found = await call('GET', `/api/car/exists?vin=%20${vin(1).toLowerCase()}%20&type=${type}`);
        expect(found.statusCode).toBe(200);
        expect(found.json().data).toEqual({ id, vin: vin(1), model: '奔驰 GLE', order_no: null, purchase_no: null });
      }
      const missing = await call('GET', `/api/car/exists?vin=${vin(2)}&type=2`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 404, message: '记录不存在', data: null });
      expect((await call('GET', `/api/car/exists?vin=${vin(1)}&type=3`)).statusCode).toBe(422);
      expect((await call('GET', '/api/car/exists?type=2')).json().message).toBe('请输入车架号');
    });

    it('names another contract of the form’s side that holds the VIN, never the contract being edited', async () => {
      const first = await createOrder({ order_no: 'HW-A', cars: [carLine(vin(1))] });
      const second = await createOrder({ order_no: 'HW-B', cars: [] });
      const exists = async (query: string) => {
        const response = await call('GET', `/api/car/exists?${query}`);
        expect(response.statusCode, query).toBe(200);
        return response.json().data;
      };
      // Typing the VIN on a new contract or on another one: HW-A holds it.
      expect(await exists(`vin=${vin(1)}&type=2`)).toMatchObject({ vin: vin(1), order_no: 'HW-A', purchase_no: null });
      expect(await exists(`vin=${vin(1)}&type=2&id=${second}`)).toMatchObject({ order_no: 'HW-A' });
      // Editing HW-A itself: its own car is not on "another" contract.
      expect(await exists(`vin=${vin(1)}&type=2&id=${first}`)).toMatchObject({ order_no: null, purchase_no: null });
      // The purchase form asks about its own side only.
      expect(await exists(`vin=${vin(1)}&type=1`)).toMatchObject({ order_no: null, purchase_no: null });

      const at = new Date().toISOString();
      const purchase = await t.db
        .insertInto('purchases')
        .values({
          purchase_no: 'CG-7',
          type: 1,
          customer_name: '卖家',
          amount: 1,
          total: 100,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('vehicles').set({ purchase_id: purchase.id }).where('vin', '=', vin(1)).execute();
      expect(await exists(`vin=${vin(1)}&type=1`)).toMatchObject({ order_no: null, purchase_no: 'CG-7' });
      expect(await exists(`vin=${vin(1)}&type=1&id=${purchase.id}`)).toMatchObject({ purchase_no: null });
      expect(await exists(`vin=${vin(1)}&type=2&id=`)).toMatchObject({ order_no: 'HW-A', purchase_no: null });
      expect((await call('GET', `/api/car/exists?vin=${vin(1)}&type=2&id=abc`)).statusCode).toBe(422);
    });
  });

  describe('search', () => {
    it('suggests up to 20 VINs containing the text, ignoring case', async () => {
      for (let n = 1; n <= 25; n += 1) await createVehicle(t.db, { vin: vin(n, 'LAB') });
      await createVehicle(t.db, { vin: vin(1, 'WDD') });
      const response = await call('GET', '/api/car/search?vin=lab');
      expect(response.statusCode).toBe(200);
      const items = response.json().data as { id: number; vin: string }[];
      expect(items).toHaveLength(20);
      expect(items[0]).toEqual({ id: expect.any(Number), vin: vin(1, 'LAB') });
      expect(items.every((item) => item.vin.startsWith('LAB'))).toBe(true);
      expect((await call('GET', '/api/car/search?vin=wdd0')).json().data).toEqual([
        { id: expect.any(Number), vin: vin(1, 'WDD') },
      ]);
      expect((await call('GET', '/api/car/search?vin=%25')).json().data).toEqual([]);
    });

    it('with a stage, suggests only vehicles that may take that step', async () => {
      const waiting = await createVehicle(t.db, { vin: vin(1), flow: 'pickup' });
      await createVehicle(t.db, { vin: vin(2), flow: 'pickup', entry: 2 });
      await createVehicle(t.db, { vin: vin(3), flow: 'registry', entry: 2 });
      const platingMissing = await createVehicle(t.db, { vin: vin(4), flow: 'registry', plate: 1 });
      const filed = await createVehicle(t.db, { vin: vin(5), flow: 'filing', freight: 1 });
      const ids = async (stage: string) =>
        (await call('GET', `/api/car/search?vin=LSV&stage=${stage}`)).json().data.map((row: { id: number }) => row.id);
      expect(await ids('entry')).toEqual([waiting]);
      expect(await ids('plate')).toContain(platingMissing);
      expect(await ids('freight')).toEqual([filed]);
      expect(await ids('release')).toEqual([]);
      expect((await call('GET', '/api/car/search?vin=LSV&stage=moon')).statusCode).toBe(422);
    });

    it('each step suggests the vehicles of its own flow (DOMAIN.md): entry pickup, plate and transfer the registry, release and exports the release flow, drawback, archive and freight filing', async () => {
      const bought = await createVehicle(t.db, { vin: vin(1), flow: 'purchase' });
      const atYard = await createVehicle(t.db, { vin: vin(2), flow: 'pickup' });
      const atRegistry = await createVehicle(t.db, { vin: vin(3), flow: 'registry' });
      const releasing = await createVehicle(t.db, { vin: vin(4), flow: 'release' });
      const filing = await createVehicle(t.db, { vin: vin(5), flow: 'filing' });
      const ids = async (stage: string) =>
        (await call('GET', `/api/car/search?vin=LSV&stage=${stage}`)).json().data.map((row: { id: number }) => row.id);
      const expected = {
        entry: [atYard],
        plate: [atRegistry],
        transfer: [atRegistry],
        release: [releasing],
        exports: [releasing],
        drawback: [filing],
        archive: [filing],
        freight: [filing],
      };
      for (const [stage, vehicles] of Object.entries(expected)) expect(await ids(stage), stage).toEqual(vehicles);
      expect((await ids('entry')).includes(bought)).toBe(false);
    });

    it('with nothing typed yet, suggests the newest vehicles that may take the step', async () => {
      const older = await createVehicle(t.db, { vin: vin(9), flow: 'pickup' });
      await createVehicle(t.db, { vin: vin(8), flow: 'registry', entry: 2 });
      const newer = await createVehicle(t.db, { vin: vin(7), flow: 'pickup' });
      const items = (await call('GET', '/api/car/search?stage=entry')).json().data as { id: number }[];
      expect(items.map((item) => item.id)).toEqual([newer, older]);
    });
  });

  describe('lookup', () => {
    it('answers 2,000 VINs of an Excel import in one call, keyed by the normalised VIN', async () => {
      const known = new Map<string, number>();
      for (let n = 1; n <= 30; n += 1)
        known.set(vin(n * 50), await createVehicle(t.db, { vin: vin(n * 50), model: `车型${n}` }));
      const vins = Array.from({ length: 2000 }, (_, index) => vin(index + 1));
      vins[49] = ` ${vins[49]!.toLowerCase()} `;
      const response = await call('POST', '/api/car/lookup', { vins });
      expect(response.statusCode).toBe(200);
      const found = response.json().data.found as Record<string, { id: number; model: string }>;
      expect(Object.keys(found).sort()).toEqual([...known.keys()].sort());
      expect(found[vin(50)]).toEqual({ id: known.get(vin(50)), model: '车型1' });
    });

    it('refuses more than 2,000 VINs and a body without a list', async () => {
      const tooMany = await call('POST', '/api/car/lookup', { vins: Array.from({ length: 2001 }, (_, n) => vin(n)) });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().message).toBe('一次最多查询2000个车架号');
      expect((await call('POST', '/api/car/lookup', {})).statusCode).toBe(422);
      expect((await call('POST', '/api/car/lookup', { vins: [] })).json().data).toEqual({ found: {} });
    });
  });

  describe('detach', () => {
    it('removes a car from its overseas contract (204) with that side’s prices; the vehicle row stays', async () => {
      const orderId = await createOrder();
      const car = await vehicleOf(vin(1));
      const response = await call('PUT', `/api/car/detach/${car.id}`, { model: 'order' });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await vehicleOf(vin(1))).toMatchObject({
        id: car.id,
        order_id: null,
        order_price: null,
        order_invoice: null,
      });
      const order = (await call('GET', `/api/order/${orderId}`)).json().data;
      expect(order.cars.map((line: { vin: string }) => line.vin)).toEqual([vin(2)]);
      const audit = await historyEvents(t.db, { action: 'detach' });
      expect(audit).toEqual([
        expect.objectContaining({ entity: 'car', entity_id: String(car.id), vehicles: [car.id] }),
      ]);

      const again = await call('PUT', `/api/car/detach/${car.id}`, { model: 'order' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('该车辆不在此合同中');
      // The freed VIN can go on another contract.
      await createOrder({ order_no: 'HW-2', cars: [carLine(vin(1))] });
    });

    it('takes the model from the query string too; 422 without one; 404 for an unknown car', async () => {
      await createOrder();
      const car = await vehicleOf(vin(1));
      expect((await call('PUT', `/api/car/detach/${car.id}?model=order`)).statusCode).toBe(204);
      const noModel = await call('PUT', `/api/car/detach/${car.id}`);
      expect(noModel.statusCode).toBe(422);
      expect(noModel.json().message).toBe('请指定要移除的合同类型');
      expect((await call('PUT', `/api/car/detach/${car.id}`, { model: 'boat' })).statusCode).toBe(422);
      expect((await call('PUT', '/api/car/detach/9999', { model: 'order' })).statusCode).toBe(404);
    });

    it('refuses to remove a car with export or filing records from its overseas contract', async () => {
      await createOrder();
      const car = await vehicleOf(vin(2));
      await t.db
        .updateTable('vehicles')
        .set({ flow: 'filing', exports: 2, drawback: 2 })
        .where('id', '=', car.id)
        .execute();
      const response = await call('PUT', `/api/car/detach/${car.id}`, { model: 'order' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`车辆 ${vin(2)} 已有出口或归档记录，不能从合同中移除`);
      expect((await vehicleOf(vin(2))).order_id).not.toBeNull();
    });

    it('removes a car from its purchase contract while it is still being bought, not once handed on', async () => {
      const at = new Date().toISOString();
      const purchase = await t.db
        .insertInto('purchases')
        .values({
          purchase_no: 'CG-1',
          type: 1,
          customer_name: '卖家',
          amount: 2,
          total: 100,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const buying = await createVehicle(t.db, { purchase_id: purchase.id, flow: 'purchase', price: 500 });
      const atYard = await createVehicle(t.db, { vin: vin(9), purchase_id: purchase.id, flow: 'pickup', price: 500 });
      expect((await call('PUT', `/api/car/detach/${buying}`, { model: 'purchase' })).statusCode).toBe(204);
      expect(
        await t.db
          .selectFrom('vehicles')
          .select(['purchase_id', 'price', 'flow'])
          .where('id', '=', buying)
          .executeTakeFirstOrThrow(),
      ).toEqual({ purchase_id: null, price: null, flow: null });
      const refused = await call('PUT', `/api/car/detach/${atYard}`, { model: 'purchase' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(`车辆 ${vin(9)} 已移交后续环节，不能从采购合同中移除`);
      expect((await call('PUT', `/api/car/detach/${buying}`, { model: 'purchase' })).statusCode).toBe(409);
    });
  });

  describe('carLists', () => {
    it('lists the contract’s cars still lacking the record the flag names, where that record may be made', async () => {
      const orderId = await createOrder({ amount: 5, cars: [1, 2, 3, 4, 5].map((n) => carLine(vin(n))) });
      const set = (n: number, values: Record<string, unknown>) =>
        t.db.updateTable('vehicles').set(values).where('vin', '=', vin(n)).execute();
      await set(1, { flow: 'filing', exports: 2, release: 2 });
      await set(2, { flow: 'filing', exports: 2, release: 2, freight: 1, drawback: 2 });
      await set(3, { flow: 'release' });
      await set(4, { flow: 'release', exports: 2 });
      // vin(5): only on the contract, not bought yet.
      const vins = async (query: string) => {
        const response = await call('GET', `/api/car/carLists?order_id=${orderId}&${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data.map((row: { vin: string }) => row.vin);
      };
      expect(await vins('if_freight=1')).toEqual([vin(1)]);
      expect(await vins('if_drawback=1')).toEqual([vin(1)]);
      expect(await vins('if_archive=1')).toEqual([vin(1), vin(2)]);
      expect(await vins('if_exports=1')).toEqual([vin(3)]);
      expect(await vins('if_release=1')).toEqual([vin(3), vin(4)]);
      const first = (await call('GET', `/api/car/carLists?order_id=${orderId}&if_archive=1`)).json().data[0];
      expect(first).toEqual({ id: expect.any(Number), vin: vin(1), model: '丰田 卡罗拉 2020款' });

      const noFlag = await call('GET', `/api/car/carLists?order_id=${orderId}`);
      expect(noFlag.statusCode).toBe(422);
      expect(noFlag.json().message).toBe('请选择要查询的记录类型');
      expect((await call('GET', '/api/car/carLists?order_id=999&if_freight=1')).statusCode).toBe(404);
      expect((await call('GET', '/api/car/carLists?if_freight=1')).json().message).toBe('请选择海外合同');
    });

    it('each flag reads its own stage: cars whose stages differ, every flag answers exactly its car', async () => {
      const orderId = await createOrder({
        order_no: 'HW-FLAGS-1',
        amount: 9,
        cars: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => carLine(vin(n))),
      });
      const otherId = await createOrder({ order_no: 'HW-FLAGS-2', amount: 1, cars: [carLine(vin(20))] });
      const set = (n: number, values: Record<string, unknown>) =>
        t.db.updateTable('vehicles').set(values).where('vin', '=', vin(n)).execute();
      const done = { release: 2, exports: 2, drawback: 2, archive: 2, freight: 2 };
      const none = { release: 0, exports: 0, drawback: 0, archive: 0, freight: 0 };
      // Cars 1 to 5 in filing, each lacking one record only, in the API's order of the flags' columns.
      await set(1, { flow: 'filing', ...done, freight: 0 });
      await set(2, { flow: 'filing', ...done, drawback: 0 });
      await set(3, { flow: 'filing', ...done, release: 0 });
      await set(4, { flow: 'filing', ...done, archive: 0 });
      await set(5, { flow: 'filing', ...done, exports: 0 });
      // In release: only its release pass and export declaration may be made there.
      await set(6, { flow: 'release', ...none });
      // At the registry: nothing these forms make may be made yet.
      await set(7, { flow: 'registry', ...none });
      // Every record made, documents missing (1): not lacking any.
      await set(8, { flow: 'filing', release: 1, exports: 1, drawback: 1, archive: 1, freight: 1 });
      // vin(9): on the contract, not bought. vin(20): another contract's car lacking everything.
      await set(20, { flow: 'filing', ...none });

      const vins = async (flag: string, order = orderId) => {
        const response = await call('GET', `/api/car/carLists?order_id=${order}&${flag}=1`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data.map((row: { vin: string }) => row.vin);
      };
      expect(await vins('if_freight')).toEqual([vin(1)]);
      expect(await vins('if_drawback')).toEqual([vin(2)]);
      expect(await vins('if_release')).toEqual([vin(3), vin(6)]);
      expect(await vins('if_archive')).toEqual([vin(4)]);
      expect(await vins('if_exports')).toEqual([vin(5), vin(6)]);
      for (const flag of ['if_freight', 'if_drawback', 'if_release', 'if_archive', 'if_exports'])
        expect(await vins(flag, otherId), flag).toEqual([vin(20)]);
    });
  });
});
