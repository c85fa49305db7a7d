import { staffPaths, type StaffCreateBody } from '../../../../../contract/staff';
import { apiPost } from '../../../api/http-client';

export const createStaff = (body: StaffCreateBody): Promise<{ id: number }> =>
  apiPost<{ id: number }>(staffPaths.list, body);
