import { orderPaths } from '../../../../../contract/overseas';
import type { ExportAnswer } from '../../../../../contract/export';
import { apiGet } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';

/** 导出Excel: the list's own filters, no paging. */
export const exportOrders = (filters: FilterValues): Promise<ExportAnswer> =>
  apiGet<ExportAnswer>(orderPaths.export, filters);
