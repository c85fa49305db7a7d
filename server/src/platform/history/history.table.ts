import type { Generated, Insertable, Selectable } from 'kysely';
import type { HistoryAction, HistoryEntity } from '../../../../contract/history';

/** One change to one record (platform/history/record-history.ts writes it; GET /api/history reads it). */
export interface HistoryEventsTable {
  id: Generated<number>;
  /** ISO 8601 UTC with milliseconds, as every timestamp of the schema. */
  at: string;
  /** Null for the first-run setup before anyone was logged in, and for older audit rows that had none. */
  user_id: number | null;
  action: HistoryAction;
  entity: HistoryEntity;
  /**
   * Text, not an integer: the deadline rules and the monthly rates are keyed by text (`YYYY-MM:USD`), and
   * one column indexed with `entity` answers "this record's history" for every entity; a numeric id is
   * written as its decimal digits. Null for a hand-over of cars on no purchase contract.
   */
  entity_id: string | null;
  /** The overseas contract whose history holds this event: its own, its car lines', its receipts'. */
  order_id: number | null;
  /** The purchase contract whose history holds this event: its own, its car lines', its remittances'. */
  purchase_id: number | null;
  /** JSON `[{ field, before, after }]`: only the fields that changed, never a secret. */
  changes: string;
  request_id: string | null;
}

/** Which vehicles an event touched: "everything that happened to this car" is one range of its index. */
export interface HistoryVehiclesTable {
  event_id: number;
  vehicle_id: number;
}

export type HistoryEventRow = Selectable<HistoryEventsTable>;
export type NewHistoryEventRow = Insertable<HistoryEventsTable>;
