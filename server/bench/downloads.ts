/**
 * The `downloads` case of `npm run bench` (issue 11): a finished overseas contract of 50 vehicles with
 * 40 documents each (2,000 files on disk, incompressible like the clerks' JPEG and PDF scans) is put into
 * the bench database and storage, its zip asked for once on a fresh server, and the time and the server's
 * peak memory read. The rows and files go again afterwards, so that the seeded database keeps the counts
 * its reuse is checked by.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../src/db/database';

export const ZIP_VEHICLES = 50;
export const ZIP_DOCUMENTS_EACH = 40;
/** A scanned page as the clerks upload them: a few hundred kB. */
export const ZIP_FILE_BYTES = 256 * 1024;

export interface SeededContract {
  orderId: number;
  files: number;
  bytes: number;
  remove(): Promise<void>;
}

const now = () => new Date().toISOString();

/**
 * Per vehicle: a check-in (2 photos + 9), a plating (8 documents + 9 photos) and a transfer (5 documents +
 * 7 photos) make 40; the records covering all 50 (release pass, export declaration, deregistration,
 * freight) add their own few. Every file gets an `uploaded_files` row with a clerk's name.
 */
export const seedFinishedContract = async (db: Db, storageDir: string): Promise<SeededContract> => {
  const serial = Date.now().toString(36).toUpperCase();
  const folder = join(storageDir, 'document', 'bench-zip', serial);
  await mkdir(folder, { recursive: true });
  const urls: string[] = [];
  // One incompressible block written under many names: the disk holds what a company's would, the
  // seeding does not spend minutes on randomness.
  const block = randomBytes(ZIP_FILE_BYTES);
  const file = async (name: string): Promise<string> => {
    const stored = `${randomBytes(16).toString('hex')}.jpg`;
    await writeFile(join(folder, stored), block);
    const url = `/storage/document/bench-zip/${serial}/${stored}`;
    urls.push(url);
    await db
      .insertInto('uploaded_files')
      .values({
        url,
        dir: 'document',
        original_name: name,
        size: ZIP_FILE_BYTES,
        mime: 'image/jpeg',
        uploaded_by: null,
        created_at: now(),
      })
      .execute();
    return url;
  };
  const files = async (count: number, name: string) => {
    const out: string[] = [];
    for (let i = 1; i <= count; i += 1) out.push(await file(`${name}${i}.jpg`));
    return JSON.stringify(out);
  };

  const at = now();
  const { id: orderId } = await db
    .insertInto('orders')
    .values({
      order_no: `BENCH-ZIP-${serial}`,
      customer_name: 'Bench Motors',
      amount: ZIP_VEHICLES,
      currency: 'USD',
      total: 100_000_000,
      status: 6,
      contracts: JSON.stringify([await file('销售合同.jpg')]),
      created_at: at,
      updated_at: at,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const vehicleIds: number[] = [];
  for (let n = 1; n <= ZIP_VEHICLES; n += 1) {
    const vin = `ZZB${serial.slice(-8).padStart(8, '0')}${String(n).padStart(6, '0')}`.slice(0, 17);
    const { id } = await db
      .insertInto('vehicles')
      .values({
        vin,
        model: '大众帕萨特',
        order_id: orderId,
        flow: 'filing',
        entry: 2,
        plate: 2,
        release: 2,
        transfer: 2,
        exports: 2,
        drawback: 2,
        archive: 2,
        freight: 2,
        created_at: at,
        updated_at: at,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    vehicleIds.push(id);
    const authorship = { created_by: null, created_at: at, updated_at: at };
    await db
      .insertInto('check_ins')
      .values({
        vehicle_id: id,
        vin_image: await file('车架号.jpg'),
        wg_image: await file('外观.jpg'),
        car_images: await files(9, '照片'),
        ...authorship,
      } as never)
      .execute();
    const plating: Record<string, string> = {};
    for (const field of [
      'xsz_image',
      'djz_image',
      'lp_image',
      'fp_image',
      'hgz_image',
      'ycxzs_image',
      'hbqd_image',
      'bx_image',
    ]) {
      plating[field] = await file(`${field}.jpg`);
    }
    await db
      .insertInto('platings')
      .values({ vehicle_id: id, ...plating, car_images: await files(9, '上牌照片'), rate: 100, ...authorship } as never)
      .execute();
    const transfer: Record<string, string> = {};
    for (const field of ['djz_image', 'lp_image', 'usedcar_invoices_image', 'zzs_invoices_image', 'xsz_image']) {
      transfer[field] = await file(`${field}.jpg`);
    }
    await db
      .insertInto('transfers')
      .values({
        vehicle_id: id,
        ...transfer,
        car_images: await files(7, '过户照片'),
        rate: 100,
        ...authorship,
      } as never)
      .execute();
  }
  const authorship = { created_by: null, created_at: at, updated_at: at };
  const linked = async (table: string, links: string, key: string, values: Record<string, unknown>) => {
    const { id } = (await db
      .insertInto(table as never)
      .values({ ...values, ...authorship } as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow()) as { id: number };
    await db
      .insertInto(links as never)
      .values(vehicleIds.map((vehicleId) => ({ [key]: id, vehicle_id: vehicleId })) as never)
      .execute();
  };
  await linked('release_passes', 'release_pass_vehicles', 'release_pass_id', {
    order_id: orderId,
    fxt_image: await file('放行条.jpg'),
    lc_image: await file('离场.jpg'),
    car_images: '[]',
  });
  await linked('export_declarations', 'export_declaration_vehicles', 'export_declaration_id', {
    order_id: orderId,
    xkz_image: await file('许可证.jpg'),
    bgzl_image: await file('报关资料.jpg'),
    bgd_image: await file('报关单.jpg'),
    td_image: await file('提单.jpg'),
    car_images: await files(5, '装柜'),
    rate: 67,
  });
  await linked('tax_refunds', 'tax_refund_vehicles', 'tax_refund_id', { order_id: orderId });
  await linked('deregistrations', 'deregistration_vehicles', 'deregistration_id', {
    order_id: orderId,
    zxzm_image: await file('注销证明.jpg'),
  });
  await linked('freights', 'freight_vehicles', 'freight_id', {
    order_id: orderId,
    yffp_image: await file('运费发票.jpg'),
    yffkd_image: await file('运费付款单.jpg'),
    car_images: '[]',
  });

  const remove = async () => {
    for (const [links, table, key] of [
      ['release_pass_vehicles', 'release_passes', 'release_pass_id'],
      ['export_declaration_vehicles', 'export_declarations', 'export_declaration_id'],
      ['tax_refund_vehicles', 'tax_refunds', 'tax_refund_id'],
      ['deregistration_vehicles', 'deregistrations', 'deregistration_id'],
      ['freight_vehicles', 'freights', 'freight_id'],
    ] as const) {
      const ids = (
        (await db
          .selectFrom(links as never)
          .select(key as never)
          .where('vehicle_id' as never, 'in', vehicleIds as never)
          .execute()) as Record<string, number>[]
      ).map((row) => row[key] as number);
      await db
        .deleteFrom(links as never)
        .where('vehicle_id' as never, 'in', vehicleIds as never)
        .execute();
      if (ids.length > 0)
        await db
          .deleteFrom(table as never)
          .where('id' as never, 'in', [...new Set(ids)] as never)
          .execute();
    }
    for (const table of ['check_ins', 'platings', 'transfers'] as const) {
      await db.deleteFrom(table).where('vehicle_id', 'in', vehicleIds).execute();
    }
    await db.deleteFrom('vehicles').where('id', 'in', vehicleIds).execute();
    await db.deleteFrom('orders').where('id', '=', orderId).execute();
    for (let i = 0; i < urls.length; i += 500) {
      await db
        .deleteFrom('uploaded_files')
        .where('url', 'in', urls.slice(i, i + 500))
        .execute();
    }
    await rm(folder, { recursive: true, force: true });
  };
  return { orderId, files: urls.length, bytes: urls.length * ZIP_FILE_BYTES, remove };
};
