import { type Migration, type MigrationResult, Migrator } from 'kysely';
import type { DatabaseConfig } from '../config';
import type { Db } from './database';
import { KEPT_UPGRADE_BACKUPS, makeUpgradeBackup } from './upgrade-backup';
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
import * as createHistory from './migrations/2026_11_25_1200_create_history';
import * as addVinCorrectionReason from './migrations/2026_11_25_1210_add_vin_correction_reason';
import * as createJobLeases from './migrations/2026_11_25_1300_create_job_leases';
import * as addVehicleNoEntry from './migrations/2026_11_27_1000_add_vehicle_no_entry';
import * as addSearchGrams from './migrations/2026_11_27_1100_add_search_grams';
import * as addSellerCustomerType from './migrations/2026_11_27_1200_add_seller_customer_type';
import * as addSearchEntries from './migrations/2026_11_27_1300_add_search_entries';
import * as createDeadlines from './migrations/2026_11_27_1400_create_deadlines';
import * as addDeadlineDueCounts from './migrations/2026_11_27_1410_add_deadline_due_counts';
import * as addProfitAmountsAndRates from './migrations/2026_11_27_1500_add_profit_amounts_and_rates';
import * as createOrderProfit from './migrations/2026_11_27_1510_create_order_profit';

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
  '2026_11_25_1200_create_history': createHistory,
  '2026_11_25_1210_add_vin_correction_reason': addVinCorrectionReason,
  '2026_11_25_1300_create_job_leases': createJobLeases,
  '2026_11_27_1000_add_vehicle_no_entry': addVehicleNoEntry,
  '2026_11_27_1100_add_search_grams': addSearchGrams,
  '2026_11_27_1200_add_seller_customer_type': addSellerCustomerType,
  '2026_11_27_1300_add_search_entries': addSearchEntries,
  '2026_11_27_1400_create_deadlines': createDeadlines,
  '2026_11_27_1410_add_deadline_due_counts': addDeadlineDueCounts,
  '2026_11_27_1500_add_profit_amounts_and_rates': addProfitAmountsAndRates,
  '2026_11_27_1510_create_order_profit': createOrderProfit,
};

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

export interface MigrateOptions {
  /**
   * The database the Db opens: given, a SQLite database with pending migrations is first copied beside
   * itself (upgrade-backup.ts) and PostgreSQL gets a line in the log saying why not. Tests that only need
   * a schema leave it out.
   */
  database?: DatabaseConfig;
  /** Where the upgrade tells what it does (the server's log, the command line). */
  log?: (line: string) => void;
  /**
   * Called once before an upgrade of a database that holds data (its copy and its migrations) begins: the
   * desktop app stops counting its start timeout, since a large database takes longer than a start.
   */
  onUpgradeStart?: () => void;
  /** The migrations to run; tests append a failing one after the real ones. */
  migrations?: Record<string, Migration>;
}

const describeCause = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Brings the schema up to date; returns the names of the migrations it ran.
 *
 * All pending migrations run in one transaction on both databases (Kysely's Migrator does so where the
 * adapter says DDL is transactional; dialect.ts says so for SQLite, which is): when one fails, every
 * change of this upgrade is undone and the database is exactly the version the previous app used, the
 * same as the backup. A migration must therefore not need to run outside a transaction (on SQLite,
 * `pragma foreign_keys` is ignored inside one: use `pragma defer_foreign_keys` for a table rebuild).
 */
export const migrateToLatest = async (db: Db, options: MigrateOptions = {}): Promise<string[]> => {
  const list = options.migrations ?? migrations;
  const log = options.log ?? (() => undefined);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });

  let backup: string | null = null;
  if (options.database) {
    const known = await migrator.getMigrations();
    const pending = known.filter((migration) => !migration.executedAt);
    const executed = known.filter((migration) => migration.executedAt);
    // A new database (nothing executed yet) has nothing to lose: no copy.
    if (pending.length > 0 && executed.length > 0) {
      const lastMigration = executed[executed.length - 1]?.name ?? '';
      options.onUpgradeStart?.();
      if (options.database.kind === 'sqlite') {
        try {
          backup = await makeUpgradeBackup(db, options.database.file, lastMigration);
        } catch (error) {
          // Never upgrade without a copy to go back to (a full disk, a read-only folder).
          log(`升级前备份出错：${describeCause(error)}`);
          throw new MigrationError(
            `数据库升级前备份失败，未执行升级，数据库保持不变。请检查数据目录所在磁盘的空间和写入权限后重新启动。`,
            [],
            { cause: error },
          );
        }
        log(`数据库升级前已备份到：${backup}（保留最近 ${KEPT_UPGRADE_BACKUPS} 次升级的备份）`);
      } else {
        log('PostgreSQL 数据库升级前不做文件备份（请由数据库管理员按时备份）；升级在一个事务中执行，失败时全部撤销');
      }
      log(`待执行的数据库迁移：${pending.map((migration) => migration.name).join('、')}`);
    }
  }

  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const what = failed ? `迁移 ${failed} 出错` : '迁移未能开始';
    const where = backup
      ? `升级前的备份在：${backup}。`
      : options.database?.kind === 'postgres'
        ? '（PostgreSQL 不做文件备份，请联系数据库管理员。）'
        : '';
    log(`数据库迁移出错：${describeCause(error)}`);
    throw new MigrationError(
      `数据库升级失败（${what}），所有改动已撤销，数据库保持升级前的状态。${where}请把日志文件发给技术支持。`,
      results,
      { cause: error },
    );
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
};
