import { staffEndpoints, type StaffSwitchAnswer } from '../../../../../contract/staff';
import { call } from '../../../api/call';

export const switchStaffStatus = (id: number): Promise<StaffSwitchAnswer> =>
  call(staffEndpoints.switchStatus, { params: { id } });
