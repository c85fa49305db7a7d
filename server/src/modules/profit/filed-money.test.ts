import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/common';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import {
  contractInFiling,
  drawbackForm,
  type FilingFiles,
  freightForm,
  uploadFilingFiles,
} from '../../../../tests/helpers/filed';
import { historyEvents } from '../../../../tests/helpers/history';
import { vin } from '../../../../tests/helpers/overseas';

/*
 * The amounts profit reads, entered where the work is done (issue 26): 运费金额 on freightAdd/freightEdit,
 * 退税金额 on drawbackAdd and the new drawbackEdit. Optional: absent is "not recorded", 0 is an amount.
 */
describe('freight and tax refund amounts (运费金额, 退税金额)', () => {
  const app = contractAppForEachTest({ files: ['overseas', 'purchase'] });
  const { t, call, staff, readOrder } = app;
  let files: FilingFiles;
  beforeEach(async () => {
    files = await uploadFilingFiles(t.app, staff.token);
  });
  const send = async (url: string, body: object) => {
    const response = await call('POST', url, body);
    return { status: response.statusCode, message: response.json().message as string, data: response.json().data };
  };
  const read = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('refuses a negative, three-decimal or too large amount in Chinese, clamps nothing, and keeps absent apart from 0', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-M-1', [vin(1), vin(2)]);
    const freight = (money: unknown) =>
      send('/api/car/freightAdd', freightForm(files.filed, orderId, [vin(1)], 2, { freight_money: money }));
    const drawback = (money: unknown) =>
      send('/api/car/drawbackAdd', drawbackForm(orderId, [vin(1)], { drawback_money: money }));
    expect(await freight(-1)).toMatchObject({ status: 422, message: '运费金额不能为负数' });
    expect(await freight('1.234')).toMatchObject({ status: 422, message: '运费金额最多两位小数' });
    expect(await freight(1_000_000_000_000)).toMatchObject({
      status: 422,
      message: '运费金额不能超过 999,999,999,999.99',
    });
    expect(await freight('abc')).toMatchObject({ status: 422, message: '运费金额格式不正确' });
    expect(await drawback('-0.01')).toMatchObject({ status: 422, message: '退税金额不能为负数' });
    expect(await drawback(0.001)).toMatchObject({ status: 422, message: '退税金额最多两位小数' });
    expect(await drawback('1000000000000')).toMatchObject({
      status: 422,
      message: '退税金额不能超过 999,999,999,999.99',
    });
    // Nothing was saved by a refusal.
    expect(await t.db.selectFrom('freights').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('tax_refunds').selectAll().execute()).toEqual([]);

    // Absent: not recorded (null); "0": a recorded amount of 0.
    const noAmount = await freight(undefined);
    expect(noAmount.status).toBe(200);
    const zero = await drawback('0');
    expect(zero.status).toBe(200);
    expect((await read(`/api/car/freightSingle?freightId=${noAmount.data.id}`)).freight_money).toBeNull();
    expect((await read(`/api/car/drawbackSingle?drawbackId=${zero.data.id}`)).drawback_money).toBe(0);
    const profit = await read(`/api/order/${orderId}/profit`);
    expect(profit.cars[0]).toMatchObject({ freight: null, drawback: '0.00' });
    expect(profit.cars[0].reasons).toContain('运费未录入');
    expect(profit.cars[0].reasons).not.toContain('退税未录入');
  });

  it('saves the freight amount on add and edit, shows it on the records, and writes its change to the history', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-M-2', [vin(1), vin(2)]);
    const added = await send(
      '/api/car/freightAdd',
      freightForm(files.filed, orderId, [vin(1), vin(2)], 2, { freight_money: '1234.5' }),
    );
    expect(added.status).toBe(200);
    const record = await read(`/api/car/freightSingle?freightId=${added.data.id}`);
    expect(record.freight_money).toBe(1234.5);
    expect((await readOrder(orderId)).freight[0].freight_money).toBe(1234.5);
    const edited = await send(
      '/api/car/freightEdit',
      freightForm(files.filed, orderId, [vin(1), vin(2)], 2, {
        freight_id: added.data.id,
        updated_at: record.updated_at,
        freight_money: 2000.01,
      }),
    );
    expect(edited.status).toBe(200);
    expect((await read(`/api/car/freightSingle?freightId=${added.data.id}`)).freight_money).toBe(2000.01);
    const events = await historyEvents(t.db, { entity: 'freight', entityId: added.data.id, action: 'update' });
    expect(events.map((event) => event.changed)).toEqual([{ freight_money: ['1234.50', '2000.01'] }]);
    // The profit shares it equally: 1,000.01 and 1,000.00.
    const profit = await read(`/api/order/${orderId}/profit`);
    expect(profit.cars.map((car: { freight: string }) => car.freight)).toEqual(['1000.01', '1000.00']);
  });

  it('edits a tax refund (drawbackEdit): its cars and amount, refused when stale, history written', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-M-3', [vin(1), vin(2)]);
    const added = await send('/api/car/drawbackAdd', drawbackForm(orderId, [vin(1)]));
    expect(added.status).toBe(200);
    const record = await read(`/api/car/drawbackSingle?drawbackId=${added.data.id}`);
    expect(record).toMatchObject({
      id: added.data.id,
      drawback_id: added.data.id,
      order_id: orderId,
      order_no: 'HW-M-3',
      drawbackcar: [expect.objectContaining({ vin: vin(1) })],
      drawback_money: null,
    });
    const edit = (body: Record<string, unknown>) =>
      send('/api/car/drawbackEdit', drawbackForm(orderId, [vin(1), vin(2)], { drawback_id: added.data.id, ...body }));
    const saved = await edit({ updated_at: record.updated_at, drawback_money: '800' });
    expect(saved).toMatchObject({ status: 200, message: '编辑成功', data: { id: added.data.id } });
    const after = await read(`/api/car/drawbackSingle?drawbackId=${added.data.id}`);
    expect(after.drawback_money).toBe(800);
    expect(after.drawbackcar.map((car: { vin: string }) => car.vin)).toEqual([vin(1), vin(2)]);
    expect((await readOrder(orderId)).drawback[0].drawback_money).toBe(800);
    // The form read before this save is stale now.
    expect(await edit({ updated_at: record.updated_at, drawback_money: '900' })).toMatchObject({
      status: 409,
      message: messages.staleRecord,
    });
    expect(await edit({ updated_at: after.updated_at, drawback_money: '-5' })).toMatchObject({
      status: 422,
      message: '退税金额不能为负数',
    });
    expect((await send('/api/car/drawbackEdit', drawbackForm(orderId, [vin(1)], { drawback_id: 99999 }))).status).toBe(
      404,
    );
    const events = await historyEvents(t.db, { entity: 'drawback', entityId: added.data.id, action: 'update' });
    expect(events).toHaveLength(1);
    expect(events[0]?.changed).toMatchObject({ drawback_money: [null, '800.00'] });
    expect((await call('GET', '/api/car/drawbackSingle?drawbackId=99999')).statusCode).toBe(404);
  });
});
