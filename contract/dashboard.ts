import { z } from 'zod';
import { endpoint } from './endpoint';
import { STAGES, type Stage } from './stage';

export const dashboardCountsSchema = z.object({
  orderNum: z.number(),
  purchaseNum: z.number(),
  carEntry: z.number(),
  carRelease: z.number(),
  carPlate: z.number(),
  carTransfer: z.number(),
  carExports: z.number(),
  carDrawback: z.number(),
  carFreight: z.number(),
  carArchive: z.number(),
  carComplete: z.number(),
  /** Open deadlines past their due date, of rules that are on (DOMAIN.md "Deadlines"; a car late twice counts twice). */
  overdue: z.number(),
  /** Open deadlines due today to 7 days on (0 ≤ days left ≤ 7), of rules that are on. */
  dueSoon: z.number(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

/**
 * `GET /api/car/procedureStatistics`: per stage, the vehicles in that stage's flow (contract/stage.ts)
 * whose stage is still 0, the work waiting (DOMAIN.md, Counts). API.md and the spec do not give the
 * answer's shape, so each stage is named by its key: `{ entry, plate, release, transfer, exports,
 * drawback, archive, freight }`.
 */
export const procedureStatisticsSchema = z.object(
  Object.fromEntries(STAGES.map((stage) => [stage, z.number()])) as Record<Stage, z.ZodNumber>,
);
export type ProcedureStatistics = z.infer<typeof procedureStatisticsSchema>;

export const dashboardEndpoints = {
  counts: endpoint({ method: 'GET', path: '/api/dashboard', response: dashboardCountsSchema }),
  procedureStatistics: endpoint({
    method: 'GET',
    path: '/api/car/procedureStatistics',
    response: procedureStatisticsSchema,
  }),
};
