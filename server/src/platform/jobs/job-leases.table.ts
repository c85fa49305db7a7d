/** `job_leases` (migration 2026_11_25_1300): one row per timed job, its lease and its last run. */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  /** ISO UTC; null while nobody runs the job. */
  lease_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  /** `ok`, or the failure's message. */
  last_result: string | null;
}
