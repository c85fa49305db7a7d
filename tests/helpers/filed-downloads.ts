import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { expect } from 'vitest';
import { read, utils } from 'xlsx';
import { manifestLabels } from '../../contract/filed-downloads';
import type { Actor } from '../../server/src/app-context';
import type { Db } from '../../server/src/db/database';
import { handOverPurchases } from '../../server/src/lifecycle/hand-over';
import { saveStageRecord } from '../../server/src/lifecycle/stage-record';
import { uploadFixture } from './factories';
import type { caller } from './overseas';

/**
 * A zip's entries as a real zip reader sees them (JSZip, which the renderer's Word preview already
 * brings): names in order, files only, each with its bytes.
 */
export const readZip = async (bytes: Buffer | Uint8Array): Promise<{ name: string; bytes: Buffer }[]> => {
  const zip = await JSZip.loadAsync(bytes);
  const entries: { name: string; bytes: Buffer }[] = [];
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    entries.push({ name: entry.name, bytes: Buffer.from(await entry.async('uint8array')) });
  }
  return entries;
};

/** The 清单.xlsx of a zip's entries, its rows keyed by the header row. */
export const manifestRows = (entries: { name: string; bytes: Buffer }[]): Record<string, unknown>[] => {
  const manifest = entries.find((entry) => entry.name === manifestLabels.fileName);
  expect(manifest, 'the zip holds 清单.xlsx').toBeDefined();
  const workbook = read(manifest!.bytes, { type: 'buffer' });
  expect(workbook.SheetNames).toEqual([manifestLabels.sheet]);
  return utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[manifestLabels.sheet]!, { raw: true });
};

/** Asks for the zip, expects its `/storage/exports/…zip` path, and reads the file the server wrote. */
export const downloadZip = async (
  t: { storageDir: string },
  call: ReturnType<typeof caller>,
  orderId: number,
): Promise<{ path: string; onDisk: Buffer; entries: { name: string; bytes: Buffer }[] }> => {
  const response = await call('GET', `/api/car/downloads?orderId=${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  const path = response.json().data.path as string;
  expect(path).toMatch(/^\/storage\/exports\/\d{4}\/\d{2}\/[0-9a-f]{32}\.zip$/);
  const onDisk = await readFile(join(t.storageDir, path.slice('/storage/'.length)));
  return { path, onDisk, entries: await readZip(onDisk) };
};

/** Files uploaded for real into every slot a contract's records name, each under a name a clerk would give. */
export interface RecordFiles {
  entry: { vin_image: string; wg_image: string; photos: string[] };
  plate: Record<string, string>;
  transfer: Record<string, string>;
  release: { fxt_image: string; lc_image: string; photos: string[] };
  exports: Record<string, string>;
  archive: string;
  freight: { yffp_image: string; yffkd_image: string; photos: string[] };
}

export const uploadRecordFiles = async (app: FastifyInstance, token: string): Promise<RecordFiles> => {
  const image = (fixture: string, name: string) => uploadFixture(app, token, 'image', fixture, name);
  const document = (fixture: string, name: string) => uploadFixture(app, token, 'document', fixture, name);
  const png = 'scans/vehicle-exterior.png';
  const jpg = 'scans/customs-declaration.jpg';
  const pdf = 'scans/deregistration-certificate.pdf';
  const docx = 'scans/deregistration-certificate.docx';
  return {
    entry: {
      vin_image: await image(jpg, '车架号.jpg'),
      wg_image: await image(png, '外观.png'),
      // Two photos uploaded under one name: numbered in the zip.
      photos: [await image(png, '左前.png'), await image(png, '左前.png')],
    },
    plate: {
      xsz_image: await document(jpg, '行驶证.jpg'),
      djz_image: await document(pdf, '登记证书.pdf'),
      // A name with a run of dots, kept by the upload, cleaned in the zip.
      bx_image: await document(pdf, '保险单..最终版.pdf'),
    },
    transfer: {
      djz_image: await document(pdf, '登记证书.pdf'),
      usedcar_invoices_image: await document(docx, '二手车发票.docx'),
    },
    release: {
      fxt_image: await image(jpg, '放行条.jpg'),
      lc_image: await image(png, '离场照片.png'),
      photos: [await image(png, '出场.png')],
    },
    exports: {
      xkz_image: await document(pdf, '许可证.pdf'),
      bgzl_image: await document(docx, '报关资料.docx'),
      bgd_image: await document(jpg, '报关单.jpg'),
      td_image: await document(pdf, '提单.pdf'),
    },
    archive: await document(pdf, '注销证明.pdf'),
    freight: {
      yffp_image: await document(pdf, '运费发票.pdf'),
      yffkd_image: await document(jpg, '运费付款单.jpg'),
      photos: [await image(png, '装柜.png')],
    },
  };
};

/**
 * Walks a purchase contract's vehicles (already at the yard: handed over) through every stage to the
 * finished contract, through the lifecycle service as the record screens do: a check-in for the first,
 * a plating for the first and a transfer for the second, the rest without; one release pass and one
 * export declaration for all; the release hand-over; then tax refund, deregistration and freight for
 * all, after which the overseas contract is status 6. Answers the ids of the records covering several
 * vehicles. (The filing helper's HTTP screens replace the last three steps once they exist.)
 */
export const finishContract = async (
  db: Db,
  actor: Actor,
  files: RecordFiles,
  order: { id: number; purchaseId: number; vehicleIds: number[] },
  steps: { stopBefore?: 'freight' } = {},
): Promise<{ release: number; exports: number; archive: number; freight: number | null }> => {
  const [first, second] = order.vehicleIds as [number, number];
  const all = order.vehicleIds;
  const save = (
    stage: Parameters<typeof saveStageRecord>[2]['stage'],
    vehicleIds: number[],
    documents = {},
    fields = {},
  ) => saveStageRecord(db, actor, { stage, vehicleIds, fields, documents });

  await save('entry', [first], { ...files.entry, car_image: files.entry.photos });
  await db.transaction().execute((trx) => handOverPurchases(trx, actor, 'noEntry', [order.purchaseId]));
  await save('plate', [first], files.plate);
  await save('transfer', [second], files.transfer);
  for (const id of all.slice(2)) await save('plate', [id]);
  await db.transaction().execute((trx) => handOverPurchases(trx, actor, 'transfer', [order.purchaseId]));
  const release = await save('release', all, { ...files.release, car_image: files.release.photos });
  const exports = await save('exports', all, files.exports, { order_id: order.id });
  const moved = await db.transaction().execute((trx) => handOverPurchases(trx, actor, 'release', [order.purchaseId]));
  expect(moved.moved).toBe(all.length);
  await save('drawback', all, {}, { order_id: order.id });
  const archive = await save('archive', all, { zxzm_image: files.archive }, { order_id: order.id });
  if (steps.stopBefore === 'freight')
    return { release: release.id, exports: exports.id, archive: archive.id, freight: null };
  const freight = await save(
    'freight',
    all,
    { yffp_image: files.freight.yffp_image, yffkd_image: files.freight.yffkd_image, car_image: files.freight.photos },
    { order_id: order.id },
  );
  return { release: release.id, exports: exports.id, archive: archive.id, freight: freight.id };
};
