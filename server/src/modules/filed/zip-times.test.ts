import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manifestLabels } from '../../../../contract/filed-downloads';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import {
  downloadZip,
  finishContract,
  type RecordFiles,
  uploadRecordFiles,
} from '../../../../tests/helpers/filed-downloads';
import { carLine, receiptForm, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar, remitForm } from '../../../../tests/helpers/purchase';
import type { Actor } from '../../app-context';
import { zipEntryDate } from './zip-layout';

/**
 * A zip entry's time is a wall clock without a zone (DOS time): an office server whose process clock is
 * UTC, configured for Asia/Shanghai (TZ, the default), must still write the office's time.
 */
describe('the document zip’s entry times', () => {
  const processZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    if (processZone === undefined) delete process.env.TZ;
    else process.env.TZ = processZone;
  });

  const { t, call, staff, createOrder, createPurchase, overseasFiles, purchaseFiles } = contractAppForEachTest({
    files: ['overseas', 'purchase'],
  });
  let files: RecordFiles;
  beforeEach(async () => {
    files = await uploadRecordFiles(t.app, staff.token);
  });
  const actor = (): Actor => ({ userId: staff.id, ip: null, requestId: null });

  const finishedContract = async () => {
    const vins = [vin(1), vin(2)];
    const orderId = await createOrder({
      order_no: 'HW-T-1',
      amount: vins.length,
      cars: vins.map((v) => carLine(v)),
      contracts: [overseasFiles.contract],
    });
    expect((await call('POST', `/api/order/${orderId}/receipt`, receiptForm(overseasFiles))).statusCode).toBe(201);
    expect((await call('PUT', `/api/order/${orderId}/handOver`)).statusCode).toBe(200);
    const purchaseId = await createPurchase({
      order_id: orderId,
      purchase_no: 'CG-T-1',
      amount: vins.length,
      car: vins.map((v) => purchaseCar(v)),
    });
    expect((await call('POST', `/api/purchase/${purchaseId}/remit`, remitForm(purchaseFiles))).statusCode).toBe(201);
    expect((await call('PUT', `/api/purchase/${purchaseId}/handOver`)).statusCode).toBe(200);
    const vehicleIds = (
      await t.db.selectFrom('vehicles').select('id').where('vin', 'in', vins).orderBy('vin').execute()
    ).map((row) => row.id);
    const order = { id: orderId, purchaseId, vehicleIds };
    await finishContract(t.db, actor(), files, order);
    return order;
  };

  /** The entry's DOS date and time as written, `YYYY-MM-DD HH:MM:SS` (JSZip reads them into the UTC fields). */
  const wallClock = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

  it('are the configured TZ’s wall clock, not the process clock’s (UTC) nor UTC', async () => {
    expect(t.config.timeZone).toBe('Asia/Shanghai');
    expect(new Date(2026, 10, 22, 1).getTimezoneOffset()).toBe(0);
    const order = await finishedContract();
    // The customs declaration was last written at 01:02:04 UTC: 09:02:04 in Shanghai.
    const scan = files.exports.bgd_image!;
    const written = new Date('2026-11-22T01:02:04Z');
    await utimes(join(t.storageDir, scan.slice('/storage/'.length)), written, written);

    const before = Date.now();
    const { onDisk, entries } = await downloadZip(t, call, order.id);
    const after = Date.now();
    const zip = await JSZip.loadAsync(onDisk);
    const declaration = entries.find((entry) => entry.name.endsWith('/报关单.jpg'))!;
    expect(wallClock(zip.files[declaration.name]!.date)).toBe('2026-11-22 09:02:04');

    // The 清单, written now: Shanghai's now, within the zip's two-second steps.
    const manifest = zip.files[manifestLabels.fileName]!.date.getTime();
    const EIGHT_HOURS = 8 * 3600_000;
    expect(manifest).toBeGreaterThanOrEqual(before + EIGHT_HOURS - 2000);
    expect(manifest).toBeLessThanOrEqual(after + EIGHT_HOURS);
  });

  it('follow the zone’s own offset on each day (summer and winter time where the zone has them)', () => {
    expect(wallClock(zipEntryDate(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin'))).toBe('2026-07-01 14:00:00');
    expect(wallClock(zipEntryDate(new Date('2026-12-01T12:00:00Z'), 'Europe/Berlin'))).toBe('2026-12-01 13:00:00');
    expect(wallClock(zipEntryDate(new Date('2026-12-31T20:30:00Z'), 'Asia/Shanghai'))).toBe('2027-01-01 04:30:00');
  });
});
