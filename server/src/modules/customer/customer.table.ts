import type { Generated, Insertable, Selectable } from 'kysely';

/** 销外客户 (id 1) and 代理人 (id 2) are created by the first migration. */
export interface CustomerTypesTable {
  id: Generated<number>;
  name: string;
  status: Generated<0 | 1>;
  created_at: string;
  updated_at: string;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  type_id: number;
  address: string | null;
  country: string | null;
  contact_name: string | null;
  contact_way: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type CustomerTypeRow = Selectable<CustomerTypesTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type NewCustomerRow = Insertable<CustomersTable>;
