import type { DashboardCounts, ProcedureStatistics } from '../../../../contract/dashboard';

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

export interface WaitingStat {
  key: keyof ProcedureStatistics;
  label: string;
  /** The screen where that work is done, with its filter set where it has one (issue 12, point 5). */
  path: string;
}

/** The vehicles waiting at each stage (`procedureStatistics`), in the order of a vehicle's life. */
export const waitingStats: readonly WaitingStat[] = [
  { key: 'entry', label: '待入库', path: '/pickup/list' },
  { key: 'plate', label: '待上牌', path: '/dmv/list' },
  { key: 'release', label: '待出库', path: '/pickup/list?release_status=0' },
  { key: 'transfer', label: '待过户', path: '/dmv/list?tab=2' },
  { key: 'exports', label: '待出口', path: '/release/list' },
  { key: 'drawback', label: '待退税', path: '/filed/list?drawback=0' },
  { key: 'archive', label: '待注销', path: '/filed/list?archive=0' },
  { key: 'freight', label: '运费未完成', path: '/filed/list?freight=0' },
];
