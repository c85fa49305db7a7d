import { staffEndpoints } from '../../../../../contract/staff';
import { call } from '../../../api/call';

/** The page says its own 删除成功! instead of the client's generic 204 toast. */
export const deleteStaff = async (id: number): Promise<void> => {
  await call(staffEndpoints.delete, { params: { id } }, { successToast: false });
};
