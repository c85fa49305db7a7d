/**
 * `stage_counters` (migration 2026_11_24_1100): one row per counted figure and shard, kept by database
 * triggers; a figure is the sum of its shards. The dashboard and the lists' unfiltered totals read it
 * (counters.repository.ts); nothing in the application writes it.
 */
export interface StageCountersTable {
  /** `orderNum`, `carEntry`, … as the dashboard names them; `flow.<flow>` per flow; `waiting.<stage>` for procedureStatistics. */
  name: string;
  shard: number;
  count: number | string;
}
