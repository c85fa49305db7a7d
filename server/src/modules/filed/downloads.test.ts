import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { downloadsMessages, manifestLabels } from '../../../../contract/filed-downloads';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import {
  downloadZip,
  finishContract,
  manifestRows,
  type RecordFiles,
  uploadRecordFiles,
} from '../../../../tests/helpers/filed-downloads';
import { carLine, receiptForm, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar, remitForm } from '../../../../tests/helpers/purchase';
import type { Actor } from '../../app-context';

describe('GET /api/car/downloads: the finished contract’s document zip', () => {
  const { t, call, staff, createOrder, createPurchase, overseasFiles, purchaseFiles } = contractAppForEachTest({
    files: ['overseas', 'purchase'],
  });
  let files: RecordFiles;
  beforeEach(async () => {
    files = await uploadRecordFiles(t.app, staff.token);
  });
  const actor = (): Actor => ({ userId: staff.id, ip: null, requestId: null });

  const VINS = [vin(1), vin(2), vin(3)];

  /** An overseas contract of three vehicles with a receipt, bought by one purchase contract with a remittance, at the yard. */
  const contractAtYard = async (orderNo = 'HW-Z-1', vins = VINS) => {
    const orderId = await createOrder({
      order_no: orderNo,
      amount: vins.length,
      cars: vins.map((v) => carLine(v)),
      contracts: [overseasFiles.contract, overseasFiles.contractScan],
      agreement: overseasFiles.agreement,
    });
    expect((await call('POST', `/api/order/${orderId}/receipt`, receiptForm(overseasFiles))).statusCode).toBe(201);
    expect((await call('PUT', `/api/order/${orderId}/handOver`)).statusCode).toBe(200);
    const purchaseId = await createPurchase({
      order_id: orderId,
      purchase_no: `CG-${orderNo}`,
      amount: vins.length,
      car: vins.map((v) => purchaseCar(v)),
    });
    expect((await call('POST', `/api/purchase/${purchaseId}/remit`, remitForm(purchaseFiles))).statusCode).toBe(201);
    expect((await call('PUT', `/api/purchase/${purchaseId}/handOver`)).statusCode).toBe(200);
    const vehicleIds = (
      await t.db.selectFrom('vehicles').select('id').where('vin', 'in', vins).orderBy('vin').execute()
    ).map((row) => row.id);
    return { id: orderId, purchaseId, vehicleIds };
  };

  const orderStatus = async (orderId: number) =>
    (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

  const refusal = async (orderId: number | string) => {
    const response = await call('GET', `/api/car/downloads?orderId=${orderId}`);
    return { status: response.statusCode, message: response.json().message as string };
  };

  it('zips every document of a finished contract by vehicle and by record, with a 清单 listing each file', async () => {
    const order = await contractAtYard();
    const ids = await finishContract(t.db, actor(), files, order);
    expect(await orderStatus(order.id)).toBe(6);

    const { entries } = await downloadZip(t, call, order.id);
    const [a, b, c] = VINS as [string, string, string];
    // Every file is named by its slot (a list's numbered), whatever the clerk's scanner called it.
    expect(entries.map((entry) => entry.name)).toEqual([
      '清单.xlsx',
      '海外合同/合同-1.pdf',
      '海外合同/合同-2.jpg',
      '海外合同/协议.zip',
      '海外合同/收款-1/支付证明.jpg',
      `采购合同-CG-HW-Z-1/合同-1.pdf`,
      `采购合同-CG-HW-Z-1/付款-1/银行回单.jpg`,
      // One folder per vehicle for its own records, the stage's documents in the form's order.
      `${a}/入库/车架号照片.jpg`,
      `${a}/入库/外观照片.png`,
      `${a}/入库/其他照片-1.png`,
      `${a}/入库/其他照片-2.png`,
      `${a}/上牌/行驶证.jpg`,
      `${a}/上牌/登记证书.pdf`,
      `${a}/上牌/保险单.pdf`,
      `${b}/过户/登记证书.pdf`,
      `${b}/过户/二手车发票.docx`,
      // One folder per record covering several vehicles.
      `出库-${ids.release}/放行条.jpg`,
      `出库-${ids.release}/离场照片.png`,
      `出库-${ids.release}/其他照片-1.png`,
      `出口-${ids.exports}/许可证.pdf`,
      `出口-${ids.exports}/报关资料.docx`,
      `出口-${ids.exports}/报关单.jpg`,
      `出口-${ids.exports}/提单.pdf`,
      `注销-${ids.archive}/注销证明.pdf`,
      `运费-${ids.freight}/运费发票.pdf`,
      `运费-${ids.freight}/运费付款单.jpg`,
      `运费-${ids.freight}/其他照片-1.png`,
    ]);

    // Each entry holds the very bytes that were uploaded.
    const uploads = new Map(
      (await t.db.selectFrom('uploaded_files').select(['url']).execute()).map((row) => [row.url, row.url]),
    );
    expect(uploads.size).toBeGreaterThan(0);
    const stored = async (url: string) =>
      (await import('node:fs/promises')).readFile(join(t.storageDir, url.slice('/storage/'.length)));
    const entry = (name: string) => entries.find((item) => item.name === name)!.bytes;
    expect(entry(`出口-${ids.exports}/报关单.jpg`).equals(await stored(files.exports.bgd_image!))).toBe(true);
    expect(entry(`${a}/上牌/登记证书.pdf`).equals(await stored(files.plate.djz_image!))).toBe(true);
    expect(entry('海外合同/协议.zip').equals(await stored(overseasFiles.agreement))).toBe(true);

    // The 清单 lists every file with its vehicles, stage and uploaded name, all present.
    const rows = manifestRows(entries);
    expect(rows).toHaveLength(entries.length - 1);
    expect(rows.map((row) => row[manifestLabels.path])).toEqual(entries.slice(1).map((item) => item.name));
    expect(rows.every((row) => row[manifestLabels.state] === manifestLabels.present)).toBe(true);
    const row = (path: string) => rows.find((item) => item[manifestLabels.path] === path)!;
    expect(row(`出口-${ids.exports}/报关单.jpg`)).toMatchObject({
      [manifestLabels.stage]: '出口',
      [manifestLabels.document]: '报关单',
      [manifestLabels.vehicles]: [a, b, c].join('、'),
      [manifestLabels.uploadedName]: '报关单.jpg',
    });
    expect(row(`${a}/上牌/保险单.pdf`)).toMatchObject({
      [manifestLabels.stage]: '上牌',
      [manifestLabels.document]: '保险单',
      [manifestLabels.vehicles]: a,
      [manifestLabels.uploadedName]: '保险单..最终版.pdf',
    });
    expect(row(`${a}/入库/其他照片-2.png`)).toMatchObject({
      [manifestLabels.document]: '其他照片',
      [manifestLabels.uploadedName]: '左前.png',
    });
    expect(row('海外合同/合同-1.pdf')).toMatchObject({
      [manifestLabels.stage]: '海外合同',
      [manifestLabels.uploadedName]: '合同.pdf',
    });
    expect(row('海外合同/合同-1.pdf')[manifestLabels.vehicles]).toBeUndefined();
    expect(row(`采购合同-CG-HW-Z-1/付款-1/银行回单.jpg`)).toMatchObject({
      [manifestLabels.stage]: '付款',
      [manifestLabels.vehicles]: [a, b, c].join('、'),
    });
  });

  it('zips only the contract’s own receipts, purchases and records when an older finished contract has its own', async () => {
    const olderVins = [vin(11), vin(12)];
    const older = await contractAtYard('HW-Z-OLD', olderVins);
    const olderIds = await finishContract(t.db, actor(), files, older);
    const order = await contractAtYard('HW-Z-NEW');
    const ids = await finishContract(t.db, actor(), files, order);
    expect([await orderStatus(older.id), await orderStatus(order.id)]).toEqual([6, 6]);

    const { entries } = await downloadZip(t, call, order.id);
    const names = entries.map((entry) => entry.name);
    const [a, b] = VINS as [string, string, string];
    // The top folders are this contract's, its vehicles' (c has no record of its own) and its records'.
    expect([...new Set(names.map((name) => name.split('/')[0]))]).toEqual([
      '清单.xlsx',
      '海外合同',
      '采购合同-CG-HW-Z-NEW',
      a,
      b,
      `出库-${ids.release}`,
      `出口-${ids.exports}`,
      `注销-${ids.archive}`,
      `运费-${ids.freight}`,
    ]);
    expect([
      ...new Set(names.filter((name) => name.startsWith('海外合同/')).map((name) => name.split('/')[1])),
    ]).toEqual(['合同-1.pdf', '合同-2.jpg', '协议.zip', '收款-1']);
    // Receipts and remittances are numbered within their own contract.
    expect(names.filter((name) => name.startsWith('采购合同-CG-HW-Z-NEW/付款-'))).toEqual([
      `采购合同-CG-HW-Z-NEW/付款-1/银行回单.jpg`,
    ]);
    expect(names.filter((name) => name.includes('/收款-'))).toEqual(['海外合同/收款-1/支付证明.jpg']);
    // Nothing of the older contract: its purchase contract, records or vehicles.
    const olderNames = [
      'HW-Z-OLD',
      `出库-${olderIds.release}/`,
      `出口-${olderIds.exports}/`,
      `注销-${olderIds.archive}/`,
      `运费-${olderIds.freight}/`,
      ...olderVins,
    ];
    for (const part of olderNames)
      expect(
        names.filter((name) => name.includes(part)),
        part,
      ).toEqual([]);
    const listed = manifestRows(entries).map((row) => JSON.stringify(row));
    for (const part of olderVins)
      expect(
        listed.filter((row) => row.includes(part)),
        part,
      ).toEqual([]);

    // And the older contract's zip holds its own receipt, not the newer one's.
    const olderZip = (await downloadZip(t, call, older.id)).entries.map((entry) => entry.name);
    expect(olderZip.filter((name) => name.includes('/收款-'))).toEqual(['海外合同/收款-1/支付证明.jpg']);
    expect(olderZip.filter((name) => name.includes('/付款-'))).toEqual(['采购合同-CG-HW-Z-OLD/付款-1/银行回单.jpg']);
    expect(olderZip.filter((name) => VINS.some((v) => name.includes(v)))).toEqual([]);
  });

  it('refuses a contract that is not finished (409, saying why) and one that does not exist (404)', async () => {
    const order = await contractAtYard('HW-Z-2');
    expect(await refusal(order.id)).toEqual({ status: 409, message: downloadsMessages.notFinished });
    await finishContract(t.db, actor(), files, order, { stopBefore: 'freight' });
    expect(await orderStatus(order.id)).toBe(2);
    expect(await refusal(order.id)).toEqual({ status: 409, message: downloadsMessages.notFinished });
    expect(await refusal(999_999)).toEqual({ status: 404, message: downloadsMessages.orderUnknown });
    expect((await refusal('')).status).toBe(422);
    expect((await refusal('abc')).status).toBe(422);
    // Nothing was written for the refusals.
    const exportsDir = join(t.storageDir, 'exports');
    const { readdir } = await import('node:fs/promises');
    const written = await readdir(exportsDir, { recursive: true }).catch(() => []);
    expect(written.filter((name) => String(name).endsWith('.zip'))).toEqual([]);
  });

  it('names entries by slot whatever was uploaded, cleans folder names, lists a file missing on disk without failing', async () => {
    const order = await contractAtYard('HW/Z:3');
    const ids = await finishContract(t.db, actor(), files, order);
    // Names as an older import could have recorded them: separators, a device name, forbidden characters.
    const rename = (url: string, name: string) =>
      t.db.updateTable('uploaded_files').set({ original_name: name }).where('url', '=', url).execute();
    await rename(files.exports.xkz_image!, '..\\..\\许可证<1>.pdf');
    await rename(files.exports.bgzl_image!, 'CON.docx');
    await rename(files.exports.bgd_image!, '报关单?.jpg ');
    // The freight invoice's file is gone from disk.
    await rm(join(t.storageDir, files.freight.yffp_image.slice('/storage/'.length)));

    const { entries } = await downloadZip(t, call, order.id);
    const names = entries.map((entry) => entry.name);
    expect(names.filter((name) => name.startsWith(`出口-${ids.exports}/`))).toEqual([
      `出口-${ids.exports}/许可证.pdf`,
      `出口-${ids.exports}/报关资料.docx`,
      `出口-${ids.exports}/报关单.jpg`,
      `出口-${ids.exports}/提单.pdf`,
    ]);
    // The 清单 keeps what was uploaded beside the entry.
    const uploaded = (path: string) =>
      manifestRows(entries).find((row) => row[manifestLabels.path] === path)?.[manifestLabels.uploadedName];
    expect(uploaded(`出口-${ids.exports}/报关资料.docx`)).toBe('CON.docx');
    expect(uploaded(`出口-${ids.exports}/许可证.pdf`)).toBe('..\\..\\许可证<1>.pdf');
    // A contract number with a separator and a colon makes one clean folder.
    expect(names).toContain('采购合同-CG-HW_Z_3/合同-1.pdf');
    expect(
      names.every((name) => !name.split('/').some((segment) => segment === '..' || /[<>:"\\|?*]/.test(segment))),
    ).toBe(true);
    // The missing file is not in the zip; the 清单 says so.
    expect(names).not.toContain(`运费-${ids.freight}/运费发票.pdf`);
    expect(names).toContain(`运费-${ids.freight}/运费付款单.jpg`);
    const missing = manifestRows(entries).filter((row) => row[manifestLabels.state] === manifestLabels.missing);
    expect(missing).toEqual([
      expect.objectContaining({
        [manifestLabels.path]: `运费-${ids.freight}/运费发票.pdf`,
        [manifestLabels.document]: '运费发票',
        [manifestLabels.uploadedName]: '运费发票.pdf',
      }),
    ]);
  });

  it('answers a zip path the clerk downloads with the token, and only with it', async () => {
    const order = await contractAtYard('HW-Z-4');
    await finishContract(t.db, actor(), files, order);
    const { path, onDisk } = await downloadZip(t, call, order.id);
    const download = await call('GET', path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.rawPayload.equals(onDisk)).toBe(true);
    const anonymous = await t.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/car/downloads?orderId=${order.id}` });
    expect(unsigned.statusCode).toBe(401);
  });
});
