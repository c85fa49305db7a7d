import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { orderPaths, type OrderListItem } from '../../../../../contract/overseas';
import { apiGet } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';

export const listOrders = (page: number, filters: FilterValues): Promise<Paged<OrderListItem>> =>
  apiGet<Paged<OrderListItem>>(orderPaths.list, { ...filters, page, limit: PAGE_SIZE });
