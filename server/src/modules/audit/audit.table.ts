import type { Generated, Insertable, Selectable } from 'kysely';

/** Who did what to which record, with the record before and after (JSON text). */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  request_id: string | null;
  created_at: string;
}

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
