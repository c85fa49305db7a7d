import type { Generated, Insertable, Selectable } from 'kysely';
import type { CustomerTypeKind } from '../../../../contract/customer';

/**
 * 销外客户 (id 1) and 代理人 (id 2) are created by the first migration, the seller kind 供应商 by
 * 2026_11_27_1200 (which added `kind`).
 */
export interface CustomerTypesTable {
  id: Generated<number>;
  name: string;
  status: Generated<0 | 1>;
  /** What the type is for; null for a type an administrator added. One type per kind. */
  kind: Generated<CustomerTypeKind | null>;
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
