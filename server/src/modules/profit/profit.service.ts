/**
 * Profit (issue 26): the book rates, a contract's figures, and the profit report. A contract's figures
 * are computed from its records by `computeProfit` on every read of its 利润 tab; the report reads the
 * same figures kept per contract in `order_profit`, brought up to date first for every contract a
 * trigger marked since (a handful after a day's work; every contract once after the upgrade).
 */
import type { ExportAnswer } from '../../../../contract/export';
import {
  type OrderProfit,
  PROFIT_REPORT_SHEET_NAME,
  type ProfitReport,
  type ProfitReportExportQuery,
  type ProfitReportQuery,
  type ProfitReportRow,
  type Rate,
  type RateBody,
  type RateCurrency,
  profitLabels,
  profitMessages,
} from '../../../../contract/profit';
import type { Actor, AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { EXPORT_BATCH, saveExportWorkbook } from '../../excel/export-file';
import type { Column } from '../../excel/workbook';
import { notFound } from '../../http-errors';
import { recordHistory } from '../../platform/history/record-history';
import { endOfDayExclusive, formatTimestamp, nowIso, startOfDay } from '../../time';
import {
  computeProfit,
  fenText,
  fenTextOrNull,
  marginOf,
  marginText,
  MICRO,
  rateMicroOf,
  rateText,
} from './profit-calc';
import {
  clearDirty,
  type ContractRecords,
  deleteFigures,
  dirtyOrderIds,
  findRate,
  listRates as readRates,
  loadContracts,
  markMonthDirty,
  type ReportFilters,
  reportByMonth,
  reportPage,
  reportTotals,
  saveRate as writeRate,
  SORT_COLUMNS,
  type SortColumn,
  takeRefreshTurn,
  upsertFigures,
  usdRates,
} from './profit.repository';
import type { OrderProfitRow, OrderProfitTable } from './profit.table';

/** `YYYY-MM` of a stored instant in the server's time zone. */
export const monthOf = (stored: string, timeZone: string): string => formatTimestamp(stored, timeZone).slice(0, 7);

const rateOfContract = (records: ContractRecords, rates: Map<string, bigint>, timeZone: string) =>
  rates.get(monthOf(records.head.created_at, timeZone)) ?? null;

// ---- rates ----

const toRate = (
  row: { month: string; currency: string; rate_micro: number | string; updated_at: string },
  tz: string,
): Rate => ({
  month: row.month,
  currency: row.currency as RateCurrency,
  rate: rateText(BigInt(row.rate_micro)),
  updated_at: formatTimestamp(row.updated_at, tz),
});

export const listRates = async ({ db, config }: AppContext): Promise<Rate[]> =>
  (await readRates(db)).map((row) => toRate(row, config.timeZone));

/** The stored-form bounds `[from, to)` of a month in the server's time zone. */
const monthBounds = (month: string, timeZone: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: startOfDay(`${month}-01`, timeZone), to: startOfDay(`${next}-01`, timeZone) };
};

/**
 * `PUT /api/rates/{month}`: keeps the rate, writes its history (entity `rate`, id `YYYY-MM:USD`) and marks
 * the month's contracts for the report, in one transaction.
 */
export const saveRate = async (
  { db, config }: AppContext,
  month: string,
  body: RateBody,
  actor: Actor,
): Promise<Rate> => {
  const rateMicro = rateMicroOf(body.rate);
  await db.transaction().execute(async (trx) => {
    const before = await findRate(trx, month, body.currency);
    const at = nowIso();
    await writeRate(trx, { month, currency: body.currency, rateMicro, userId: actor.userId, at });
    const { from, to } = monthBounds(month, config.timeZone);
    await markMonthDirty(trx, from, to);
    await recordHistory(trx, actor, {
      action: before ? 'update' : 'create',
      entity: 'rate',
      entityId: `${month}:${body.currency}`,
      ...(before ? { before: { month, currency: body.currency, rate: rateText(BigInt(before.rate_micro)) } } : {}),
      after: { month, currency: body.currency, rate: rateText(rateMicro) },
    });
  });
  const saved = await findRate(db, month, body.currency);
  if (!saved) throw new Error('the saved rate is missing');
  return toRate(saved, config.timeZone);
};

// ---- one contract ----

