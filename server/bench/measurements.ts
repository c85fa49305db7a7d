/**
 * What the load bench asks the server: every GET list the contract has (contract/<area>.ts
 * `<area>Endpoints`), without a filter and with each of its filters, page 1 and page 1,000, with probe
 * values read from the seeded database so that each filter finds what a clerk's would.
 */
import { sql } from 'kysely';
import { authEndpoints } from '../../contract/auth';
import { customerEndpoints } from '../../contract/customer';
import { dashboardEndpoints } from '../../contract/dashboard';
import { releaseListEndpoints } from '../../contract/release-exports';
import { filedEndpoints } from '../../contract/filed';
import { overseasEndpoints } from '../../contract/overseas';
import { pickupEndpoints } from '../../contract/pickup';
import { procedureEndpoints } from '../../contract/filed-query-list';
import { purchaseEndpoints } from '../../contract/purchase';
import { registryEndpoints } from '../../contract/registry';
import { releasePassEndpoints } from '../../contract/release';
import { searchEndpoints } from '../../contract/search';
import { reportEndpoints } from '../../contract/filed-period-report';
import { staffEndpoints } from '../../contract/staff';
import { uploadEndpoints } from '../../contract/upload';
import { vehicleEndpoints } from '../../contract/vehicle';
import { vinCorrectionEndpoints } from '../../contract/vin-correction';
import type { Db } from '../src/db/database';
import { searchMeasurements } from './search';

export interface Probe {
  orderId: number;
  orderNo: string;
  customerName: string;
  total: number;
  receiptTotal: number;
  vin: string;
  purchaseNo: string;
  /** The seller on that purchase contract. */
  sellerName: string;
  /** A month of contracts: `YYYY-MM-01` to the month's last day. */
  monthStart: string;
  monthEnd: string;
  vinNew: string;
  /** A vehicle in filing in the middle of the table: its seven records and 15 history events (seed-filing.ts). */
  filedVehicleId: number;
}

