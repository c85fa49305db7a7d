import { beforeEach, describe, expect, it } from 'vitest';
import { RECORD_DAY_MAX, RECORD_DAY_MIN } from '../../../../contract/common';
import { exportsMessages } from '../../../../contract/release-exports';
import { registryMessages } from '../../../../contract/registry';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import {
  type ExportsFiles,
  exportsForm,
  releaseSetUp,
  uploadExportsFiles,
} from '../../../../tests/helpers/release-exports';
import { carLine, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar } from '../../../../tests/helpers/purchase';
import { plateForm, type RegistryFiles, uploadRegistryFiles } from '../../../../tests/helpers/registry';

/** Days no record of this business states: outside 2000-01-01 … 2100-12-31, or not days at all. */
const REFUSED_DAYS = ['1999-12-31', '2101-01-01', '0202-11-20', '9999-12-31', '2026-02-30', '20261120'];

describe('出口日期 and 预约日期: a day from 2000-01-01 to 2100-12-31', () => {
  const app = contractAppForEachTest({ files: ['overseas', 'purchase'] });
  const { t, call, staff, createOrder, createPurchase } = app;
  let exportsFiles: ExportsFiles;
  let registryFiles: RegistryFiles;
  beforeEach(async () => {
    exportsFiles = await uploadExportsFiles(t.app, staff.token);
    registryFiles = await uploadRegistryFiles(t.app, staff.token);
  });
  const { order, purchaseAtRelease } = releaseSetUp(app);

  const refusal = (response: { statusCode: number; json: () => { message: string; data: unknown } }) => ({
    status: response.statusCode,
    message: response.json().message,
    errors: (response.json().data as { errors?: unknown } | null)?.errors,
  });

  it('saves an export declaration on the first and last day, and refuses any other with 出口日期格式不正确', async () => {
    expect([RECORD_DAY_MIN, RECORD_DAY_MAX]).toEqual(['2000-01-01', '2100-12-31']);
    const orderId = await order('HW-D-1', [vin(1), vin(2)]);
    await purchaseAtRelease(orderId, 'CG-D-1', [vin(1), vin(2)]);

    for (const day of REFUSED_DAYS) {
      const response = await call(
        'POST',
        '/api/car/exportsAdd',
        exportsForm(exportsFiles, orderId, [vin(1)], 6, { exports_date: day }),
      );
      expect(refusal(response), day).toEqual({
        status: 422,
        message: exportsMessages.exportsDate,
        errors: { exports_date: [exportsMessages.exportsDate] },
      });
    }
    expect(await t.db.selectFrom('export_declarations').select('id').execute()).toEqual([]);

    const saved: Record<string, number> = {};
    for (const [day, car] of [
      [RECORD_DAY_MIN, vin(1)],
      [RECORD_DAY_MAX, vin(2)],
    ] as const) {
      const response = await call(
        'POST',
        '/api/car/exportsAdd',
        exportsForm(exportsFiles, orderId, [car], 6, { exports_date: day }),
      );
      expect(response.statusCode, response.body).toBe(200);
      saved[day] = response.json().data.id as number;
      const read = await call('GET', `/api/car/exportsRead?exportsId=${saved[day]}`);
      expect(read.json().data.exports_date).toBe(day);
    }

    // The edit is held to the same days.
    const edit = await call('POST', '/api/car/exportsEdit', {
      ...exportsForm(exportsFiles, orderId, [vin(1)], 6, { exports_date: '2101-01-01' }),
      exports_id: saved[RECORD_DAY_MIN],
    });
    expect(refusal(edit).message).toBe(exportsMessages.exportsDate);
  });

  it('saves a plating appointed on the first and last day, and refuses any other with its 日期格式不正确', async () => {
    const vins = [vin(11), vin(12)];
    const orderId = await createOrder({ order_no: 'HW-D-2', amount: vins.length, cars: vins.map((v) => carLine(v)) });
    const purchaseId = await createPurchase({
      order_id: orderId,
      type: 1,
      purchase_no: 'CG-D-2',
      amount: vins.length,
      car: vins.map((v) => purchaseCar(v)),
    });
    expect((await call('PUT', `/api/purchase/${purchaseId}/handOver`)).statusCode).toBe(200);
    expect((await call('PUT', `/api/car/noentry?purchaseId=${purchaseId}`)).json().data).toEqual({
      moved: 2,
      kept: [],
    });

    for (const day of REFUSED_DAYS) {
      const response = await call('POST', '/api/car/plateAdd', plateForm(registryFiles, vin(11), 8, { yy_date: day }));
      expect(refusal(response), day).toEqual({
        status: 422,
        message: registryMessages.yyDate,
        errors: { yy_date: [registryMessages.yyDate] },
      });
    }
    expect(await t.db.selectFrom('platings').select('id').execute()).toEqual([]);

    for (const [day, car] of [
      [RECORD_DAY_MIN, vin(11)],
      [RECORD_DAY_MAX, vin(12)],
    ] as const) {
      const response = await call('POST', '/api/car/plateAdd', plateForm(registryFiles, car, 8, { yy_date: day }));
      expect(response.statusCode, response.body).toBe(200);
      const read = await call('GET', `/api/car/plateRead?plateId=${response.json().data.id as number}`);
      expect(read.json().data.yy_date).toBe(day);
    }
  });
});