/** `GET /api/order/{id}/profit`: every car's figures, every receipt's exchange gain, and the totals. */
export const getOrderProfit = async ({ db, config }: AppContext, orderId: number): Promise<OrderProfit> => {
  const [records] = await loadContracts(db, [orderId]);
  if (!records) throw notFound(profitMessages.orderUnknown);
  const rates = await usdRates(db);
  const figures = computeProfit({
    currency: records.head.currency,
    total: records.head.total,
    usdRateMicro: rateOfContract(records, rates, config.timeZone),
    cars: records.cars,
    receipts: records.receipts,
    freights: records.freights,
    drawbacks: records.drawbacks,
  });
  const bookRate = figures.rateMicro === null ? null : rateText(figures.rateMicro);
  return {
    order_id: records.head.id,
    currency: records.head.currency,
    book_rate: bookRate,
    month: monthOf(records.head.created_at, config.timeZone),
    cars: figures.cars.map((car) => ({
      car_id: car.carId,
      vin: car.vin,
      revenue: fenTextOrNull(car.revenue),
      costs: fenText(car.costs),
      freight: fenTextOrNull(car.freight),
      drawback: fenTextOrNull(car.drawback),
      profit: fenTextOrNull(car.profit),
      margin: marginText(car.marginBp),
      final: car.final,
      reasons: car.reasons,
    })),
    receipts: figures.receipts.map((receipt) => ({
      id: receipt.id,
      amount: fenText(receipt.amount),
      currency: receipt.currency,
      book_rate: receipt.currency === 'CNY' ? rateText(MICRO) : bookRate,
      settlement: receipt.currency === 'CNY' ? fenText(receipt.amount) : fenTextOrNull(receipt.settlement),
      fx_gain: fenTextOrNull(receipt.fxGain),
    })),
    totals: {
      revenue: fenTextOrNull(figures.totals.revenue),
      costs: fenText(figures.totals.costs),
      freight: fenTextOrNull(figures.totals.freight),
      drawback: fenTextOrNull(figures.totals.drawback),
      profit: fenTextOrNull(figures.totals.profit),
      margin: marginText(figures.totals.marginBp),
      fx_gain: fenTextOrNull(figures.totals.fxGain),
      final: figures.totals.final,
      reasons: figures.totals.reasons,
    },
  };
};

// ---- the kept figures ----

/** Contracts recomputed per transaction: five reads of a few thousand rows, one upsert. */
export const REFRESH_BATCH = 500;

const str = (value: bigint | null): string | null => (value === null ? null : value.toString());

/** Brings `order_profit` up to date for every contract marked since the last read. */
export const refreshProfits = async (db: Db, timeZone: string): Promise<number> => {
  let done = 0;
  for (;;) {
    const count = await db.transaction().execute(async (trx) => {
      // PostgreSQL: two reports refreshing at once take turns (SQLite's writes already do), so that
      // neither waits on the other's rows in a different order.
      await takeRefreshTurn(trx);
      const ids = await dirtyOrderIds(trx, REFRESH_BATCH);
      if (ids.length === 0) return 0;
      // Cleared first: a write after this read marks its contract again, for the next refresh.
      await clearDirty(trx, ids);
      const [contracts, rates] = await Promise.all([loadContracts(trx, ids), usdRates(trx)]);
      const rows = contracts.map((records): OrderProfitTable => {
        const figures = computeProfit({
          currency: records.head.currency,
          total: records.head.total,
          usdRateMicro: rateOfContract(records, rates, timeZone),
          cars: records.cars,
          receipts: records.receipts,
          freights: records.freights,
          drawbacks: records.drawbacks,
        });
        const { totals } = figures;
        return {
          order_id: records.head.id,
          order_no: records.head.order_no,
          customer_name: records.head.customer_name,
          country: records.head.customer_country,
          currency: records.head.currency,
          created_at: records.head.created_at,
          month: monthOf(records.head.created_at, timeZone),
          cars: records.cars.length,
          revenue: str(totals.revenue),
          costs: totals.costs.toString(),
          freight: str(totals.freight),
          drawback: str(totals.drawback),
          profit: str(totals.profit),
          margin_bp: str(totals.marginBp),
          fx_gain: str(totals.fxGain),
          final: totals.final ? 1 : 0,
        };
      });
      // A contract deleted since it was marked has no figures any more.
      const present = new Set(rows.map((row) => row.order_id));
      await deleteFigures(
        trx,
        ids.filter((id) => !present.has(id)),
      );
      await upsertFigures(trx, rows);
      return ids.length;
    });
    done += count;
    if (count < REFRESH_BATCH) return done;
  }
};

