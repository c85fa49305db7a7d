import { type Migration, type MigrationProvider, type MigrationResult, Migrator } from 'kysely';
import type { Db } from './database';
import * as createStaffAndSessions from './migrations/2026_11_22_0900_create_staff_and_sessions';
import * as createCustomersAndContracts from './migrations/2026_11_22_0901_create_customers_and_contracts';
import * as createVehiclesAndRecords from './migrations/2026_11_22_0902_create_vehicles_and_records';
import * as createUploadedFiles from './migrations/2026_11_22_0903_create_uploaded_files';
import * as createLoginThrottle from './migrations/2026_11_23_1000_create_login_throttle';
import * as addSearchIndexes from './migrations/2026_11_24_1000_add_search_indexes';
import * as createStageCounters from './migrations/2026_11_24_1100_create_stage_counters';
import * as addPageWalkIndexes from './migrations/2026_11_24_1200_add_page_walk_indexes';
import * as addOrderReceiptTotal from './migrations/2026_11_24_1300_add_order_receipt_total';
import * as addVehicleReleaseIndex from './migrations/2026_11_24_1400_add_vehicle_release_index';
import * as addWaitingVehicleIndexes from './migrations/2026_11_24_1500_add_waiting_vehicle_indexes';
import * as addFlowCounters from './migrations/2026_11_24_1600_add_flow_counters';
import * as addCheckInAgentIndex from './migrations/2026_11_24_1700_add_check_in_agent_index';
import * as addReleaseListIndex from './migrations/2026_11_24_1800_add_release_list_index';
import * as createOrderFiling from './migrations/2026_11_24_1900_create_order_filing';

/**
 * Every migration, by name. A static list rather than a folder scan so that the embedded server,
 * bundled into one file by Vite, carries them. Add new ones at the end; never edit a released one.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0900_create_staff_and_sessions': createStaffAndSessions,
  '2026_11_22_0901_create_customers_and_contracts': createCustomersAndContracts,
  '2026_11_22_0902_create_vehicles_and_records': createVehiclesAndRecords,
  '2026_11_22_0903_create_uploaded_files': createUploadedFiles,
  '2026_11_23_1000_create_login_throttle': createLoginThrottle,
  '2026_11_24_1000_add_search_indexes': addSearchIndexes,
  '2026_11_24_1100_create_stage_counters': createStageCounters,
  '2026_11_24_1200_add_page_walk_indexes': addPageWalkIndexes,
  '2026_11_24_1300_add_order_receipt_total': addOrderReceiptTotal,
  '2026_11_24_1400_add_vehicle_release_index': addVehicleReleaseIndex,
  '2026_11_24_1500_add_waiting_vehicle_indexes': addWaitingVehicleIndexes,
  '2026_11_24_1600_add_flow_counters': addFlowCounters,
  '2026_11_24_1700_add_check_in_agent_index': addCheckInAgentIndex,
  '2026_11_24_1800_add_release_list_index': addReleaseListIndex,
  '2026_11_24_1900_create_order_filing': createOrderFiling,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: MigrationResult[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`数据库迁移失败：${failed}`, results, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
};
