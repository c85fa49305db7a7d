import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Staff accounts (`users`). Timestamps are ISO 8601 UTC text with milliseconds. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  nickname: string;
  phone_number: string;
  password_hash: string;
  role: Generated<string>;
  /** 1 enabled, 0 disabled. */
  status: Generated<0 | 1>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