// ---- the report ----

const big = (value: number | string | null): bigint | null => (value === null ? null : BigInt(value));

const toRow = (row: OrderProfitRow, timeZone: string): ProfitReportRow => ({
  id: row.order_id,
  order_no: row.order_no,
  customer_name: row.customer_name,
  country: row.country,
  currency: row.currency === 'CNY' ? 'CNY' : 'USD',
  created_at: formatTimestamp(row.created_at, timeZone),
  cars: Number(row.cars),
  revenue: fenTextOrNull(big(row.revenue)),
  costs: fenText(BigInt(row.costs)),
  freight: fenTextOrNull(big(row.freight)),
  drawback: fenTextOrNull(big(row.drawback)),
  profit: fenTextOrNull(big(row.profit)),
  margin: marginText(big(row.margin_bp)),
  fx_gain: fenTextOrNull(big(row.fx_gain)),
  final: Number(row.final) === 1,
});

type ReportFilterQuery = Pick<
  ProfitReportExportQuery,
  'start_time' | 'end_time' | 'name' | 'country' | 'sort' | 'order'
>;

const filtersOf = (query: ReportFilterQuery, timeZone: string): ReportFilters => ({
  from: startOfDay(query.start_time, timeZone),
  to: endOfDayExclusive(query.end_time, timeZone),
  name: query.name,
  country: query.country,
});

const sortOf = (query: ReportFilterQuery): { column: SortColumn; direction: 'asc' | 'desc' } => ({
  column: SORT_COLUMNS[query.sort ?? 'created_at'],
  direction: query.order ?? 'desc',
});

