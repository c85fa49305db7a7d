import type { DashboardCounts, ProcedureStatistics } from '../../../../contract/dashboard';
import type { ProcedureStageFilter } from '../../../../contract/filed-query-list';

export interface DashboardStat {
  key: keyof DashboardCounts;
  label: string;
  /** Where clicking the count goes. */
  path: string;
}

/** The archive query filtered by a stage: exactly the vehicles a stage count counts (API.md, procedureLists). */
export const stageQueryPath = (stage: ProcedureStageFilter) => `/filed/query_list?stage=${stage}`;

/**
 * The eleven counts in the order of a vehicle's life. The contracts open their lists (spec part 1,
 * Dashboard); a stage count counts every car whose step has happened, so it opens the archive query
 * filtered by that stage, not the stage's work list, which holds only the cars still waiting there (the
 * waiting-work counts below open those).
 */
export const dashboardStats: readonly DashboardStat[] = [
  { key: 'orderNum', label: '海外合同', path: '/overseas/list' },
  { key: 'purchaseNum', label: '采购合同', path: '/purchase/list' },
  { key: 'carEntry', label: '入库', path: stageQueryPath('entry') },
  { key: 'carRelease', label: '出库', path: stageQueryPath('release') },
  { key: 'carPlate', label: '上牌', path: stageQueryPath('plate') },
  { key: 'carTransfer', label: '过户', path: stageQueryPath('transfer') },
  { key: 'carExports', label: '出口', path: stageQueryPath('exports') },
  { key: 'carDrawback', label: '退税', path: stageQueryPath('drawback') },
  { key: 'carFreight', label: '运费', path: stageQueryPath('freight') },
  { key: 'carArchive', label: '注销', path: stageQueryPath('archive') },
  { key: 'carComplete', label: '归档完成', path: stageQueryPath('complete') },
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

export interface DeadlineStat {
  key: 'overdue' | 'dueSoon';
  label: string;
  path: string;
  /** Late work stands out in the error colour, work due soon in the warning colour. */
  tone: 'error' | 'warning';
}

/** Open deadlines (issue 25): late, and due within 7 days; each opens the deadline list so filtered. */
export const deadlineStats: readonly DeadlineStat[] = [
  { key: 'overdue', label: '已逾期', path: '/deadline/list?state=overdue', tone: 'error' },
  { key: 'dueSoon', label: '7天内到期', path: '/deadline/list?state=soon', tone: 'warning' },
];
