/**
 * The root key of every area's server data in the query cache, in one place. A save in one area marks
 * another's lists stale through these names (features may not import each other), never through a copied
 * literal: a renamed key then changes everywhere at once, and ESLint refuses a literal key elsewhere.
 * A query's full key starts with its area's root, so invalidating the root refreshes all of the area.
 */
export const queryKeys = {
  userInfo: ['user-info'],
  setupStatus: ['setup-status'],
  dashboard: ['dashboard'],
  customers: ['customers'],
  customerTypes: ['customer-types'],
  staff: ['staff'],
  orders: ['orders'],
  purchases: ['purchases'],
  pickups: ['pickups'],
  registry: ['registry'],
  releaseList: ['release-list'],
  releasePasses: ['release-passes'],
  exports: ['exports'],
  filed: ['filed'],
  filedQueryList: ['procedures'],
  periodReport: ['order-report'],
  vinCorrections: ['vin-corrections'],
  /** The deadline list and rules (issue 25); the overdue count is the dashboard's. */
  deadlines: ['deadlines'],
  /** The monthly book rates (issue 26); a contract's profit sits under `orders`. */
  rates: ['rates'],
  profitReport: ['profit-report'],
  vehicle: ['vehicle'],
  /** The 变更记录 of records (a vehicle's own history sits under `vehicle`). */
  history: ['history'],
  /** The top bar's search box. */
  search: ['search'],
  /** The VIN suggestions of every stage form: any save that moves a car makes them stale. */
  carSearch: ['car-search'],
  /** 数据备份 (issue 27): the status and the list of backups. */
  backup: ['backup'],
} as const;
