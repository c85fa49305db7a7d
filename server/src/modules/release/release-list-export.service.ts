import type { ExportAnswer } from '../../../../contract/export';
import {
  NOT_LINKED,
  type ReleaseListExportQuery,
  type ReleaseListGroup,
  releaseListCodeLabels,
} from '../../../../contract/release-exports';
import type { AppContext } from '../../app-context';
import { EXPORT_BATCH, saveExportWorkbook } from '../../excel/export-file';
import {
  RELEASE_LIST_SHEET_NAME,
  releaseListColumns,
  type ReleaseListExportRow,
} from '../../excel/release-list-workbooks';
import { batchesNewestFirst } from '../../db/list-page';
import { contractIdsBefore, contractsOf, countGroups, vehiclesOfGroups } from './release-list.repository';
import { groupsOf, releaseListFiltersOf } from './release-list.service';

/** `GET exExport`: the vehicles of the list's filters, as the list groups them, under STORAGE_DIR/exports/. */
export const exportReleaseList = (ctx: AppContext, query: ReleaseListExportQuery): Promise<ExportAnswer> =>
  saveExportWorkbook(ctx, {
    name: RELEASE_LIST_SHEET_NAME,
    columns: releaseListColumns,
    rows: releaseRows(ctx, query),
  });

const rowsOfGroup = (group: ReleaseListGroup): ReleaseListExportRow[] =>
  group.car.map((car) => ({
    order_no: group.order_no ?? NOT_LINKED,
    customer_name: group.customer_name ?? NOT_LINKED,
    amount: group.amount,
    purchase_no: car.purchase_no,
    vin: car.vin,
    model: car.model,
    rate: car.rate,
    exports_date: car.exports_date,
    status: releaseListCodeLabels[car.status],
  }));

/**
 * The groups in batches of contracts (keyset on the contract id, newest first: one query for the ids,
 * one for their vehicles), then the 未关联 group, rows coming as the workbook asks for them.
 */
async function* releaseRows({ db }: AppContext, query: ReleaseListExportQuery): AsyncGenerator<ReleaseListExportRow[]> {
  const filters = releaseListFiltersOf(query);
  const batches = batchesNewestFirst(
    (before, limit) => contractIdsBefore(db, filters, before, limit),
    async (ids) => {
      const [contracts, vehicles] = await Promise.all([contractsOf(db, ids), vehiclesOfGroups(db, filters, ids)]);
      return groupsOf(ids, contracts, vehicles);
    },
    EXPORT_BATCH,
  );
  for await (const groups of batches) yield groups.flatMap(rowsOfGroup);
  if ((await countGroups(db, filters)).notLinked) {
    yield groupsOf([null], [], await vehiclesOfGroups(db, filters, [null])).flatMap(rowsOfGroup);
  }
}
