/** The profit report (利润报表, `GET /api/report/profit` and its export; issue 26). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExportAnswer } from '../../../../../contract/export';
import {
  type ProfitReport,
  type ProfitReportExportQuery,
  type ProfitReportQuery,
  profitEndpoints,
} from '../../../../../contract/profit';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

/** What the screen asks: the period (required), the filters and the sort; the page apart. */
export type ProfitReportFilters = Omit<ProfitReportExportQuery, never>;

export const profitReportQueryKey = queryKeys.profitReport;

export const readProfitReport = (
  filters: ProfitReportFilters,
  page: number,
  options?: RequestOptions,
): Promise<ProfitReport> =>
  call(profitEndpoints.report, { query: { ...filters, page } satisfies Partial<ProfitReportQuery> }, options);

export const profitReportQuery = (filters: ProfitReportFilters, page: number) =>
  queryOptions({
    queryKey: [...profitReportQueryKey, filters, page] as const,
    queryFn: ({ signal }) => readProfitReport(filters, page, { signal }),
    placeholderData: keepPreviousData,
  });

/** 导出: every matching row, in the sort shown, as a workbook with the period and the time it was made. */
export const exportProfitReport = (filters: ProfitReportFilters): Promise<ExportAnswer> =>
  call(profitEndpoints.reportExport, { query: { ...filters } });