/** Every month of the period, oldest first, 0 where no contract was made (the chart's axis). */
const monthsOf = (start: string, end: string): string[] => {
  const months: string[] = [];
  let [year, month] = start.slice(0, 7).split('-').map(Number) as [number, number];
  const last = end.slice(0, 7);
  for (let guard = 0; guard < 1200; guard += 1) {
    const text = `${year}-${String(month).padStart(2, '0')}`;
    months.push(text);
    if (text >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
};

/** `GET /api/report/profit`. */
export const readProfitReport = async ({ db, config }: AppContext, query: ProfitReportQuery): Promise<ProfitReport> => {
  await refreshProfits(db, config.timeZone);
  const filters = filtersOf(query, config.timeZone);
  const offset = (query.page - 1) * query.limit;
  const [rows, totals, byMonth] = await Promise.all([
    reportPage(db, filters, sortOf(query), offset, query.limit),
    reportTotals(db, filters),
    reportByMonth(db, filters),
  ]);
  const profit = BigInt(totals.profit ?? 0);
  const known = BigInt(totals.known_revenue ?? 0);
  const total = Number(totals.contracts);
  const profitByMonth = new Map(byMonth.map((row) => [row.month, BigInt(row.profit ?? 0)]));
  return {
    data: rows.map((row) => toRow(row, config.timeZone)),
    meta: { total, page: query.page, limit: query.limit },
    total,
    totals: {
      contracts: total,
      cars: Number(totals.cars ?? 0),
      revenue: fenText(BigInt(totals.revenue ?? 0)),
      costs: fenText(BigInt(totals.costs ?? 0)),
      freight: fenText(BigInt(totals.freight ?? 0)),
      drawback: fenText(BigInt(totals.drawback ?? 0)),
      profit: fenText(profit),
      // Over the contracts whose profit is known: a USD month without a rate adds neither.
      margin: marginText(marginOf(profit, known)),
      fx_gain: fenText(BigInt(totals.fx_gain ?? 0)),
      final: total > 0 && Number(totals.final) === 1,
    },
    by_month: monthsOf(query.start_time, query.end_time).map((month) => ({
      month,
      profit: fenText(profitByMonth.get(month) ?? 0n),
    })),
  };
};

// ---- the export ----

/** A sheet row: a contract, or one of the heading lines (period, generation time) in the first column. */
type SheetRow = { heading: string } | { row: ProfitReportRow };

const yuan = (text: string | null): number | null => (text === null ? null : Number(text));
const cell =
  <K extends keyof ProfitReportRow>(key: K, as: (value: ProfitReportRow[K]) => string | number | null) =>
  (line: SheetRow) =>
    'row' in line ? as(line.row[key]) : null;

const profitColumns: readonly Column<SheetRow>[] = [
  {
    header: profitLabels.order_no,
    width: 22,
    kind: 'text',
    value: (line) => ('row' in line ? line.row.order_no : line.heading),
  },
  { header: profitLabels.customer_name, width: 24, kind: 'text', value: cell('customer_name', (v) => v) },
  { header: profitLabels.country, width: 12, kind: 'text', value: cell('country', (v) => v) },
  { header: profitLabels.cars, width: 8, kind: 'integer', value: cell('cars', (v) => v) },
  { header: profitLabels.revenue, width: 16, kind: 'money', value: cell('revenue', yuan) },
  { header: profitLabels.costs, width: 16, kind: 'money', value: cell('costs', yuan) },
  { header: profitLabels.freight, width: 14, kind: 'money', value: cell('freight', yuan) },
  { header: profitLabels.drawback, width: 14, kind: 'money', value: cell('drawback', yuan) },
  { header: profitLabels.profit, width: 16, kind: 'money', value: cell('profit', yuan) },
  {
    header: profitLabels.margin,
    width: 10,
    kind: 'text',
    value: cell('margin', (v) => (v === null ? null : `${(Number(v) * 100).toFixed(2)}%`)),
  },
  { header: profitLabels.fx_gain, width: 14, kind: 'money', value: cell('fx_gain', yuan) },
  {
    header: profitLabels.final,
    width: 8,
    kind: 'text',
    value: cell('final', (v) => (v ? profitLabels.finalWord : profitLabels.estimated)),
  },
];

async function* sheetRows(ctx: AppContext, query: ProfitReportExportQuery): AsyncGenerator<SheetRow[]> {
  const { db, config } = ctx;
  await refreshProfits(db, config.timeZone);
  const generated = formatTimestamp(nowIso(), config.timeZone).slice(0, 19).replace('T', ' ');
  yield [
    { heading: `${profitLabels.period}：${query.start_time} 至 ${query.end_time}` },
    { heading: `${profitLabels.generatedAt}：${generated}` },
  ];
  const filters = filtersOf(query, config.timeZone);
  // One sorted read of the period (a year is tens of thousands of narrow rows), written batch by batch:
  // an OFFSET per batch would sort the period again for every batch.
  const rows = await reportPage(db, filters, sortOf(query), 0, Number.MAX_SAFE_INTEGER);
  for (let start = 0; start < rows.length; start += EXPORT_BATCH)
    yield rows.slice(start, start + EXPORT_BATCH).map((row) => ({ row: toRow(row, config.timeZone) }));
  const totals = await reportTotals(db, filters);
  const profit = BigInt(totals.profit ?? 0);
  yield [
    {
      row: {
        id: 0,
        order_no: profitLabels.total,
        customer_name: '',
        country: null,
        currency: 'CNY',
        created_at: '',
        cars: Number(totals.cars ?? 0),
        revenue: fenText(BigInt(totals.revenue ?? 0)),
        costs: fenText(BigInt(totals.costs ?? 0)),
        freight: fenText(BigInt(totals.freight ?? 0)),
        drawback: fenText(BigInt(totals.drawback ?? 0)),
        profit: fenText(profit),
        margin: marginText(marginOf(profit, BigInt(totals.known_revenue ?? 0))),
        fx_gain: fenText(BigInt(totals.fx_gain ?? 0)),
        final: Number(totals.contracts) > 0 && Number(totals.final) === 1,
      },
    },
  ];
}

/** `GET /api/report/profit/export`: the report's rows in its order, with the period, time and totals. */
export const exportProfitReport = (ctx: AppContext, query: ProfitReportExportQuery): Promise<ExportAnswer> =>
  saveExportWorkbook(ctx, { name: PROFIT_REPORT_SHEET_NAME, columns: profitColumns, rows: sheetRows(ctx, query) });
