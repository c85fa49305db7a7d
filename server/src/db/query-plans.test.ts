import { CompiledQuery, Kysely, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/helpers/test-database';
import { countCustomers, listCustomers, searchCustomers } from '../modules/customer/customer.repository';
import {
  contractIdsBefore,
  contractIdsOf,
  countGroups,
  findDetailPurchase,
  passIdsOfPurchase,
  vehiclesOfGroups,
} from '../modules/release/release-list.repository';
import { type OrderFilters, orderList, searchOrderNumbers } from '../modules/overseas/overseas.repository';
import { countFiledOrders, type FiledFilters, listFiledOrders } from '../modules/filed/filed.repository';
import { countPickups, listPickups, type PickupFilters } from '../modules/pickup/pickup.repository';
import { countProcedures, listProcedures, type ProcedureFilters } from '../modules/filed/query-list.repository';
import {
  contractFigures,
  periodOrderIdsAll,
  tradeLines,
  vehicleFigures,
} from '../modules/filed/period-report.repository';
import { type PurchaseFilters, purchaseList } from '../modules/purchase/purchase.repository';
import {
  candidateRows,
  findPass,
  passVehicleIds,
  passVehicles,
  waitingVehicleIds,
} from '../modules/release/release-pass.repository';
import { listRegistry } from '../modules/registry/registry.repository';
import {
  findVehicleByVin,
  findVehiclesByVins,
  listOrderVehiclesLacking,
  lookupVins,
  searchVehicles,
} from '../modules/vehicle/vehicle.repository';
import { findFileVehicle, findStageRecords } from '../modules/vehicle/vehicle-file.repository';
import { stageStorage } from '../lifecycle/stage-storage';
import { findUploadedFileNames } from '../modules/upload/upload.repository';
import { countVinCorrections, listVinCorrections } from '../modules/vin-correction/vin-correction.repository';
import { findAll } from '../modules/search/search.repository';
import {
  countDeadlines,
  countDue,
  type DeadlineFilters,
  deadlineIdsAfter,
  deadlineIdsPage,
  deadlineRowsOf,
  openDeadlinesOfVehicles,
} from '../modules/deadline/deadline.repository';
import { DEADLINE_KEYS } from '../../../contract/deadline';
import {
  countHistory,
  type HistoryTarget,
  pageHistoryIds,
  readHistoryEvents,
} from '../platform/history/history.repository';
import {
  loadContracts,
  type ReportFilters,
  reportByMonth,
  reportPage,
  reportTotals,
} from '../modules/profit/profit.repository';
import type { Database, Db } from './database';
import { createDialect } from './dialect';
import { migrateToLatest } from './migrate';
import { isPostgres } from './text-search';
import {
  findProcedureVehicle,
  purchasesHoldingOrderVehicles,
  recordIdsOfVehicle,
} from '../modules/filed/business-info.repository';

/*
 * Issue 9, "Done means": every list filter's query, as the repository builds it, is planned without a
 * full scan of vehicles, orders, purchases or customers where an index should serve. A few thousand
 * rows and ANALYZE make the planners choose as they would at 500,000; PostgreSQL runs with
 * `enable_seqscan = off`, so a Seq Scan left in the plan means no index could serve.
 */

const TZ = 'Asia/Shanghai';
// PostgreSQL's estimate for a GIN index is a flat cost that a full scan of 3,000 rows undercuts; at
// 20,000 contracts (60,000 vehicles) it plans as it does at 500,000. SQLite's planner already does at
// 3,000 (its FTS5 cost does not depend on the row count), and its triggers make seeding slower.
const ORDERS = testDbKind() === 'postgres' ? 20_000 : 3000;
const VEHICLES_PER_ORDER = 3;
const CUSTOMERS = ORDERS;
const at = (index: number) => new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString();
const FLOWS = ['purchase', 'pickup', 'registry', 'release', 'filing'] as const;
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明'];
const nameOf = (index: number) =>
  `${SURNAMES[index % 10]}${GIVEN[Math.floor(index / 10) % 15]}${GIVEN[Math.floor(index / 150) % 15]}贸易${index}`;
const vinOf = (index: number) =>
  `LSV${(index * 7919).toString(36).toUpperCase().padStart(8, '0')}${String(index).padStart(6, '0')}`;

const insertAll = async (db: Db, table: keyof Database, rows: Record<string, unknown>[]) => {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 500) as never)
      .execute();
  }
};

