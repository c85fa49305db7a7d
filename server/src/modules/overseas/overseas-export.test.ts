import { utils } from 'xlsx';
import { describe, expect, it } from 'vitest';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { exportSheet as readExport, rowsOf } from '../../../../tests/helpers/export-sheet';
import { carLine, receiptForm, vin } from '../../../../tests/helpers/overseas';

describe('overseas contract exports', () => {
  const { t, call, overseasFiles: files, createOrder } = contractAppForEachTest();
  const exportSheet = (url: string) => readExport(t, call, url);

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/order/export' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/order/receipt/export' })).statusCode).toBe(401);
  });

  it('exports the contract list: Chinese headers, widths, money as two-decimal numbers, dates as dates', async () => {
    const id = await createOrder({ total: 30000.5 });
    await call('POST', `/api/order/${id}/receipt`, receiptForm(files, { amount: 1000.25 }));
    await t.db.updateTable('orders').set({ created_at: '2026-11-20T02:00:00.000Z' }).where('id', '=', id).execute();

    const sheet = await exportSheet('/api/order/export');
    expect(utils.sheet_to_json(sheet, { header: 1 })[0]).toEqual([
      'ID',
      '海外合同号',
      '客户名称',
      '国家',
      '代理人',
      '订购数量',
      '已录车辆',
      '币种',
      '合同总额',
      '已收款',
      '未收款',
      '车架号',
      '创建时间',
    ]);
    expect(sheet['!cols']?.every((column) => (column.wch ?? 0) >= 8)).toBe(true);
    expect(rowsOf(sheet)).toEqual([
      {
        ID: id,
        海外合同号: 'HW-2026-001',
        客户名称: 'Global Motors LLC',
        国家: '阿联酋',
        代理人: '代理人甲',
        订购数量: 3,
        已录车辆: 2,
        币种: 'USD',
        合同总额: 30000.5,
        已收款: 1000.25,
        未收款: 29000.25,
        车架号: `${vin(1)}, ${vin(2)}`,
        创建时间: expect.any(Date),
      },
    ]);
    expect(sheet.I2).toMatchObject({ t: 'n', v: 30000.5, z: '#,##0.00' });
    expect(sheet.M2).toMatchObject({ t: 'd', z: 'yyyy-mm-dd hh:mm:ss' });
    // Wall-clock time in Asia/Shanghai.
    expect((sheet.M2?.v as Date).toISOString()).toMatch(/^2026-11-20T10:00:00/);
  });

  it('writes text a spreadsheet would run as a formula as a plain string', async () => {
    await createOrder({
      order_no: '-HW-9',
      name: '=HYPERLINK("http://evil.example","点我")',
      agent_name: '+1+1',
      country: '@SUM(A1)',
      cars: [],
    });
    const sheet = await exportSheet('/api/order/export');
    expect(sheet.B2).toMatchObject({ t: 's', v: `'-HW-9` });
    expect(sheet.C2).toMatchObject({ t: 's', v: `'=HYPERLINK("http://evil.example","点我")` });
    expect(sheet.D2).toMatchObject({ t: 's', v: `'@SUM(A1)` });
    expect(sheet.E2).toMatchObject({ t: 's', v: `'+1+1` });
    for (const address of Object.keys(sheet).filter((key) => !key.startsWith('!'))) {
      expect(sheet[address]?.f, address).toBeUndefined();
    }
  });

  it('exports only the contracts the list’s filters select, newest first', async () => {
    await createOrder({ order_no: 'A-1', name: 'Dubai Trading', cars: [carLine(vin(1))] });
    await createOrder({ order_no: 'B-2', name: 'Lagos Autos', cars: [carLine(vin(2))] });
    await createOrder({ order_no: 'C-3', name: 'dubai motors', cars: [] });
    const numbers = async (query: string) =>
      rowsOf(await exportSheet(`/api/order/export?${query}`)).map((row) => row['海外合同号']);
    expect(await numbers('')).toEqual(['C-3', 'B-2', 'A-1']);
    expect(await numbers('name=DUBAI')).toEqual(['C-3', 'A-1']);
    expect(await numbers(`vin=${vin(2)}`)).toEqual(['B-2']);
    expect(await numbers('order_no=zzz')).toEqual([]);
    // Paging is not a filter of an export: ignored like any unknown parameter.
    expect(await numbers('page=2&limit=1')).toEqual(['C-3', 'B-2', 'A-1']);
    expect((await call('GET', '/api/order/export?total=1.234')).statusCode).toBe(422);
  });

  it('exports the receipt sheet of the selected contracts', async () => {
    const usd = await createOrder({ order_no: 'USD-1', total: 5000 });
    const cny = await createOrder({ order_no: 'CNY-1', currency: 'CNY', name: '国内客户', cars: [] });
    await call(
      'POST',
      `/api/order/${usd}/receipt`,
      receiptForm(files, { amount: 1500.5, receipt_no: 'SK-1', receipted_at: '2026-11-02', is_deposit: 1 }),
    );
    const second = (
      await call(
        'POST',
        `/api/order/${usd}/receipt`,
        receiptForm(files, { amount: 100, receipt_no: '=2+3', receipted_at: '2026-11-03' }),
      )
    ).json().data.id;
    await call('PUT', `/api/receipt/${second}`, {
      receipt_no: '=2+3',
      receipted_at: '2026-11-03',
      settlement: 700.12,
      actual_total: 699,
      registered_address: '上海',
    });
    await call(
      'POST',
      `/api/order/${cny}/receipt`,
      receiptForm(files, { amount: 88.8, currency: 'CNY', receipt_no: 'SK-C' }),
    );

    const sheet = await exportSheet('/api/order/receipt/export');
    expect(utils.sheet_to_json(sheet, { header: 1 })[0]).toEqual([
      '海外合同号',
      '客户名称',
      '合同币种',
      '合同总额',
      '收款金额',
      '收款币种',
      '收款单号',
      '收款日期',
      '是否定金',
      '汇款人',
      '结汇金额',
      '实际到账金额',
      '注册地址',
      '录入时间',
    ]);
    const rows = rowsOf(sheet);
    expect(rows.map((row) => row['收款单号'])).toEqual(['SK-C', 'SK-1', `'=2+3`]);
    expect(rows[1]).toMatchObject({
      海外合同号: 'USD-1',
      合同总额: 5000,
      收款金额: 1500.5,
      收款币种: 'USD',
      是否定金: '是',
    });
    expect(rows[2]).toMatchObject({ 结汇金额: 700.12, 实际到账金额: 699, 注册地址: '上海', 是否定金: '否' });
    expect(sheet.E3).toMatchObject({ t: 'n', v: 1500.5, z: '#,##0.00' });
    expect(sheet.H3).toMatchObject({ t: 'd', z: 'yyyy-mm-dd' });
    expect((sheet.H3?.v as Date).toISOString()).toMatch(/^2026-11-02T00:00:00/);
    expect(sheet.G4).toMatchObject({ t: 's' });
    expect(sheet.G4?.f).toBeUndefined();

    const filtered = rowsOf(await exportSheet('/api/order/receipt/export?order_no=cny'));
    expect(filtered.map((row) => row['收款单号'])).toEqual(['SK-C']);
  });
});