/** Probe values from the contract in the middle of the database (by id). */
export const readProbe = async (db: Db): Promise<Probe> => {
  const middle = await db
    .selectFrom('orders')
    .select(({ fn }) => fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  const orderId = Math.floor(Number(middle.id) / 2);
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_no', 'customer_name', 'total', 'created_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const receipts = await db
    .selectFrom('receipts')
    .select(({ fn }) => fn.sum<number>('amount').as('sum'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const vehicle = await db
    .selectFrom('vehicles')
    .select('vin')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const purchase = await db
    .selectFrom('purchases')
    .select(['purchase_no', 'customer_name'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const correction = await db
    .selectFrom('vin_corrections')
    .select('vin_new')
    .orderBy('id')
    .offset(0)
    .limit(1)
    .executeTakeFirst();
  const filed = await db
    .selectFrom('vehicles')
    .select('id')
    .where('flow', '=', 'filing')
    .where('id', '>=', Math.floor(Number(middle.id) * 5))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const month = order.created_at.slice(0, 7);
  const [year, monthNumber] = month.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year ?? 2026, monthNumber ?? 1, 0)).getUTCDate();
  return {
    orderId,
    orderNo: order.order_no,
    customerName: order.customer_name,
    total: Number(order.total),
    receiptTotal: Number(receipts?.sum ?? 0),
    vin: vehicle.vin,
    purchaseNo: purchase.purchase_no,
    sellerName: purchase.customer_name,
    monthStart: `${month}-01`,
    monthEnd: `${month}-${String(lastDay).padStart(2, '0')}`,
    vinNew: correction?.vin_new ?? vehicle.vin,
    filedVehicleId: Number(filed?.id ?? 1),
  };
};

/**
 * What a VIN-tail search costs without an index: the median of five full scans of `vehicles`
 * (`vin || '' like '%<tail>%'`: an expression no index serves, not even the trigram ones), straight on
 * the database. The goal compares the
 * endpoint's one-connection latency with it.
 */
export const fullScanMs = async (db: Db, tail: string): Promise<number> => {
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    await sql`select count(*) as n from vehicles where vin || '' like ${`%${tail}%`}`.execute(db);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[2] ?? Number.NaN;
};

export interface Measurement {
  name: string;
  /** Path and query, as sent. */
  path: string;
  /** No token: the public health check. */
  public?: boolean;
}

/** Money filters take yuan with up to two decimals (contract/fields.ts); the database holds fen. */
const yuan = (fen: number) => (fen / 100).toFixed(2);

const query = (path: string, params: Record<string, string | number>) => {
  const search = new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const text = search.toString();
  // A path may carry its own fixed query already (a registry tab).
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
};

/**
 * A paged list: unfiltered at page 1 and 1,000, then each filter at page 1, and at page 1,000 too when
 * the filter matches that many rows (`broad`: a status, a type). A filter that finds one contract has an
 * empty page 1,000 that costs what its page 1 costs.
 */
const pagedList = (
  name: string,
  path: string,
  filters: Record<string, Record<string, string | number>>,
  broad: string[] = [],
): Measurement[] => [
  { name, path: query(path, {}) },
  { name: `${name}-p1000`, path: query(path, { page: 1000 }) },
  ...Object.entries(filters).flatMap(([filter, params]) => [
    { name: `${name}-${filter}`, path: query(path, params) },
    ...(broad.includes(filter)
      ? [{ name: `${name}-${filter}-p1000`, path: query(path, { ...params, page: 1000 }) }]
      : []),
  ]),
];

export const listMeasurements = (probe: Probe): Measurement[] => {
  const tail = probe.vin.slice(-6);
  const dates = { start_time: probe.monthStart, end_time: probe.monthEnd };
  return [
    { name: 'health', path: authEndpoints.health.path, public: true },
    { name: 'user-info', path: authEndpoints.userInfo.path },
    { name: 'dashboard', path: dashboardEndpoints.counts.path },
    { name: 'procedure-statistics', path: dashboardEndpoints.procedureStatistics.path },
    ...pagedList('order', overseasEndpoints.list.path, {
      vin: { vin: tail },
      name: { name: probe.customerName },
      no: { order_no: probe.orderNo },
      total: { total: yuan(probe.total) },
      amount: { amount: yuan(probe.receiptTotal) },
      dates,
    }),
    { name: 'order-all', path: overseasEndpoints.all.path },
    { name: 'order-search', path: query(overseasEndpoints.search.path, { order_no: probe.orderNo.slice(-5) }) },
    ...pagedList(
      'purchase',
      purchaseEndpoints.list.path,
      {
        vin: { vin: tail },
        name: { name: probe.sellerName },
        no: { purchase_no: probe.purchaseNo },
        'order-no': { order_no: probe.orderNo },
        input: { input: probe.purchaseNo },
        'remit-status': { remit_status: 1 },
        dates,
      },
      ['remit-status'],
    ),
    { name: 'purchase-import-cars', path: query(purchaseEndpoints.importCars.path, { order_no: probe.orderNo }) },
    ...pagedList(
      'customer',
      customerEndpoints.list.path,
      {
        name: { name: probe.customerName },
        type: { type_id: 1 },
        dates,
      },
      ['type'],
    ),
    { name: 'customer-all', path: customerEndpoints.all.path },
    // The select boxes' search as the clerk types: a two-character name, then a longer one.
    {
      name: 'customer-search-short',
      path: query(customerEndpoints.search.path, { name: probe.customerName.slice(0, 2) }),
    },
    {
      name: 'customer-search',
      path: query(customerEndpoints.search.path, { name: probe.sellerName.slice(0, 6), type_id: 1 }),
    },
    { name: 'customer-types', path: customerEndpoints.listTypes.path },
    ...pagedList('staff', staffEndpoints.list.path, {}),
    ...pagedList(
      'pickup',
      pickupEndpoints.list.path,
      {
        vin: { vin: tail },
        agent: { dl_name: '王建国' },
        waiting: { release_status: 0 },
        released: { release_status: 2 },
        'entry-dates': { entry_s: probe.monthStart, entry_e: probe.monthEnd },
        'release-dates': { release_s: probe.monthStart, release_e: probe.monthEnd },
      },
      ['released'],
    ),
    // The filed list: contracts with vehicles in filing (most of a company's), each status filter per contract.
    ...pagedList(
      'filed',
      filedEndpoints.list.path,
      {
        vin: { vin: tail },
        'order-no': { order_no: probe.orderNo },
        'drawback-pending': { drawback: 0 },
        'drawback-done': { drawback: 2 },
        'archive-pending': { archive: 0 },
        'freight-pending': { freight: 0 },
        'all-done': { drawback: 2, archive: 2, freight: 2 },
      },
      ['drawback-done', 'all-done'],
    ),
    // The release list: groups by overseas contract of the vehicles waiting in the release flow.
    ...pagedList('release-list', releaseListEndpoints.list.path, {
      vin: { vin: tail },
      'order-no': { order_no: probe.orderNo },
    }),
    // The archive query: every vehicle newest first, by VIN tail, contract number part and created month.
    ...pagedList('procedure', procedureEndpoints.list.path, {
      vin: { vin: tail },
      'order-no': { order_no: probe.orderNo },
      dates,
    }),
    // The period report of a month of contracts.
    { name: 'order-report', path: query(reportEndpoints.read.path, dates) },
    ...pagedList('plates', query(registryEndpoints.plateList.path, { type: 1 }), {}),
    { name: 'plates-vin', path: query(registryEndpoints.plateList.path, { type: 1, vin: tail }) },
    ...pagedList('transfers', query(registryEndpoints.transferList.path, { type: 2 }), {}),
    { name: 'transfers-vin', path: query(registryEndpoints.transferList.path, { type: 2, vin: tail }) },
    { name: 'release-candidates', path: releasePassEndpoints.candidates.path },
    { name: 'release-candidates-vin', path: query(releasePassEndpoints.candidates.path, { vin: tail.slice(-4) }) },
    { name: 'car-search-vin', path: query(vehicleEndpoints.search.path, { vin: tail }) },
    { name: 'car-search-entry', path: query(vehicleEndpoints.search.path, { stage: 'entry' }) },
    { name: 'car-search-entry-vin', path: query(vehicleEndpoints.search.path, { stage: 'entry', vin: tail }) },
    { name: 'car-search-freight', path: query(vehicleEndpoints.search.path, { stage: 'freight' }) },
    { name: 'car-exists', path: query(vehicleEndpoints.exists.path, { vin: probe.vin, type: 2 }) },
    {
      name: 'car-lists-freight',
      path: query(vehicleEndpoints.carLists.path, { order_id: probe.orderId, if_freight: 1 }),
    },
    {
      name: 'car-lists-release',
      path: query(vehicleEndpoints.carLists.path, { order_id: probe.orderId, if_release: 1 }),
    },
    ...pagedList('vin-corrections', vinCorrectionEndpoints.list.path, { vin: { vinNew: probe.vinNew.slice(-6) } }),
    {
      name: 'upload-names',
      path: query(uploadEndpoints.names.path, { paths: '/storage/image/2026/11/bench-proof.jpg' }),
    },
    ...searchMeasurements(probe),
  ];
};

/** The exports of everything, timed one at a time. */
export const exportMeasurements: Measurement[] = [
  { name: 'export-orders', path: overseasEndpoints.export.path },
  { name: 'export-receipts', path: overseasEndpoints.receiptExport.path },
  { name: 'export-purchases', path: purchaseEndpoints.export.path },
  { name: 'export-pickups', path: pickupEndpoints.export.path },
  { name: 'export-release-list', path: releaseListEndpoints.export.path },
  // The trade income and expense workbook of every contract (a period wider than the seeded years).
  {
    name: 'export-order-report',
    path: query(reportEndpoints.export.path, { start_time: '2000-01-01', end_time: '2099-12-31' }),
  },
];

/** GET endpoints of the contract without path parameters that no measurement calls (printed as a reminder). */
export const unmeasured = (measurements: Measurement[]): string[] => {
  const areas = [
    authEndpoints,
    customerEndpoints,
    dashboardEndpoints,
    filedEndpoints,
    overseasEndpoints,
    pickupEndpoints,
    purchaseEndpoints,
    registryEndpoints,
    releaseListEndpoints,
    releasePassEndpoints,
    searchEndpoints,
    staffEndpoints,
    uploadEndpoints,
    vehicleEndpoints,
    vinCorrectionEndpoints,
  ];
  const called = new Set([
    ...measurements.map((measurement) => measurement.path.split('?')[0]),
    ...exportMeasurements.map((measurement) => measurement.path.split('?')[0]),
    authEndpoints.setupStatus.path,
  ]);
  return areas
    .flatMap((area) => Object.values(area))
    .filter((spec) => spec.method === 'GET' && !spec.path.includes(':') && !called.has(spec.path))
    .map((spec) => spec.path);
};
