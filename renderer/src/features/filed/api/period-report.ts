import { queryOptions } from '@tanstack/react-query';
import type { ExportAnswer } from '../../../../../contract/export';
import { type Report, reportEndpoints } from '../../../../../contract/filed-period-report';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

/** A report's period: days `YYYY-MM-DD`, both included. */
export interface ReportPeriod {
  start_time: string;
  end_time: string;
}

export const readReport = (period: ReportPeriod, options?: RequestOptions): Promise<Report> =>
  call(reportEndpoints.read, { query: { ...period } }, options);

export const periodReportQuery = (period: ReportPeriod) =>
  queryOptions({
    queryKey: [...queryKeys.periodReport, period.start_time, period.end_time] as const,
    queryFn: ({ signal }) => readReport(period, { signal }),
    // The figures change with every record saved: a dialog opened again asks again.
    staleTime: 0,
  });

/** 导出报表: the trade income and expense workbook of the period. */
export const exportReport = (period: ReportPeriod): Promise<ExportAnswer> =>
  call(reportEndpoints.export, { query: { ...period } });
