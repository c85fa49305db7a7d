import { beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../tests/helpers/history';
import { messages } from '../../../contract/common';
import { stageMessages } from '../../../contract/stage';
import { contractAppForEachTest } from '../../../tests/helpers/contract-app';
import { carLine, orderForm, receiptForm, vin } from '../../../tests/helpers/overseas';
import { type EntryFiles, entryForm, uploadEntryFiles } from '../../../tests/helpers/pickup';
import { purchaseCar, purchaseForm } from '../../../tests/helpers/purchase';
import { loginRequest, md5md5 } from '../../../tests/helpers/factories';

/**
 * API.md's rule for simultaneous saves, the same on both databases: an update without `updated_at` is
 * last-writer-wins (20 parallel PUTs all answer 200), one with a stale `updated_at` is refused, and
 * 20 parallel first adds of one vehicle's record make one record and 19 refusals naming it.
 */
describe('simultaneous saves', () => {
  const { call, staff, t, overseasFiles, purchaseFiles, createOrder, createPurchase, readOrder } =
    contractAppForEachTest({ files: ['overseas', 'purchase'] });
  const PARALLEL = 20;
  const statuses = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  };
  const inParallel = <T>(make: (n: number) => Promise<T>) =>
    Promise.all(Array.from({ length: PARALLEL }, (_, n) => make(n)));

  it('20 parallel overseas-contract saves without updated_at all answer 200; the last one written stays', async () => {
    const id = await createOrder();
    const responses = await inParallel((n) =>
      call('PUT', `/api/order/${id}`, orderForm(overseasFiles, { agent_name: `代理人${n}` })),
    );
    expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual({ 200: PARALLEL });
    const order = await readOrder(id);
    expect(order.agent_name).toMatch(/^代理人\d+$/);
    expect(order.cars.map((car: { vin: string }) => car.vin)).toEqual([vin(1), vin(2)]);
    // Every save was written after the one before it: one audit row each.
    const audits = await historyEvents(t.db, { entity: 'order', action: 'update' });
    expect(audits).toHaveLength(PARALLEL);
  });

  it('a save that sends a stale updated_at is still refused, on both databases', async () => {
    const id = await createOrder();
    const read = await readOrder(id);
    const first = await call('PUT', `/api/order/${id}`, orderForm(overseasFiles, { updated_at: read.updated_at }));
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call(
      'PUT',
      `/api/order/${id}`,
      orderForm(overseasFiles, { agent_name: '代理人乙', updated_at: read.updated_at }),
    );
    expect([stale.statusCode, stale.json().message]).toEqual([409, messages.staleRecord]);
    // Twenty sending the same fresh copy at once: one is written, the others were overtaken.
    const fresh = (await readOrder(id)).updated_at as string;
    const racing = await inParallel((n) =>
      call('PUT', `/api/order/${id}`, orderForm(overseasFiles, { agent_name: `代理人${n}`, updated_at: fresh })),
    );
    expect(statuses(racing)).toEqual({ 200: 1, 409: PARALLEL - 1 });
  });

  it('20 parallel receipt saves without updated_at all answer 200', async () => {
    const orderId = await createOrder();
    const created = await call('POST', `/api/order/${orderId}/receipt`, receiptForm(overseasFiles));
    expect(created.statusCode, created.body).toBe(201);
    const receiptId = created.json().data.id as number;
    const responses = await inParallel((n) =>
      call('PUT', `/api/receipt/${receiptId}`, {
        receipt_no: `SK-${n}`,
        receipted_at: '2026-11-20',
        settlement: 100 + n,
      }),
    );
    expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual({ 200: PARALLEL });
  });

  it('20 parallel customer saves without updated_at all answer 200', async () => {
    const created = await call('POST', '/api/customer', { name: '客户甲', type_id: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const responses = await inParallel((n) =>
      call('PUT', `/api/customer/${id}`, { name: `客户${n}`, type_id: 1, address: `地址${n}` }),
    );
    expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual({ 200: PARALLEL });
  });

  it('20 parallel purchase-contract saves without updated_at all answer 200', async () => {
    const id = await createPurchase();
    const responses = await inParallel((n) =>
      call('PUT', `/api/purchase/${id}`, purchaseForm(purchaseFiles, { name: `杭州二手车行${n}` })),
    );
    expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual({ 200: PARALLEL });
  });

  describe('staff accounts', () => {
    const createAccount = async () => {
      const created = await call('POST', '/api/user', {
        username: 'zhao_liu',
        nickname: '赵六',
        phone_number: '13912345678',
        password: md5md5('Secret-123'),
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().data.id as number;
    };
    const accountForm = (n: number, extra: Record<string, unknown> = {}) => ({
      username: 'zhao_liu',
      nickname: `赵六${n}`,
      phone_number: '13912345678',
      ...extra,
    });

    it('20 parallel staff saves without updated_at all answer 200', async () => {
      const id = await createAccount();
      const responses = await inParallel((n) => call('PUT', `/api/user/${id}`, accountForm(n)));
      expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual({ 200: PARALLEL });
      const read = await call('GET', `/api/user/${id}`);
      expect(read.json().data.nickname).toMatch(/^赵六\d+$/);
      const audits = await historyEvents(t.db, { entity: 'user', entityId: id, action: 'update' });
      expect(audits).toHaveLength(PARALLEL);
    });

    it('saves with a new password, hashed before the row is taken, all answer 200 and the last password stands', async () => {
      const id = await createAccount();
      // One address may hash at most 4 passwords at once (the login queue's bound, issue 20 point 4).
      const passwords = ['Secret-a1', 'Secret-b2', 'Secret-c3', 'Secret-d4'];
      const responses = await Promise.all(
        passwords.map((password, n) => call('PUT', `/api/user/${id}`, accountForm(n, { password: md5md5(password) }))),
      );
      expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual({ 200: passwords.length });
      const last = (await call('GET', `/api/user/${id}`)).json().data.nickname as string;
      const lastPassword = passwords[Number(last.replace('赵六', ''))] as string;
      const login = await loginRequest(t.app, 'zhao_liu', lastPassword);
      expect(login.statusCode, login.body).toBe(200);
    });

    it('a staff save that sends a stale updated_at is refused', async () => {
      const id = await createAccount();
      const read = (await call('GET', `/api/user/${id}`)).json().data.updated_at as string;
      const first = await call('PUT', `/api/user/${id}`, accountForm(1, { updated_at: read }));
      expect(first.statusCode, first.body).toBe(200);
      const stale = await call('PUT', `/api/user/${id}`, accountForm(2, { updated_at: read }));
      expect([stale.statusCode, stale.json().message]).toEqual([409, messages.staleRecord]);
      expect((await call('GET', `/api/user/${id}`)).json().data.nickname).toBe('赵六1');
      // Twenty sending the same fresh copy at once: one is written, the others were overtaken.
      const fresh = (await call('GET', `/api/user/${id}`)).json().data.updated_at as string;
      const racing = await inParallel((n) => call('PUT', `/api/user/${id}`, accountForm(n, { updated_at: fresh })));
      expect(statuses(racing)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    });
  });

  describe('adds of one vehicle', () => {
    let entryFiles: EntryFiles;
    beforeEach(async () => {
      entryFiles = await uploadEntryFiles(t.app, staff.token);
    });

    it('20 parallel entryAdd for one car: one check-in, 19 refusals that name it', async () => {
      const orderId = await createOrder({ order_no: 'HW-SIM-1', amount: 1, cars: [carLine(vin(1))] });
      const purchaseId = await createPurchase({ order_id: orderId, amount: 1, car: [purchaseCar(vin(1))] });
      const handOver = await call('PUT', `/api/purchase/${purchaseId}/handOver`);
      expect(handOver.statusCode, handOver.body).toBe(200);

      const responses = await inParallel((n) =>
        call('POST', '/api/car/entryAdd', entryForm(entryFiles, vin(1), { dl_name: `代理${n}` })),
      );
      expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual({ 200: 1, 409: PARALLEL - 1 });
      const saved = responses.find((r) => r.statusCode === 200)!;
      const id = saved.json().data.id as number;
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toEqual({
          code: 409,
          message: stageMessages.alreadyRecorded(vin(1), 'entry'),
          data: { id },
        });
      }
      expect(stageMessages.alreadyRecorded(vin(1), 'entry')).toBe(`车辆 ${vin(1)} 已有入库记录，请编辑原记录`);
      const rows = await t.db.selectFrom('check_ins').select(['id', 'dl_name']).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(id);
    });
  });
});