const seed = async (db: Db) => {
  const stamps = (index: number) => ({ created_at: at(index), updated_at: at(index) });
  const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
  await insertAll(
    db,
    'customers',
    range(CUSTOMERS).map((index) => ({ name: nameOf(index), type_id: 1 + (index % 2), ...stamps(index) })),
  );
  await insertAll(
    db,
    'orders',
    range(ORDERS).map((index) => ({
      order_no: `HW2025${String(index).padStart(6, '0')}`,
      customer_id: 1 + (index % CUSTOMERS),
      customer_name: nameOf(index),
      amount: VEHICLES_PER_ORDER,
      total: index * 100,
      ...stamps(index),
    })),
  );
  await insertAll(
    db,
    'receipts',
    range(ORDERS).map((index) => ({
      order_id: index,
      // Received totals differ from contract to contract, as a company's do (the planner reads that).
      amount: index * 100,
      currency: 'USD',
      receipt_no: `R${index}`,
      receipted_at: '2025-01-01',
      ...stamps(index),
    })),
  );
  await insertAll(
    db,
    'purchases',
    range(ORDERS).map((index) => ({
      purchase_no: `CG2025${String(index).padStart(6, '0')}`,
      type: 1 + (index % 2),
      order_id: index,
      customer_name: nameOf(index + 7),
      amount: VEHICLES_PER_ORDER,
      total: index * 100,
      ...stamps(index),
    })),
  );
  await insertAll(
    db,
    'vehicles',
    range(ORDERS * VEHICLES_PER_ORDER).map((index) => ({
      vin: vinOf(index),
      order_id: 1 + Math.floor((index - 1) / VEHICLES_PER_ORDER),
      purchase_id: 1 + Math.floor((index - 1) / VEHICLES_PER_ORDER),
      flow: FLOWS[index % FLOWS.length],
      // Most vehicles long past every step, as at a company (the planners read the spread): the few
      // waiting at a step are what the suggestion box and the 待出库 filter look for.
      ...Object.fromEntries(
        (['entry', 'plate', 'transfer', 'release', 'exports', 'drawback', 'archive', 'freight'] as const).map(
          (stage) => [stage, index % 20 === 0 ? 0 : 2],
        ),
      ),
      ...stamps(index),
    })),
  );
  // Customs declarations with their numbers (the stage records' declarations have none), for the search box.
  await insertAll(
    db,
    'export_declarations',
    range(ORDERS / 2).map((index) => ({
      order_id: ORDERS / 2 + index,
      bgd_sn: `5301${String(index * 37).padStart(14, '0')}`,
      ...stamps(index),
    })),
  );
  await insertAll(
    db,
    'vin_corrections',
    range(500).map((index) => ({
      vehicle_id: index,
      vin_old: `OLD${vinOf(index).slice(3)}`,
      vin_new: vinOf(index),
      created_at: at(index),
    })),
  );
  // The history of every contract: its creation, a receipt, its purchase contract's creation, and a
  // stage record; the contract's creation links its three cars.
  const historyEntities = ['order', 'receipt', 'purchase', 'entry'] as const;
  await insertAll(
    db,
    'history_events',
    range(ORDERS).flatMap((index) =>
      historyEntities.map((entity) => ({
        at: at(index),
        action: 'create',
        entity,
        entity_id: String(index),
        order_id: entity === 'order' || entity === 'receipt' ? index : null,
        purchase_id: entity === 'purchase' ? index : null,
        changes: '[]',
      })),
    ),
  );
  await insertAll(
    db,
    'history_vehicles',
    range(ORDERS).flatMap((index) =>
      range(VEHICLES_PER_ORDER).map((car) => ({
        event_id: (index - 1) * historyEntities.length + 1,
        vehicle_id: (index - 1) * VEHICLES_PER_ORDER + car,
      })),
    ),
  );
  await seedStageRecords(db);
  await seedDeadlines(db);
};

