/**
 * The archive query (档案查询, /filed/query_list): every vehicle with its eight stage values, its
 * document rates and its contracts (spec part 2, sections 2, 3 "Vehicle (archive list row)" and 7
 * `procedureLists`; API.md, Cars). The status tags read `stageTagColor` of contract/stage.ts.
 */
import { z } from 'zod';
import { dateOnly, optionalFilter, pageQuery } from './common';
import { endpoint, paged } from './endpoint';
import { STAGES } from './stage';

export const procedureTextLimits = { order_no: 50, vin: 17 } as const;

/**
 * The dashboard's stage counts as a filter (API.md, procedureLists `stage`): the vehicles whose step
 * has happened (its value above 0), or `complete` (refund, deregistration and freight all done).
 */
export const PROCEDURE_STAGE_FILTERS = [...STAGES, 'complete'] as const;
export type ProcedureStageFilter = (typeof PROCEDURE_STAGE_FILTERS)[number];
export const procedureStageMessage = '环节不正确';

/** `GET procedureLists`: page, limit, order_no, vin, start_time, end_time (the vehicle's created day), stage. */
export const procedureListQuery = pageQuery.extend({
  order_no: optionalFilter(z.string().trim().max(procedureTextLimits.order_no)),
  vin: optionalFilter(z.string().trim().max(procedureTextLimits.vin)),
  start_time: optionalFilter(dateOnly),
  end_time: optionalFilter(dateOnly),
  stage: optionalFilter(z.enum(PROCEDURE_STAGE_FILTERS, procedureStageMessage)),
});
export type ProcedureListQuery = z.infer<typeof procedureListQuery>;

/** A record's document rate in whole percent (the export declaration's n/6, the transfer's n/5). */
export const procedureRateSchema = z.object({ id: z.number(), rate: z.number() });

/** The purchase contract types' words on the row (spec part 2, section 2: 新车 / 二手车). */
export const purchaseTypeWords: Record<1 | 2, string> = { 1: '新车', 2: '二手车' };

/** A row of `procedureLists` (spec part 2, section 3). */
export const procedureListItemSchema = z.object({
  id: z.number(),
  vin: z.string(),
  model: z.string().nullable(),
  /** The overseas contract the business information page opens (/filed/info/<order_id>?car=<id>). */
  order_id: z.number().nullable(),
  entry: z.number(),
  plate: z.number(),
  release: z.number(),
  transfer: z.number(),
  exports: z.number(),
  drawback: z.number(),
  archive: z.number(),
  freight: z.number(),
  /** The export declaration's document rate (at most one declaration per vehicle). */
  exportss: z.array(procedureRateSchema),
  /** The transfer's document rate (at most one transfer per vehicle). */
  transfers: z.array(procedureRateSchema),
  order: z.array(z.object({ id: z.number(), order_no: z.string() })),
  purchase: z.array(z.object({ id: z.number(), type: z.number(), purchase_no: z.string() })),
  created_at: z.string(),
});
export type ProcedureListItem = z.infer<typeof procedureListItemSchema>;

export const procedureEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/car/procedureLists',
    query: procedureListQuery,
    response: paged(procedureListItemSchema),
  }),
};
