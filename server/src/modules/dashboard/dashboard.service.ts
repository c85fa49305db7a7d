import type { DashboardCounts, ProcedureStatistics } from '../../../../contract/dashboard';
import { STAGES } from '../../../../contract/stage';
import type { AppContext } from '../../app-context';
import { readCounters } from '../../platform/counters/counters.repository';
import { deadlineCounts } from '../deadline/deadline.service';

/** The dashboard's figures as the counters name them (DOMAIN.md, Counts). */
export const dashboardCounts = async ({ db }: AppContext): Promise<DashboardCounts> => {
  const counters = await readCounters(db);
  const figure = (name: string) => counters.get(name) ?? 0;
  return {
    orderNum: figure('orderNum'),
    purchaseNum: figure('purchaseNum'),
    carEntry: figure('carEntry'),
    carRelease: figure('carRelease'),
    carPlate: figure('carPlate'),
    carTransfer: figure('carTransfer'),
    carExports: figure('carExports'),
    carDrawback: figure('carDrawback'),
    carFreight: figure('carFreight'),
    carArchive: figure('carArchive'),
    carComplete: figure('carComplete'),
    ...(await deadlineCounts(db)),
  };
};

/** Per stage, the vehicles in its flow whose stage is still 0 (`waiting.<stage>` counters). */
export const procedureStatistics = async ({ db }: AppContext): Promise<ProcedureStatistics> => {
  const counters = await readCounters(db);
  return Object.fromEntries(
    STAGES.map((stage) => [stage, counters.get(`waiting.${stage}`) ?? 0]),
  ) as ProcedureStatistics;
};
