import type { Paged } from '../../../../contract/common';
import type { ProcedureListItem, ProcedureListQuery } from '../../../../contract/filed-query-list';
import type { AppContext } from '../../app-context';
import { paged } from '../../envelope';
import { formatTimestamp } from '../../time';
import {
  countProcedures,
  listProcedures as listProcedureRows,
  type ProcedureFilters,
  type ProcedureListRow,
} from './query-list.repository';
import { pageWithTotal } from '../../db/list-page';

const filtersOf = (query: ProcedureListQuery): ProcedureFilters => ({
  orderNo: query.order_no,
  vin: query.vin,
  start: query.start_time,
  end: query.end_time,
  stage: query.stage,
});

const toListItem = (row: ProcedureListRow, timeZone: string): ProcedureListItem => ({
  id: row.id,
  vin: row.vin,
  model: row.model,
  order_id: row.order_id,
  entry: row.entry,
  plate: row.plate,
  release: row.release,
  transfer: row.transfer,
  exports: row.exports,
  drawback: row.drawback,
  archive: row.archive,
  freight: row.freight,
  exportss: row.exports_id === null ? [] : [{ id: row.exports_id, rate: row.exports_rate ?? 0 }],
  transfers: row.transfer_id === null ? [] : [{ id: row.transfer_id, rate: row.transfer_rate ?? 0 }],
  order: row.order_id === null || row.order_no === null ? [] : [{ id: row.order_id, order_no: row.order_no }],
  purchase:
    row.purchase_id === null || row.purchase_no === null
      ? []
      : [{ id: row.purchase_id, type: row.purchase_type ?? 1, purchase_no: row.purchase_no }],
  created_at: formatTimestamp(row.created_at, timeZone),
});

/** `procedureLists`: a page of vehicles newest first, and the filtered total. */
export const listProcedures = async (
  { db, config }: AppContext,
  query: ProcedureListQuery,
): Promise<Paged<ProcedureListItem>> => {
  const filters = filtersOf(query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => listProcedureRows(db, config.timeZone, filters, offset, query.limit),
    () => countProcedures(db, config.timeZone, filters),
  );
  return paged(
    rows.map((row) => toListItem(row, config.timeZone)),
    total,
    query.page,
    query.limit,
  );
};
