import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_BUSY_MESSAGE } from '../../../../contract/export';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import {
  finishContract,
  readZip,
  type RecordFiles,
  uploadRecordFiles,
} from '../../../../tests/helpers/filed-downloads';
import { uploadFixture } from '../../../../tests/helpers/factories';
import { carLine, receiptForm, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar, remitForm } from '../../../../tests/helpers/purchase';
import type { Actor } from '../../app-context';
import { beginBuild, type BuildSlot } from '../../platform/storage/export-budget';

/**
 * Issue 20, point 2: the zip is built once, not per click. Six parallel 下载 used to write six full zips
 * (+3 GB in 14 s on the probe's contract); now they share one build and one file, a changed document
 * makes a new one, a third build at once and a full export folder answer 429. Over real HTTP, as the
 * probe sent them.
 */
describe('GET /api/car/downloads under many clicks', () => {
  const { t, call, staff, createOrder, createPurchase, overseasFiles, purchaseFiles } = contractAppForEachTest({
    files: ['overseas', 'purchase'],
  });
  let files: RecordFiles;
  beforeEach(async () => {
    files = await uploadRecordFiles(t.app, staff.token);
  });
  const actor = (): Actor => ({ userId: staff.id, ip: null, requestId: null });

  /** A finished overseas contract of two vehicles with every document; answers its id and record ids. */
  const finishedContract = async (orderNo: string, vins: string[]) => {
    const orderId = await createOrder({
      order_no: orderNo,
      amount: vins.length,
      cars: vins.map((v) => carLine(v)),
      contracts: [overseasFiles.contract],
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
    const ids = await finishContract(t.db, actor(), files, { id: orderId, purchaseId, vehicleIds });
    return { id: orderId, ...ids };
  };

  /** The server on a real socket; answers a GET with the clerk's token. */
  const listening = async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    return async (url: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${url}`, {
        headers: { authorization: `Bearer ${staff.token}` },
      });
      return { status: response.status, body: (await response.json()) as { message: string; data: unknown } };
    };
  };

  const zipPathOf = (body: { data: unknown }) => (body.data as { path: string }).path;

  /** Every file under STORAGE_DIR/exports/, with its size. */
  const exportFiles = async () => {
    const folder = join(t.storageDir, 'exports');
    const names = (await readdir(folder, { recursive: true }).catch(() => [])).map(String);
    const found: { name: string; size: number }[] = [];
    for (const name of names) {
      const info = await stat(join(folder, name));
      if (info.isFile()) found.push({ name, size: info.size });
    }
    return found;
  };
  const zipsOnDisk = async () => (await exportFiles()).filter((file) => file.name.endsWith('.zip'));
  const onDisk = (path: string) => join(t.storageDir, path.slice('/storage/'.length));

  it('answers six parallel clicks with one build: the same path, one zip on disk; a changed document makes a new one', async () => {
    const order = await finishedContract('HW-B-1', [vin(1), vin(2)]);
    const get = await listening();

    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`/api/car/downloads?orderId=${order.id}`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const paths = new Set(answers.map((answer) => zipPathOf(answer.body)));
    expect(paths.size).toBe(1);
    const [path] = [...paths] as [string];
    // The disk grew by one zip, and nothing half-written is left beside it.
    const afterSix = await exportFiles();
    expect(afterSix.filter((file) => file.name.endsWith('.zip'))).toHaveLength(1);
    expect(afterSix.filter((file) => !file.name.endsWith('.zip'))).toEqual([]);
    const first = await readFile(onDisk(path));
    const names = (await readZip(first)).map((entry) => entry.name);
    expect(names).toContain(`运费-${order.freight}/运费发票.pdf`);

    // A later click, and a record saved without a change of its files, reuse it.
    await t.db.updateTable('freights').set({ updated_at: '2027-01-01 00:00:00' }).execute();
    const again = await get(`/api/car/downloads?orderId=${order.id}`);
    expect(zipPathOf(again.body)).toBe(path);
    expect(await zipsOnDisk()).toHaveLength(1);
    expect((await readFile(onDisk(path))).equals(first)).toBe(true);

    // The freight invoice replaced by another file: a new zip holding the new file.
    const replacement = await uploadFixture(
      t.app,
      staff.token,
      'document',
      'scans/deregistration-certificate.docx',
      '运费发票-更正.docx',
    );
    await t.db.updateTable('freights').set({ yffp_image: replacement }).where('id', '=', order.freight!).execute();
    const changed = await Promise.all([1, 2, 3].map(() => get(`/api/car/downloads?orderId=${order.id}`)));
    const changedPaths = new Set(changed.map((answer) => zipPathOf(answer.body)));
    expect(changedPaths.size).toBe(1);
    const [newPath] = [...changedPaths] as [string];
    expect(newPath).not.toBe(path);
    expect(await zipsOnDisk()).toHaveLength(2);
    const newEntries = await readZip(await readFile(onDisk(newPath)));
    const invoice = newEntries.find((entry) => entry.name === `运费-${order.freight}/运费发票.docx`);
    expect(invoice?.bytes.equals(await readFile(onDisk(replacement)))).toBe(true);
    expect(newEntries.map((entry) => entry.name)).not.toContain(`运费-${order.freight}/运费发票.pdf`);

    // A zip the day-old sweep removed is built again under the same name.
    await rm(onDisk(newPath));
    const rebuilt = await get(`/api/car/downloads?orderId=${order.id}`);
    expect(rebuilt.status).toBe(200);
    expect(zipPathOf(rebuilt.body)).toBe(newPath);
    expect((await stat(onDisk(newPath))).isFile()).toBe(true);
  });

  it('answers 429 to a third build at once, while a zip already built is still handed out', async () => {
    const ready = await finishedContract('HW-B-2', [vin(3), vin(4)]);
    const waiting = await finishedContract('HW-B-3', [vin(5), vin(6)]);
    const get = await listening();
    const built = await get(`/api/car/downloads?orderId=${ready.id}`);
    expect(built.status).toBe(200);

    // Two builds in progress (EXPORT_CONCURRENCY's default), held open in the server's own budget.
    const held: BuildSlot[] = [];
    for (const name of ['a', 'b']) {
      held.push(await beginBuild(t.config, t.app.ctx.storage, `exports/held-${name}`, 1024));
    }
    try {
      const third = await Promise.all([1, 2, 3].map(() => get(`/api/car/downloads?orderId=${waiting.id}`)));
      for (const answer of third) {
        expect(answer.status).toBe(429);
        expect(answer.body).toEqual({ code: 429, message: EXPORT_BUSY_MESSAGE, data: null });
      }
      // Reuse needs no build.
      const reused = await get(`/api/car/downloads?orderId=${ready.id}`);
      expect(reused.status).toBe(200);
      expect(zipPathOf(reused.body)).toBe(zipPathOf(built.body));
      expect(await zipsOnDisk()).toHaveLength(1);
    } finally {
      for (const slot of held) slot.end();
    }
    expect((await get(`/api/car/downloads?orderId=${waiting.id}`)).status).toBe(200);
    expect(await zipsOnDisk()).toHaveLength(2);
  });

  it('answers 429 to a new zip and a new Excel export when the export folder holds EXPORTS_MAX_MB', async () => {
    const ready = await finishedContract('HW-B-4', [vin(7), vin(8)]);
    const refused = await finishedContract('HW-B-5', [vin(9), vin(10)]);
    const get = await listening();
    const built = await get(`/api/car/downloads?orderId=${ready.id}`);
    expect(built.status).toBe(200);

    // Earlier exports filling the 5,000 MB default (a sparse file: its size counts, no disk is used).
    const filler = join(t.storageDir, 'exports', 'filler.xlsx');
    const handle = await open(filler, 'w');
    await handle.truncate(t.config.exportsMaxBytes);
    await handle.close();

    const zip = await get(`/api/car/downloads?orderId=${refused.id}`);
    expect(zip).toEqual({ status: 429, body: { code: 429, message: EXPORT_BUSY_MESSAGE, data: null } });
    const excel = await get('/api/order/export');
    expect(excel).toEqual({ status: 429, body: { code: 429, message: EXPORT_BUSY_MESSAGE, data: null } });
    // The zip already on disk takes no more room: still handed out.
    expect(zipPathOf((await get(`/api/car/downloads?orderId=${ready.id}`)).body)).toBe(zipPathOf(built.body));
    expect(await zipsOnDisk()).toHaveLength(1);

    // Room again (the sweep took the old exports): both are written.
    await rm(filler);
    expect((await get(`/api/car/downloads?orderId=${refused.id}`)).status).toBe(200);
    expect((await get('/api/order/export')).status).toBe(200);
  });
});
