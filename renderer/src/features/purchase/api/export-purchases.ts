import { purchaseEndpoints } from '../../../../../contract/purchase';
import type { ExportAnswer } from '../../../../../contract/export';
import { call } from '../../../api/call';
import type { FilterValues } from '../../../components/filter-bar';

/** 导出Excel: the list's own filters, no paging. */
export const exportPurchases = (filters: FilterValues): Promise<ExportAnswer> =>
  call(purchaseEndpoints.export, { query: filters });
