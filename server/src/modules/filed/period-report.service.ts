import type { ExportAnswer } from '../../../../contract/export';
import { REPORT_SHEET_NAME, type Report, type ReportQuery } from '../../../../contract/filed-period-report';
import type { AppContext } from '../../app-context';
import { EXPORT_BATCH_WIDE, saveExportWorkbook } from '../../excel/export-file';
import { totalsLabel, tradeColumns, type TradeExportRow } from '../../excel/report-workbook';
import { batchesNewestFirst } from '../../db/list-page';
import { fromFen } from '../overseas/money';
import { CURRENCIES } from '../../../../contract/overseas';
import {
  contractFigures,
  periodOrderIdsAll,
  type ReportPeriod,
  tradeLines,
  vehicleFigures,
} from './period-report.repository';

const periodOf = (query: ReportQuery): ReportPeriod => ({ start: query.start_time, end: query.end_time });

/** `GET /api/order/report`: the period's figures (DOMAIN.md, Counts). */
export const readReport = async ({ db, config }: AppContext, query: ReportQuery): Promise<Report> => {
  const period = periodOf(query);
  const [contracts, cars] = await Promise.all([
    contractFigures(db, config.timeZone, period),
    vehicleFigures(db, config.timeZone, period),
  ]);
  const totalIn = (currency: string) =>
    fromFen(contracts.filter((row) => row.currency === currency).reduce((sum, row) => sum + row.totalFen, 0));
  return {
    orderNum: contracts.reduce((sum, row) => sum + row.orders, 0),
    orderUsd: totalIn('USD'),
    orderCny: totalIn('CNY'),
    carNum: cars.vehicles,
    carDrawback: cars.drawback,
    carArchive: cars.archive,
    carFreight: cars.freight,
    carComplete: cars.complete,
  };
};

type Sums = Omit<TradeExportRow, 'order_no' | 'customer_name' | 'currency' | 'created_at'>;
const noSums = (): Sums => ({
  total: 0,
  received: 0,
  settled: 0,
  cost: 0,
  remitted: 0,
  vehicles: 0,
  complete: 0,
  drawback: 0,
  archive: 0,
  freight: 0,
});

/**
 * The rows batch by batch as the workbook asks for them, then the totals per currency. The totals are
 * added up in fen while the rows pass, so no money is lost to decimal sums and nothing is read twice.
 */
async function* tradeRows({ db, config }: AppContext, period: ReportPeriod): AsyncGenerator<TradeExportRow[]> {
  const totals = new Map(CURRENCIES.map((currency) => [currency as string, noSums()]));
  const add = (currency: string, line: Sums) => {
    const sums = totals.get(currency) ?? noSums();
    for (const key of Object.keys(line) as (keyof Sums)[]) sums[key] += line[key];
    totals.set(currency, sums);
  };
  // The period's ids are read once (50,000 numbers for every contract of a company), then cut into
  // batches here: a keyset query per batch sorted the whole period again each time (`id + 0`, so an
  // old month is found through its date index), 13 ms per batch of the whole period on SQLite.
  const ids = (await periodOrderIdsAll(db, config.timeZone, period)).map((row) => row.id);
  let taken = 0;
  for await (const batch of batchesNewestFirst(
    async (_before, limit) => {
      // Asked in turn, each batch after the last one: the next slice.
      const batch = ids.slice(taken, taken + limit);
      taken += batch.length;
      return batch.map((id) => ({ id }));
    },
    (batchIds) => tradeLines(db, batchIds),
    EXPORT_BATCH_WIDE,
  )) {
    yield batch.map((line) => {
      const fen: Sums = {
        total: line.totalFen,
        received: line.receivedFen,
        settled: line.settledFen,
        cost: line.costFen,
        remitted: line.remittedFen,
        vehicles: line.figures.vehicles,
        complete: line.figures.complete,
        drawback: line.figures.drawback,
        archive: line.figures.archive,
        freight: line.figures.freight,
      };
      add(line.currency, fen);
      return {
        order_no: line.order_no,
        customer_name: line.customer_name,
        currency: line.currency,
        created_at: line.created_at,
        ...inYuan(fen),
      };
    });
  }
  yield [...totals].map(([currency, sums]) => ({
    order_no: totalsLabel(currency),
    customer_name: null,
    currency,
    created_at: null,
    ...inYuan(sums),
  }));
}

const inYuan = (sums: Sums): Sums => ({
  ...sums,
  total: fromFen(sums.total),
  received: fromFen(sums.received),
  settled: fromFen(sums.settled),
  cost: fromFen(sums.cost),
  remitted: fromFen(sums.remitted),
});

/** `GET /api/order/report/export`: the trade income and expense workbook of the period. */
export const exportReport = (ctx: AppContext, query: ReportQuery): Promise<ExportAnswer> =>
  saveExportWorkbook(ctx, { name: REPORT_SHEET_NAME, columns: tradeColumns, rows: tradeRows(ctx, periodOf(query)) });
