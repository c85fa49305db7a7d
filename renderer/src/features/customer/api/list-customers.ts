import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { customerPaths, type Customer } from '../../../../../contract/customer';
import type { FilterValues } from '../../../components/filter-bar';
import { apiGet } from '../../../api/http-client';

export interface CustomerListParams {
  page: number;
  typeId: number;
  /** What the filter bar sent: `name`, `start_time`, `end_time`. */
  filters: FilterValues;
}

export const listCustomers = ({ page, typeId, filters }: CustomerListParams): Promise<Paged<Customer>> =>
  apiGet<Paged<Customer>>(customerPaths.list, { ...filters, type_id: typeId, page, limit: PAGE_SIZE });
