export interface DashboardCounts {
  orderNum: number;
  purchaseNum: number;
  carEntry: number;
  carRelease: number;
  carPlate: number;
  carTransfer: number;
  carExports: number;
  carDrawback: number;
  carFreight: number;
  carArchive: number;
  carComplete: number;
}

export const dashboardPath = '/api/dashboard';
