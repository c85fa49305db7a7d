/**
 * `stage_counters` (migration 2026_11_24_1100): one row per counted figure and shard, kept by database
 * triggers; a figure is the sum of its shards. Only the dashboard reads it; nothing in the application
 * writes it.
 */
export interface StageCountersTable {
  /** `orderNum`, `carEntry`, … as the dashboard names them; `waiting.<stage>` for procedureStatistics. */
  name: string;
  shard: number;
  count: number | string;
}
