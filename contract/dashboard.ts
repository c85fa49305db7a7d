import { z } from 'zod';
import { endpoint } from './endpoint';

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
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

export const dashboardEndpoints = {
  counts: endpoint({ method: 'GET', path: '/api/dashboard', response: dashboardCountsSchema }),
};
