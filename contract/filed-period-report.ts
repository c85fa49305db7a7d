/**
 * The period report of the archive query (查询报表) and the trade income and expense workbook (导出报表):
 * spec part 2, sections 3 ("Report data"), 5 and 7; API.md, overseas contracts; DOMAIN.md, Counts. The
 * period is the overseas contracts' creation days in the server's time zone, end inclusive.
 */
import { z } from 'zod';
import { dateOnly } from './common';
import { endpoint } from './endpoint';
import { exportAnswerSchema } from './export';
import { blankToUndefined } from './fields';

export const reportMessages = {
  periodRequired: '请先选择要查询的时间',
  periodOrder: '结束日期不能早于开始日期',
  failed: '报表查询失败，请稍后重试',
  exportFailed: '下载失败!',
} as const;

const requiredDay = z.preprocess(blankToUndefined, z.string({ error: reportMessages.periodRequired }).pipe(dateOnly));

/** `start_time` and `end_time`, both required (`YYYY-MM-DD`, end inclusive). */
export const reportQuery = z
  .object({ start_time: requiredDay, end_time: requiredDay })
  .superRefine((query, context) => {
    if (query.end_time < query.start_time) {
      context.addIssue({ code: 'custom', message: reportMessages.periodOrder, path: ['end_time'] });
    }
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/** The figures (DOMAIN.md, Counts); money as decimals in the currency its name says. */
export const reportSchema = z.object({
  orderNum: z.number(),
  orderUsd: z.number(),
  orderCny: z.number(),
  carNum: z.number(),
  carDrawback: z.number(),
  carArchive: z.number(),
  carFreight: z.number(),
  carComplete: z.number(),
});
export type Report = z.infer<typeof reportSchema>;

/** The workbook's sheet and file name. */
export const REPORT_SHEET_NAME = '贸易收支报表';

export const reportEndpoints = {
  read: endpoint({ method: 'GET', path: '/api/order/report', query: reportQuery, response: reportSchema }),
  export: endpoint({
    method: 'GET',
    path: '/api/order/report/export',
    query: reportQuery,
    response: exportAnswerSchema,
  }),
};
