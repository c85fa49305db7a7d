import { staffPaths, type StaffUpdateBody } from '../../../../../contract/staff';
import { apiPut } from '../../../api/http-client';

export const updateStaff = (id: number, body: StaffUpdateBody): Promise<unknown> => apiPut(staffPaths.one(id), body);
