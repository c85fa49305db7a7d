import { utils } from 'xlsx';
import { describe, expect, it } from 'vitest';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { exportSheet as readExport, rowsOf } from '../../../../tests/helpers/export-sheet';
import { vin } from '../../../../tests/helpers/overseas';
import { purchaseCar, remitForm } from '../../../../tests/helpers/purchase';

const LGB = (n: number) => vin(n, 'LGB');

describe('purchase contract export', () => {
  const { t, call, purchaseFiles: files, createPurchase } = contractAppForEachTest({ files: ['purchase'] });
  const exportSheet = (url: string) => readExport(t, call, url, '采购合同');

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/purchase/export' })).statusCode).toBe(401);
  });

  it('writes one row per vehicle with its contract, money as two-decimal numbers', async () => {
    const id = await createPurchase({ total: 300_000.5 });
    await call('POST', `/api/purchase/${id}/remit`, remitForm(files, { amount: 1000.25 }));
    await t.db.updateTable('purchases').set({ created_at: '2026-11-20T02:00:00.000Z' }).where('id', '=', id).execute();
    const empty = await createPurchase({ purchase_no: 'CG-EMPTY', type: 1, car: [] });

    const sheet = await exportSheet('/api/purchase/export');
    expect(utils.sheet_to_json(sheet, { header: 1 })[0]).toEqual([
      'ID',
      '采购合同号',
      '合同类型',
      '海外合同号',
      '客户名称',
      '采购数量',
      '合同总额(CNY)',
      '已打款(CNY)',
      '打款状态',
      '移交入库',
      '车架号',
      '车型车系',
      '采购价格',
      '服务费',
      '其他费用',
      '创建时间',
    ]);
    const contract = {
      ID: id,
      采购合同号: 'CG-2026-001',
      合同类型: '二手车',
      客户名称: '杭州二手车行',
      采购数量: 3,
      '合同总额(CNY)': 300_000.5,
      '已打款(CNY)': 1000.25,
      打款状态: '未完成',
      移交入库: '未移交',
      车型车系: '大众 帕萨特 2021款',
      创建时间: expect.any(Date),
    };
    const rows = rowsOf(sheet);
    expect(rows).toEqual([
      expect.objectContaining({ ID: empty, 采购合同号: 'CG-EMPTY', 合同类型: '新车' }),
      { ...contract, 车架号: LGB(1), 采购价格: 150_000, 服务费: 0, 其他费用: 0 },
      { ...contract, 车架号: LGB(2), 采购价格: 120_000.5, 服务费: 500, 其他费用: 20.25 },
    ]);
    expect(rows[0]).not.toHaveProperty('车架号');
    expect(sheet.G3).toMatchObject({ t: 'n', v: 300_000.5, z: '#,##0.00' });
    // Wall-clock time in Asia/Shanghai.
    expect((sheet.P3?.v as Date).toISOString()).toMatch(/^2026-11-20T10:00:00/);
  });

  it('writes text a spreadsheet would run as a formula as a plain string', async () => {
    await createPurchase({ purchase_no: '-CG-9', name: '=HYPERLINK("http://evil.example","点我")', car: [] });
    const sheet = await exportSheet('/api/purchase/export');
    expect(sheet.B2).toMatchObject({ t: 's', v: `'-CG-9` });
    expect(sheet.E2).toMatchObject({ t: 's', v: `'=HYPERLINK("http://evil.example","点我")` });
    for (const address of Object.keys(sheet).filter((key) => !key.startsWith('!'))) {
      expect(sheet[address]?.f, address).toBeUndefined();
    }
  });

  it('exports only what the list filters select', async () => {
    await createPurchase({ purchase_no: 'A-1', name: '杭州车行', car: [purchaseCar(LGB(1))] });
    await createPurchase({ purchase_no: 'B-2', name: '上海车源', car: [purchaseCar(LGB(2))] });
    const numbers = async (query: string) =>
      rowsOf(await exportSheet(`/api/purchase/export?${query}`)).map((row) => row['采购合同号']);
    expect(await numbers('')).toEqual(['B-2', 'A-1']);
    expect(await numbers('name=上海')).toEqual(['B-2']);
    expect(await numbers(`vin=${LGB(1)}`)).toEqual(['A-1']);
    expect(await numbers('remit_status=1')).toEqual([]);
    expect((await call('GET', '/api/purchase/export?total=-1')).statusCode).toBe(422);
  });
});
