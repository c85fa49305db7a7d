import { overseasEndpoints } from '../../../../../contract/overseas';
import type { ExportAnswer } from '../../../../../contract/export';
import { call } from '../../../api/call';
import type { FilterValues } from '../../../components/filter-bar';

/** 导出收款单: the receipts of the contracts the list's filters find. */
export const exportReceipts = (filters: FilterValues): Promise<ExportAnswer> =>
  call(overseasEndpoints.receiptExport, { query: filters });
