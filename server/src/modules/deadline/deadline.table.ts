import type { Generated } from 'kysely';

/** The administrator's deadline policy, one row per rule key (migration 2026_11_27_1400). */
export interface DeadlineRulesTable {
  key: string;
  /** Days from the start; not used by the fixed-date tax refund rule. */
  days: number;
  enabled: Generated<0 | 1>;
  updated_at: string | null;
}

/**
 * One clock per vehicle and rule, or per overseas contract for the receipt rule (`vehicle_id` null).
 * Days are `YYYY-MM-DD` in the server's time zone; `closed_on` is null while the deadline is open.
 */
export interface DeadlinesTable {
  id: Generated<number>;
  vehicle_id: number | null;
  /** The vehicle's overseas contract (kept by a trigger), or the receipt rule's contract. */
  order_id: number | null;
  key: string;
  started_on: string;
  due_on: string;
  closed_on: string | null;
}

/** Open deadlines per rule and due day, kept by triggers on `deadlines` (migration 2026_11_27_1410). */
export interface DeadlineDueCountsTable {
  key: string;
  due_on: string;
  open_count: number;
}
