import type { Kysely } from 'kysely';

/*
 * Frozen, like every migration (see 2026_11_22_0900 for the shared conventions).
 *
 * Timed work (the storage sweeps, the statistics refresh) runs on one server instance at a time, even
 * when an office runs several on one database (issue 22): each job has one row here, and an instance
 * runs the job only after taking the row's lease with one conditional UPDATE (platform/jobs). The row
 * also says when the job last ran and how that ended.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    // The instance that took the lease last (host, process, a random part).
    .addColumn('holder', 'text')
    // ISO 8601 UTC text, like every timestamp; null while nobody runs the job.
    .addColumn('lease_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    // `ok`, or the failure's message (never its stack).
    .addColumn('last_result', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
