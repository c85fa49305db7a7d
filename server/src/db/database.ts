import { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config';
import type { CustomersTable, CustomerTypesTable } from '../modules/customer/customer.table';
import type { DeadlineDueCountsTable, DeadlineRulesTable, DeadlinesTable } from '../modules/deadline/deadline.table';
import type { StageCountersTable } from '../platform/counters/stage-counters.table';
import type { JobLeasesTable } from '../platform/jobs/job-leases.table';
import type {
  DeregistrationsTable,
  DeregistrationVehiclesTable,
  FreightsTable,
  FreightVehiclesTable,
  TaxRefundsTable,
  TaxRefundVehiclesTable,
  OrderFilingTable,
} from '../modules/filed/filed.table';
import type { OrdersTable, ReceiptsTable } from '../modules/overseas/overseas.table';
import type { CheckInsTable } from '../modules/pickup/pickup.table';
import type { PurchasesTable, RemitsTable } from '../modules/purchase/purchase.table';
import type { PlatingsTable, TransfersTable } from '../modules/registry/registry.table';
import type {
  ExportDeclarationsTable,
  ExportDeclarationVehiclesTable,
  ReleasePassesTable,
  ReleasePassVehiclesTable,
} from '../modules/release/release.table';
import type { LoginThrottleTable, SessionsTable } from '../modules/auth/auth.table';
import type { AuditLogTable } from '../modules/auth/session-log.table';
import type { UsersTable } from '../modules/staff/staff.table';
import type { VehiclesTable } from '../modules/vehicle/vehicle.table';
import type { VinCorrectionsTable } from '../modules/vin-correction/vin-correction.table';
import type { HistoryEventsTable, HistoryVehiclesTable } from '../platform/history/history.table';
import type { OrderProfitDirtyTable, OrderProfitTable, RatesTable } from '../modules/profit/profit.table';
import { createDialect } from './dialect';
import type { UploadedFilesTable } from './uploaded-files.table';

/** Every table of the schema (migrations/), as Kysely sees it. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  history_events: HistoryEventsTable;
  history_vehicles: HistoryVehiclesTable;
  customer_types: CustomerTypesTable;
  customers: CustomersTable;
  orders: OrdersTable;
  receipts: ReceiptsTable;
  purchases: PurchasesTable;
  remits: RemitsTable;
  vehicles: VehiclesTable;
  check_ins: CheckInsTable;
  release_passes: ReleasePassesTable;
  release_pass_vehicles: ReleasePassVehiclesTable;
  platings: PlatingsTable;
  transfers: TransfersTable;
  export_declarations: ExportDeclarationsTable;
  export_declaration_vehicles: ExportDeclarationVehiclesTable;
  tax_refunds: TaxRefundsTable;
  tax_refund_vehicles: TaxRefundVehiclesTable;
  deregistrations: DeregistrationsTable;
  deregistration_vehicles: DeregistrationVehiclesTable;
  freights: FreightsTable;
  freight_vehicles: FreightVehiclesTable;
  order_filing: OrderFilingTable;
  vin_corrections: VinCorrectionsTable;
  uploaded_files: UploadedFilesTable;
  stage_counters: StageCountersTable;
  job_leases: JobLeasesTable;
  deadline_rules: DeadlineRulesTable;
  deadlines: DeadlinesTable;
  deadline_due_counts: DeadlineDueCountsTable;
  rates: RatesTable;
  order_profit: OrderProfitTable;
  order_profit_dirty: OrderProfitDirtyTable;
}

/** The database handle services and repositories take; a transaction is one too. */
export type Db = Kysely<Database>;

export const createDatabase = (config: DatabaseConfig): Db => new Kysely<Database>({ dialect: createDialect(config) });
