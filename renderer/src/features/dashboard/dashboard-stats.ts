import type { DashboardCounts } from '../../../../contract/dashboard';

export interface DashboardStat {
  key: keyof DashboardCounts;
  label: string;
  /** Where clicking the count goes (spec part 1, Dashboard). */
  path: string;
}

/** The eleven counts in the order of a vehicle's life. */
export const dashboardStats: readonly DashboardStat[] = [
  { key: 'orderNum', label: '海外合同', path: '/overseas/list' },
  { key: 'purchaseNum', label: '采购合同', path: '/purchase/list' },
  { key: 'carEntry', label: '入库', path: '/pickup/list' },
  { key: 'carRelease', label: '出库', path: '/pickup/list' },
  { key: 'carPlate', label: '上牌', path: '/dmv/list' },
  { key: 'carTransfer', label: '过户', path: '/dmv/list' },
  { key: 'carExports', label: '出口', path: '/release/list' },
  { key: 'carDrawback', label: '退税', path: '/filed/list' },
  { key: 'carFreight', label: '运费', path: '/filed/list' },
  { key: 'carArchive', label: '注销', path: '/filed/list' },
  { key: 'carComplete', label: '归档完成', path: '/filed/list' },
];
