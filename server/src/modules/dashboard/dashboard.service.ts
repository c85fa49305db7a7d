import type { DashboardCounts } from '../../../../contract/dashboard';
import type { AppContext } from '../../app-context';
import { countContracts, countVehicleStages } from './dashboard.repository';

export const dashboardCounts = async ({ db }: AppContext): Promise<DashboardCounts> => {
  const [contracts, vehicles] = await Promise.all([countContracts(db), countVehicleStages(db)]);
  return { ...contracts, ...vehicles };
};
