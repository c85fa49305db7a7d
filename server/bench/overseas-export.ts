/**
 * Times the overseas contract exports on 10,000 contracts (issue 3 asks for the number).
 *
 *   npx tsx server/bench/order-export.ts                 # a fresh SQLite file in a temporary folder
 *   BENCH_DATABASE_URL=postgres://… npx tsx server/bench/order-export.ts   # an EMPTY PostgreSQL database
 *
 * Seeds 10,000 contracts with 3 vehicles and 1 receipt each, then runs the list export and the
 * receipt-sheet export through the services (no HTTP), and prints rows, file size and milliseconds; then
 * the one VIN lookup of an Excel import (2,000 VINs, half of them known) among those 30,000 vehicles.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createJobRunner } from '../src/platform/jobs/job-runner';
import { createStorage } from '../src/platform/storage/storage';
import { exportOrders, exportReceipts } from '../src/modules/overseas/overseas-export.service';
import { lookupCars } from '../src/modules/vehicle/vehicle.service';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000);
const CARS_PER_CONTRACT = 3;
const INSERT_CHUNK = 500;

const main = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'order-export-bench-'));
  const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
  const config = parseConfig({ DATABASE_URL: url, STORAGE_DIR: join(dir, 'storage') }, dir);
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const at = new Date().toISOString();
    const seedStarted = performance.now();
    for (let start = 0; start < CONTRACTS; start += INSERT_CHUNK) {
      const count = Math.min(INSERT_CHUNK, CONTRACTS - start);
      const orders = await db
        .insertInto('orders')
        .values(
          Array.from({ length: count }, (_, index) => ({
            order_no: `BENCH-${start + index + 1}`,
            customer_name: index % 7 === 0 ? '=HYPERLINK("x")' : `Customer ${start + index}`,
            customer_country: '阿联酋',
            agent_name: '代理人',
            amount: CARS_PER_CONTRACT,
            total: 3_000_000 + index,
            contracts: '["/storage/contract/2026/11/a.pdf"]',
            created_at: at,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('vehicles')
        .values(
          orders.flatMap((order) =>
            Array.from({ length: CARS_PER_CONTRACT }, (_, car) => ({
              vin: `LBE${String(order.id * 10 + car).padStart(14, '0')}`,
              model: '丰田 卡罗拉',
              order_id: order.id,
              order_price: 1_000_000,
              created_at: at,
              updated_at: at,
            })),
          ),
        )
        .execute();
      await db
        .insertInto('receipts')
        .values(
          orders.map((order) => ({
            order_id: order.id,
            amount: 100_050,
            currency: 'USD' as const,
            receipt_no: `SK-${order.id}`,
            receipted_at: '2026-11-20',
            proof: '/storage/image/2026/11/p.jpg',
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
    console.log(
      `seeded ${CONTRACTS} contracts in ${Math.round(performance.now() - seedStarted)} ms (${config.database.kind})`,
    );

    const ctx = {
      db,
      config,
      storage: createStorage(config.storageDir),
      jobs: createJobRunner({ db, log: console }),
      version: 'bench',
    };
    for (const [name, run] of [
      ['order list export', () => exportOrders(ctx, {})],
      ['receipt sheet export', () => exportReceipts(ctx, {})],
    ] as const) {
      const started = performance.now();
      const { download_url: downloadUrl } = await run();
      const elapsed = Math.round(performance.now() - started);
      const size = (await stat(join(config.storageDir, downloadUrl.slice('/storage/'.length)))).size;
      console.log(
        `${name}: ${elapsed} ms, ${Math.round(size / 1024)} KiB, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`,
      );
    }

    // The VINs of a 2,000-row import: every other one on file.
    const vins = Array.from({ length: 2000 }, (_, index) =>
      index % 2 === 0 ? `LBE${String((index + 1) * 10).padStart(14, '0')}` : `LNEW${String(index).padStart(13, '0')}`,
    );
    const lookupStarted = performance.now();
    const answer = await lookupCars(ctx, vins);
    console.log(
      `car lookup of ${vins.length} VINs: ${Math.round(performance.now() - lookupStarted)} ms, ${Object.keys(answer.found).length} found`,
    );
  } finally {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  }
};

await main();
