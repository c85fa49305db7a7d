import { type StaffCreateBody, staffEndpoints } from '../../../../../contract/staff';
import { call } from '../../../api/call';

export const createStaff = (body: StaffCreateBody): Promise<{ id: number }> => call(staffEndpoints.create, { body });