/** Deadline day `offset` days from DEADLINE_TODAY. */
const DEADLINE_TODAY = '2025-03-01';
const deadlineDay = (offset: number) =>
  new Date(Date.parse(`${DEADLINE_TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Deadlines (issue 25): an open clock for a quarter of the vehicles, due from 60 days ago to 60 days
 * on, closed ones for another quarter (a company's closed clocks outnumber the open ones), and a
 * receipt clock for a tenth of the contracts.
 */
const seedDeadlines = async (db: Db) => {
  const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
  const vehicleKeys = DEADLINE_KEYS.filter((key) => key !== 'receipt');
  await insertAll(
    db,
    'deadlines',
    range(ORDERS * VEHICLES_PER_ORDER)
      .filter((index) => index % 4 < 2)
      .map((index) => ({
        vehicle_id: index,
        order_id: 1 + Math.floor((index - 1) / VEHICLES_PER_ORDER),
        key: vehicleKeys[index % vehicleKeys.length],
        started_on: deadlineDay((index % 121) - 90),
        due_on: deadlineDay((index % 121) - 60),
        closed_on: index % 4 === 0 ? null : deadlineDay((index % 121) - 70),
      })),
  );
  await insertAll(
    db,
    'deadlines',
    range(ORDERS / 10).map((index) => ({
      vehicle_id: null,
      order_id: index * 10,
      key: 'receipt',
      started_on: deadlineDay((index % 121) - 150),
      due_on: deadlineDay((index % 121) - 60),
      closed_on: null,
    })),
  );
};

/** The list's filters (deadline.service.ts): every rule on, open and overdue or due within 7 days. */
const deadlineFilters = (more: Partial<DeadlineFilters> = {}): DeadlineFilters => ({
  keys: DEADLINE_KEYS,
  dueTo: deadlineDay(7),
  ...more,
});

/** Tables of the stage records and their links (lifecycle/stage-storage.ts), which the vehicle file reads. */
const STAGE_RECORD_TABLES = Object.values(stageStorage).flatMap((storage) =>
  storage.kind === 'perVehicle' ? [storage.table] : [storage.table, storage.links],
);

/**
 * Stage records for the vehicles of a quarter of the contracts, made by the clerks: a check-in and a
 * plating or transfer per vehicle, and one record of each linked stage per contract, holding its cars.
 */
const seedStageRecords = async (db: Db) => {
  const contracts = ORDERS / 4;
  const stamps = (index: number) => ({ created_by: 1 + (index % 40), created_at: at(index), updated_at: at(index) });
  // An office's staff: a few dozen clerks.
  await insertAll(
    db,
    'users',
    Array.from({ length: 40 }, (_, index) => ({
      username: `clerk${index}`,
      nickname: `员工${index}`,
      phone_number: String(index),
      password_hash: 'x',
      created_at: at(0),
      updated_at: at(0),
    })),
  );
  const vehicleIds = Array.from({ length: contracts * VEHICLES_PER_ORDER }, (_, index) => index + 1);
  await insertAll(
    db,
    'check_ins',
    vehicleIds.map((id) => ({ vehicle_id: id, vin_image: `/storage/image/${id}.jpg`, ...stamps(id) })),
  );
  for (const table of ['platings', 'transfers'] as const) {
    await insertAll(
      db,
      table,
      vehicleIds
        .filter((id) => (table === 'platings') === (id % 2 === 0))
        .map((id) => ({ vehicle_id: id, djz_image: `/storage/document/${id}.pdf`, ...stamps(id) })),
    );
  }
  const orderIds = Array.from({ length: contracts }, (_, index) => index + 1);
  for (const storage of Object.values(stageStorage)) {
    if (storage.kind !== 'linked') continue;
    await insertAll(
      db,
      storage.table,
      orderIds.map((orderId) => ({ order_id: orderId, ...stamps(orderId) })),
    );
    await insertAll(
      db,
      storage.links,
      vehicleIds.map((id) => ({ [storage.key]: Math.ceil(id / VEHICLES_PER_ORDER), vehicle_id: id })),
    );
  }
};

/**
 * PostgreSQL: the trigram indexes take rows one by one (fastupdate off, see the migration), which makes
 * seeding 60,000 VINs slow; the seed goes through the pending list instead, merged before planning.
 */
const withBulkIndexing = async (db: Db, load: () => Promise<void>) => {
  if (!isPostgres(db)) return load();
  const indexes = (
    await db.executeQuery<{ indexname: string }>(
      CompiledQuery.raw(
        `select indexname from pg_indexes where schemaname = 'public' and indexname like '%_trgm_index'`,
      ),
    )
  ).rows.map((row) => row.indexname);
  for (const name of indexes) await db.executeQuery(CompiledQuery.raw(`alter index "${name}" set (fastupdate = on)`));
  await load();
  for (const name of indexes) {
    await db.executeQuery(CompiledQuery.raw(`select gin_clean_pending_list('"${name}"'::regclass)`));
    await db.executeQuery(CompiledQuery.raw(`alter index "${name}" set (fastupdate = off)`));
  }
};

interface Planned {
  label: string;
  run: (db: Db) => Promise<unknown>;
  /**
   * A page may walk the primary key newest first and stop at the page's last row: a wide date range
   * (what PostgreSQL picks then), or a filter most rows pass; the count still has to use an index.
   */
  orderedWalk?: boolean;
  /** An index the plan must name (where a worse index would also avoid a scan). */
  uses?: string;
  /** Tables besides WATCHED that the statements must not read whole. */
  watches?: readonly string[];
}

const orderFilters: [string, OrderFilters][] = [
  ['order number part', { orderNo: '001234' }],
  ['VIN tail of 6', { vin: vinOf(4321).slice(-6) }],
  ['customer name of 3', { name: nameOf(1234).slice(0, 3) }],
  ['contract total', { totalFen: 123_400 }],
  ['received total', { receiptTotalFen: 123_400 }],
  ['created range', { start: '2025-02-01', end: '2025-02-03' }],
];
const purchaseFilters: [string, PurchaseFilters][] = [
  ['order number part', { orderNo: '002345' }],
  ['purchase number part', { purchaseNo: '002345' }],
  ['one box: purchase number', { input: 'CG2025002345' }],
  ['one box: VIN tail', { input: vinOf(999).slice(-6) }],
  ['VIN tail of 6', { vin: vinOf(999).slice(-6) }],
  ['customer name of 3', { name: nameOf(77).slice(0, 3) }],
  ['contract total', { totalFen: 99_900 }],
  ['created range', { start: '2025-02-01', end: '2025-02-03' }],
];

const pickupFilters: [string, PickupFilters][] = [
  ['order number part', { orderNo: '003456' }],
  ['purchase number part', { purchaseNo: '003456' }],
  ['VIN tail of 6', { vin: vinOf(1234).slice(-6) }],
  ['entry range', { entryStart: '2025-02-01', entryEnd: '2025-02-03' }],
  ['release range', { releaseStart: '2025-02-01', releaseEnd: '2025-02-03' }],
  ['agent name', { dlName: '王' }],
  ['not released', { releaseStatus: 0 }],
  ['released', { releaseStatus: 2 }],
];

const filedFilters: [string, FiledFilters][] = [
  ['no filter', {}],
  ['tax refund pending', { drawback: 0 }],
  ['tax refund done', { drawback: 2 }],
  ['deregistration and freight', { archive: 2, freight: 0 }],
  ['order number part', { orderNo: '004567' }],
  ['VIN tail of 6', { vin: vinOf(4565).slice(-6) }],
];

const procedureFilters: [string, ProcedureFilters][] = [
  ['order number part', { orderNo: '005678' }],
  ['VIN tail of 6', { vin: vinOf(5678).slice(-6) }],
  ['created range', { start: '2025-02-01', end: '2025-02-03' }],
  ['VIN tail and created range', { vin: vinOf(800).slice(-6), start: '2025-01-01', end: '2025-03-31' }],
];
const REPORT_PERIOD = { start: '2025-02-01', end: '2025-02-28' };
/** The profit report's period as stored-form bounds, and with its filters (issue 26). */
const PROFIT_PERIOD: ReportFilters = { from: '2025-01-31T16:00:00.000Z', to: '2025-02-28T16:00:00.000Z' };
const PROFIT_FILTERED: ReportFilters = { ...PROFIT_PERIOD, name: nameOf(800).slice(0, 3), country: 'ka' };
const PROFIT_RECORDS = ['receipts', 'freights', 'freight_vehicles', 'tax_refunds', 'tax_refund_vehicles'];
/** The search box's own tables besides the watched ones. */
const SEARCH_TABLES = ['export_declarations', 'customer_name_grams', 'search_entries'];

/**
 * GET /api/history: each target is one range of its own index (a record's, a contract's with its car
 * lines and receipts, a purchase contract's, a car's), for the page of ids and for the count alike.
 * SQLite names history_vehicles' primary key by its automatic index.
 */
const historyTargets: [string, HistoryTarget, string][] = [
  ['entity and id', { entity: 'entry', id: '1234' }, 'history_events_entity_index'],
  ['order', { entity: 'order', id: '1234' }, 'history_events_order_index'],
  ['purchase', { entity: 'purchase', id: '1234' }, 'history_events_purchase_index'],
  [
    'vehicle_id',
    { vehicleId: 3700 },
    testDbKind() === 'postgres' ? 'history_vehicles_pkey' : 'sqlite_autoindex_history_vehicles_1',
  ],
];

const planned: Planned[] = [
  ...orderFilters.flatMap(([label, filters]): Planned[] => [
    {
      label: `/api/order ${label}`,
      run: (db) => orderList(db, TZ, filters).page(0, 20),
      orderedWalk: 'start' in filters,
    },
    { label: `/api/order count ${label}`, run: (db) => orderList(db, TZ, filters).count() },
  ]),
  ...purchaseFilters.flatMap(([label, filters]): Planned[] => [
    {
      label: `/api/purchase ${label}`,
      run: (db) => purchaseList(db, TZ, filters).page(0, 20),
      orderedWalk: 'start' in filters,
    },
    { label: `/api/purchase count ${label}`, run: (db) => purchaseList(db, TZ, filters).count() },
  ]),
  // The unfiltered page is the newest-first walk every list makes; its count reads the flow index.
  { label: 'entryLists count no filter', run: (db) => countPickups(db, TZ, {}) },
  ...pickupFilters.flatMap(([label, filters]): Planned[] => [
    {
      label: `entryLists ${label}`,
      run: (db) => listPickups(db, TZ, filters, 0, 20),
      // 已出库 holds most vehicles at a company: the newest-first walk finds a page at once.
      orderedWalk: filters.releaseStatus === 2,
    },
    { label: `entryLists count ${label}`, run: (db) => countPickups(db, TZ, filters) },
  ]),
  // The registry list: the waiting vehicles through the flow index, then the handed-on ones newest first.
  { label: 'plateLists new cars', run: (db) => listRegistry(db, { tab: 1 }, 0, 15), orderedWalk: true },
  { label: 'transferLists used cars page 3', run: (db) => listRegistry(db, { tab: 2 }, 30, 15), orderedWalk: true },
  {
    label: 'plateLists VIN tail of 6',
    run: (db) => listRegistry(db, { tab: 1, vin: vinOf(1233).slice(-6) }, 0, 15),
  },
  // The release pass form's transfer list: the newest waiting vehicles (never the released ones), a pass's own.
  { label: 'releaseCandidates newest', run: (db) => waitingVehicleIds(db, undefined, 201) },
  { label: 'releaseCandidates VIN tail of 6', run: (db) => waitingVehicleIds(db, vinOf(1235).slice(-6), 201) },
  { label: 'releaseCandidates VIN part of 2', run: (db) => waitingVehicleIds(db, '7Z', 201) },
  { label: 'releaseCandidates of a pass', run: (db) => passVehicleIds(db, 5, vinOf(1235).slice(-6)) },
  { label: 'releaseCandidates rows', run: (db) => candidateRows(db, [3, 4, 5]) },
  { label: 'releaseRead', run: async (db) => [await findPass(db, 5), await passVehicles(db, 5)] },
  // The release list: a page of contract groups of the release flow (its partial index), then their vehicles.
  ...(
    [
      ['unfiltered', {}],
      ['order number part', { orderNo: '003456' }],
      ['VIN tail of 6', { vin: vinOf(1234).slice(-6) }],
    ] as const
  ).map(([name, filters]): Planned => ({
    label: `exportsLists ${name}`,
    run: async (db) => [await countGroups(db, filters), await contractIdsOf(db, filters, 30, 15)],
  })),
  { label: 'exportsLists rows', run: (db) => vehiclesOfGroups(db, {}, [1234, 1235, null]) },
  { label: 'exExport batch', run: (db) => contractIdsBefore(db, {}, 5000, 500) },
  { label: 'releaseDetail', run: async (db) => [await findDetailPurchase(db, 5), await passIdsOfPurchase(db, 5)] },
  // The business information page: one vehicle's record ids, and the purchase contracts of its contract.
  {
    label: 'procedureRead',
    run: async (db) => [await findProcedureVehicle(db, 1234), await recordIdsOfVehicle(db, 1234)],
  },
  { label: 'getPurchaseLists', run: (db) => purchasesHoldingOrderVehicles(db, 1234) },
  { label: '/api/customer name of 3', run: (db) => listCustomers(db, TZ, { name: nameOf(55).slice(0, 3) }, 0, 20) },
  { label: '/api/customer count name', run: (db) => countCustomers(db, TZ, { name: nameOf(55).slice(0, 3) }) },
  { label: '/api/customer type', run: (db) => countCustomers(db, TZ, { typeId: 2 }) },
  {
    label: '/api/customer/search name of 3',
    run: (db) => searchCustomers(db, { name: nameOf(55).slice(0, 3) }, 20),
  },
  {
    label: '/api/customer created range',
    run: (db) => countCustomers(db, TZ, { start: '2025-02-01', end: '2025-02-03' }),
  },
  { label: '/api/order/search number part', run: (db) => searchOrderNumbers(db, '001234', 20) },
  { label: '/api/car/search VIN tail', run: (db) => searchVehicles(db, vinOf(555).slice(-6), undefined, 20) },
  { label: '/api/car/search VIN and stage', run: (db) => searchVehicles(db, vinOf(555).slice(-6), 'plate', 20) },
  // The suggestion box before anything is typed: the step's waiting vehicles, from its partial index.
  ...(['entry', 'plate', 'transfer', 'release', 'exports', 'drawback', 'archive', 'freight'] as const).map(
    (stage): Planned => ({
      label: `/api/car/search stage ${stage} only`,
      run: (db) => searchVehicles(db, undefined, stage, 20),
      uses: `vehicles_waiting_${stage}_index`,
    }),
  ),
  {
    // Issue 9: without statistics SQLite walked the flow index (half the table) instead of the contract's.
    label: 'carLists of a contract',
    run: (db) => listOrderVehiclesLacking(db, 1234, ['if_release', 'if_exports']),
    uses: 'vehicles_order_id_index',
  },
  // The filed list: a range of order_filing (kept by triggers), then the page's contracts and vehicles.
  ...filedFilters.flatMap(([label, filters]): Planned[] => [
    {
      label: `archiveLists ${label}`,
      run: (db) => listFiledOrders(db, filters, 30, 15),
    },
    {
      label: `archiveLists count ${label}`,
      run: (db) => countFiledOrders(db, filters),
    },
  ]),
  // The archive query: every vehicle newest first; its filters on vehicles alone, then the page's rows.
  { label: 'procedureLists no filter', run: (db) => listProcedures(db, TZ, {}, 30, 15), orderedWalk: true },
  { label: 'procedureLists count no filter', run: (db) => countProcedures(db, TZ, {}) },
  ...procedureFilters.flatMap(([label, filters]): Planned[] => [
    { label: `procedureLists ${label}`, run: (db) => listProcedures(db, TZ, filters, 0, 15) },
    { label: `procedureLists count ${label}`, run: (db) => countProcedures(db, TZ, filters) },
  ]),
  // The period report and its workbook: the period's contracts by created_at, their vehicles by order_id.
  { label: 'order report contracts', run: (db) => contractFigures(db, TZ, REPORT_PERIOD) },
  { label: 'order report vehicles', run: (db) => vehicleFigures(db, TZ, REPORT_PERIOD) },
  { label: 'order report export ids', run: (db) => periodOrderIdsAll(db, TZ, REPORT_PERIOD) },
  { label: 'order report export lines', run: (db) => tradeLines(db, [700, 701, 702]) },
  // The profit report (issue 26): the period's kept figures by created_at; a batch of contracts' records by order_id.
  ...[PROFIT_PERIOD, PROFIT_FILTERED].flatMap((filters, index): Planned[] => [
    {
      label: `profit report page ${index}`,
      run: (db) => reportPage(db, filters, { column: 'profit', direction: 'desc' }, 15, 15),
      watches: ['order_profit'],
    },
    { label: `profit report totals ${index}`, run: (db) => reportTotals(db, filters), watches: ['order_profit'] },
    { label: `profit report by month ${index}`, run: (db) => reportByMonth(db, filters), watches: ['order_profit'] },
  ]),
  { label: 'profit of contracts', run: (db) => loadContracts(db, [700, 701, 702]), watches: PROFIT_RECORDS },
  { label: 'VIN lookup (one)', run: (db) => findVehicleByVin(db, vinOf(42)) },
  { label: 'VIN lookup (import)', run: (db) => findVehiclesByVins(db, [vinOf(42), vinOf(43)]) },
  { label: '/api/car/vin lookups', run: (db) => lookupVins(db, [vinOf(42), vinOf(43)]) },
  { label: '/api/vin/correction VIN part', run: (db) => listVinCorrections(db, vinOf(300).slice(-6), 0, 20) },
  { label: '/api/vin/correction count', run: (db) => countVinCorrections(db, vinOf(300).slice(-6)) },
  ...historyTargets.flatMap(([label, target, index]): Planned[] => [
    { label: `/api/history ${label}`, run: (db) => pageHistoryIds(db, target, 20, 20), uses: index },
    { label: `/api/history count ${label}`, run: (db) => countHistory(db, target), uses: index },
  ]),
  { label: '/api/history events of a page', run: (db) => readHistoryEvents(db, [4001, 4002, 4003]) },
  // The vehicle file: the car with its two contracts by their keys, its records through the unique
  // vehicle_id of each record or link table (both registry stages' branches shown), its files' names.
  { label: '/api/vehicle/:id/file vehicle', run: (db) => findFileVehicle(db, 3700) },
  {
    label: '/api/vehicle/:id/file records',
    run: async (db) => [
      await findStageRecords(db, 3700, ['entry', 'plate', 'release', 'exports', 'drawback', 'archive', 'freight']),
      await findStageRecords(db, 3700, ['transfer']),
    ],
    watches: [...STAGE_RECORD_TABLES, 'users'],
  },
  {
    label: '/api/vehicle/:id/file names',
    run: (db) => findUploadedFileNames(db, ['/storage/document/a.pdf', '/storage/image/b.jpg']),
    watches: ['uploaded_files'],
  },
  // The one search box, one group at a time (SQLite: the column's FTS5 table, the names' grams, the
  // column's own index; PostgreSQL from three characters: search_entries' trigram index, then the details).
  ...(
    [
      ['VIN tail of 4', 'vehicles', vinOf(4321).slice(-4)],
      ['VIN tail of 6', 'vehicles', vinOf(4321).slice(-6)],
      ['whole VIN', 'vehicles', vinOf(4321).toLowerCase()],
      ['VIN part of 3', 'vehicles', vinOf(4321).slice(-3)],
      ['order number part', 'orders', '001234'],
      ['whole order number', 'orders', 'HW2025001234'],
      ['order number of 2', 'orders', 'A1'],
      ['purchase number part', 'purchases', '002345'],
      ['declaration number part', 'exports', '0045621'],
      ['whole declaration number', 'exports', `5301${String(1234 * 37).padStart(14, '0')}`],
      ['declaration number of 2', 'exports', '53'],
      ['name of 1', 'customers', '王'],
      ['name of 2', 'customers', nameOf(55).slice(0, 2)],
      ['name of 5', 'customers', nameOf(1234).slice(1, 6)],
    ] as const
  ).map(([label, kind, text]): Planned => ({
    label: `/api/search ${label}`,
    run: (db) => findAll(db, text, 8, [kind]),
    watches: SEARCH_TABLES,
  })),
  // GET /api/deadline and the dashboard's counts (issue 25): open rows by due day through the partial indexes.
  ...(
    [
      ['open', deadlineFilters()],
      ['overdue', deadlineFilters({ dueTo: deadlineDay(-1) })],
      ['due soon', deadlineFilters({ dueFrom: DEADLINE_TODAY })],
      ['one rule', deadlineFilters({ keys: ['temp_plate'] })],
      [
        'rules on but two',
        deadlineFilters({ keys: DEADLINE_KEYS.filter((key) => key !== 'entry' && key !== 'receipt') }),
      ],
      ['order number part', deadlineFilters({ orderNo: '004567' })],
      ['VIN tail of 6', deadlineFilters({ vin: vinOf(4564).slice(-6) })],
    ] as const
  ).flatMap(([label, filters]): Planned[] => [
    { label: `/api/deadline ${label}`, run: (db) => deadlineIdsPage(db, filters, 0, 15), watches: ['deadlines'] },
    {
      label: `/api/deadline page 20 ${label}`,
      run: (db) => deadlineIdsPage(db, filters, 300, 15),
      watches: ['deadlines'],
    },
    { label: `/api/deadline count ${label}`, run: (db) => countDeadlines(db, filters), watches: ['deadlines'] },
    {
      label: `/api/deadline/export batch ${label}`,
      run: (db) => deadlineIdsAfter(db, filters, { due_on: deadlineDay(-30), key: 'entry', id: 100 }, 500),
      watches: ['deadlines'],
    },
  ]),
  { label: '/api/deadline rows', run: (db) => deadlineRowsOf(db, [4, 8, 12]), watches: ['deadlines'] },
  {
    label: '/api/dashboard overdue',
    run: (db) => countDue(db, DEADLINE_KEYS, undefined, DEADLINE_TODAY, true),
    watches: ['deadlines'],
  },
  {
    label: '/api/dashboard dueSoon',
    run: (db) => countDue(db, DEADLINE_KEYS, DEADLINE_TODAY, deadlineDay(7), false),
    watches: ['deadlines'],
  },
  {
    label: 'work list tags',
    run: (db) => openDeadlinesOfVehicles(db, [4, 8, 12, 16], ['registry', 'temp_plate']),
    watches: ['deadlines'],
  },
  {
    label: '/api/search every group',
    run: (db) => findAll(db, vinOf(4321).slice(-6), 8, ['vehicles', 'orders', 'purchases', 'exports', 'customers']),
    watches: SEARCH_TABLES,
  },
];

const WATCHED = ['vehicles', 'orders', 'purchases', 'customers', 'history_events', 'history_vehicles'];

describe('query plans of the list filters', () => {
  let testDb: TestDatabase;
  let db: Db;
  let captured: CompiledQuery[] = [];
  /** PostgreSQL's partial indexes (`create index … where …`). */
  let partialIndexes: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = new Kysely<Database>({
      dialect: createDialect(testDb.config),
      log: (event: LogEvent) => {
        if (event.level === 'query') captured.push(event.query);
      },
    });
    await migrateToLatest(db);
    await withBulkIndexing(db, () => seed(db));
    await db.executeQuery(CompiledQuery.raw('analyze'));
    if (isPostgres(db)) {
      const partial = await db.executeQuery<{ indexname: string }>(
        CompiledQuery.raw(`select indexname from pg_indexes where schemaname = 'public' and indexdef like '% WHERE %'`),
      );
      partialIndexes = partial.rows.map((row) => row.indexname);
    }
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    await testDb?.cleanup();
  });

  /** The plan of one statement, one line per step. */
  const planOf = async (query: CompiledQuery): Promise<string[]> => {
    if (isPostgres(db)) {
      return db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        return result.rows.map((row) => row['QUERY PLAN']);
      });
    }
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((row) => row.detail);
  };

  /**
   * The steps that read a whole watched table. SQLite: `SCAN <table>` (with or without an index: a scan
   * through an index is still every row). PostgreSQL: a Seq Scan, or an index scan with no Index Cond
   * (what the planner picks for a full scan once seq scans are off).
   */
  const scansIn = (plan: string[], orderedWalk: boolean, watched: readonly string[]): string[] => {
    if (!isPostgres(db)) {
      // SQLite's newest-first walk of the rowid reads `SCAN <table>` with no sort after it.
      const sorted = plan.some((line) => line.includes('USE TEMP B-TREE FOR ORDER BY'));
      return plan.filter(
        (line) =>
          watched.some((table) => new RegExp(`^SCAN ${table}$`).test(line.trim()) && !(orderedWalk && !sorted)) ||
          watched.some((table) => new RegExp(`^SCAN ${table}\\b.+`).test(line.trim())),
      );
    }
    return plan.filter((line, index) => {
      if (watched.some((table) => new RegExp(`Seq Scan on ${table}\\b`).test(line))) return true;
      if (!watched.some((table) => new RegExp(`Index (Only )?Scan( Backward)? using \\S+ on ${table}\\b`).test(line))) {
        return false;
      }
      if (orderedWalk && /Index (Only )?Scan Backward using \w+_pkey/.test(line)) return false;
      // A partial index holds only the rows its condition names: reading it whole is the point.
      if (partialIndexes.some((name) => line.includes(`using ${name} on`))) return false;
      const details: string[] = [];
      for (const next of plan.slice(index + 1)) {
        if (next.includes('->') || next.trim().startsWith('SubPlan')) break;
        details.push(next);
      }
      return !details.some((detail) => detail.includes('Index Cond'));
    });
  };

  it.each(planned)('$label is served by an index', async ({ label, run, orderedWalk = false, uses, watches = [] }) => {
    captured = [];
    await run(db);
    // The EXPLAINs below are logged too: read only the repository's own statements.
    const queries = captured;
    captured = [];
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(query);
      if (process.env.SHOW_PLANS) console.log(`${label}\n  ${query.sql}\n  ${plan.join('\n  ')}`);
      const scans = scansIn(plan, orderedWalk, [...WATCHED, ...watches]);
      expect({ label, scans }).toEqual({ label, scans: [] });
      if (uses) expect(plan.join('\n')).toContain(uses);
    }
  });
});
