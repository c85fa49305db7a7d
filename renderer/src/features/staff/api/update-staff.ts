import { type Staff, staffEndpoints, type StaffUpdateBody } from '../../../../../contract/staff';
import { call } from '../../../api/call';

export const updateStaff = (id: number, body: StaffUpdateBody): Promise<Staff> =>
  call(staffEndpoints.update, { params: { id }, body });
