import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { staffPaths, type Staff } from '../../../../../contract/staff';
import { apiGet } from '../../../api/http-client';

export const listStaff = (page: number): Promise<Paged<Staff>> =>
  apiGet<Paged<Staff>>(staffPaths.list, { page, limit: PAGE_SIZE });
