import { overseasEndpoints } from '../../../../../contract/overseas';
import type { ExportAnswer } from '../../../../../contract/export';
import { call } from '../../../api/call';
import type { FilterValues } from '../../../components/filter-bar';

/** 导出Excel: the list's own filters, no paging. */
export const exportOrders = (filters: FilterValues): Promise<ExportAnswer> =>
  call(overseasEndpoints.export, { query: filters });
