import { pickupEndpoints } from '../../../../../contract/pickup';
import type { ExportAnswer } from '../../../../../contract/export';
import { call } from '../../../api/call';
import type { FilterValues } from '../../../components/filter-bar';

/** 导出Excel: the list's own filters, no paging. */
export const exportPickups = (filters: FilterValues): Promise<ExportAnswer> =>
  call(pickupEndpoints.export, { query: filters });
