import { dashboardPath, type DashboardCounts } from '../../../../../contract/dashboard';
import { apiGet } from '../../../api/http-client';

export const fetchDashboard = (): Promise<DashboardCounts> => apiGet<DashboardCounts>(dashboardPath);
