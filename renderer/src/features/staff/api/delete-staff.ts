import { staffPaths } from '../../../../../contract/staff';
import { apiDelete } from '../../../api/http-client';

/** The page says its own 删除成功! instead of the client's generic 204 toast. */
export const deleteStaff = (id: number): Promise<void> => apiDelete(staffPaths.one(id), { successToast: false });
