import type { Generated } from 'kysely';

/**
 * Logins and logouts (`audit_log`, entity `session`): a security trail, not history. Every change to a
 * record goes to platform/history; since 2026_11_25_1200 this table keeps only these rows.
 */
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
