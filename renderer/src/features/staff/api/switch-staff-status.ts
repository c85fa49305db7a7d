import { staffPaths, type StaffSwitchAnswer } from '../../../../../contract/staff';
import { apiPut } from '../../../api/http-client';

export const switchStaffStatus = (id: number): Promise<StaffSwitchAnswer> =>
  apiPut<StaffSwitchAnswer>(staffPaths.switchStatus(id));
