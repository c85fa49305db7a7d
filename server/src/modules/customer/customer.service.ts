import type { Paged } from '../../../../contract/common';
import {
  CUSTOMER_TYPE_IDS,
  type Customer,
  type CustomerBody,
  type CustomerListQuery,
  customerMessages,
  type CustomerOption,
  CUSTOMER_SEARCH_LIMIT,
  type CustomerSearchQuery,
  type CustomerType,
  type CustomerTypeBody,
  type CustomerTypeKind,
  type CustomerUpdateBody,
} from '../../../../contract/customer';
import type { Actor, AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { paged } from '../../envelope';
import { conflict, notFound, unprocessable } from '../../http-errors';
import { formatTimestamp, nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { saveUnlessChanged, updateRowIfUnchanged } from '../../db/guarded-update';
import { assertNotStale, lockRowForSave } from '../../db/stale-save';
import {
  countCustomers,
  countCustomerTypeUses,
  type CustomerWithType,
  deleteCustomerRow,
  deleteCustomerTypeRow,
  findContractUsingCustomer,
  findCustomer,
  findCustomerType,
  findCustomerTypeByName,
  insertCustomer,
  insertCustomerType,
  listAllCustomers,
  searchCustomers,
  listCustomers as listCustomerRows,
  listCustomerTypes as listCustomerTypeRows,
  renameCustomerType,
} from './customer.repository';
import type { CustomerTypeRow } from './customer.table';
import { pageWithTotal } from '../../db/list-page';

const toCustomerType = (row: CustomerTypeRow): CustomerType => ({
  id: row.id,
  name: row.name,
  status: row.status,
  kind: row.kind,
});

export const toCustomer = (row: CustomerWithType, timeZone: string): Customer => ({
  id: row.id,
  name: row.name,
  type: row.type,
  type_id: row.type_id,
  address: row.address,
  country: row.country,
  contact_name: row.contact_name,
  contact_way: row.contact_way,
  created_at: formatTimestamp(row.created_at, timeZone),
  updated_at: formatTimestamp(row.updated_at, timeZone),
});

const auditView = (row: CustomerWithType | CustomerBody) => ({
  name: row.name,
  type_id: row.type_id,
  address: row.address ?? null,
  country: row.country ?? null,
  contact_name: row.contact_name ?? null,
  contact_way: row.contact_way ?? null,
});

// Customer types

export const listCustomerTypes = async ({ db }: AppContext): Promise<CustomerType[]> =>
  (await listCustomerTypeRows(db)).map(toCustomerType);

export const createCustomerType = async (
  { db }: AppContext,
  body: CustomerTypeBody,
  actor: Actor,
): Promise<{ id: number }> => {
  if (await findCustomerTypeByName(db, body.name)) throw conflict(customerMessages.typeNameTaken);
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await insertCustomerType(trx, body.name, nowIso());
      await recordHistory(trx, actor, { action: 'create', entity: 'customer_type', entityId: id, after: body });
      return { id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(customerMessages.typeNameTaken);
    throw error;
  }
};

export const updateCustomerType = async (
  { db }: AppContext,
  id: number,
  body: CustomerTypeBody,
  actor: Actor,
): Promise<CustomerType> => {
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await findCustomerType(trx, id);
      if (!existing) throw notFound();
      const holder = await findCustomerTypeByName(trx, body.name);
      if (holder && holder.id !== id) throw conflict(customerMessages.typeNameTaken);
      await renameCustomerType(trx, id, body.name, nextUpdatedAt(existing.updated_at));
      await recordHistory(trx, actor, {
        action: 'update',
        entity: 'customer_type',
        entityId: id,
        before: { name: existing.name },
        after: body,
      });
      return toCustomerType({ ...existing, name: body.name });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(customerMessages.typeNameTaken);
    throw error;
  }
};

/**
 * 销外客户 (the form's default), 代理人 (the agent suggestions) and 供应商 (the purchase form's sellers)
 * are what the screens rely on: every type with a kind, and the first migration's two by their ids.
 */
const BUILT_IN_TYPES: readonly number[] = Object.values(CUSTOMER_TYPE_IDS);
const isBuiltIn = (type: CustomerTypeRow) => type.kind !== null || BUILT_IN_TYPES.includes(type.id);

export const deleteCustomerType = async ({ db }: AppContext, id: number, actor: Actor): Promise<void> => {
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await findCustomerType(trx, id);
      if (!existing) throw notFound();
      if (isBuiltIn(existing)) throw conflict(customerMessages.typeBuiltIn);
      const uses = await countCustomerTypeUses(trx, id);
      if (uses.customers > 0) throw conflict(customerMessages.typeInUse);
      if (uses.contracts > 0) throw conflict(customerMessages.typeUsedByContract);
      await deleteCustomerTypeRow(trx, id);
      await recordHistory(trx, actor, { action: 'delete', entity: 'customer_type', entityId: id, before: existing });
    });
  } catch (error) {
    // A customer of this type saved between the count and the delete.
    if (isForeignKeyViolation(error)) throw conflict(customerMessages.typeInUse);
    throw error;
  }
};

// Customers

export const listCustomers = async ({ db, config }: AppContext, query: CustomerListQuery): Promise<Paged<Customer>> => {
  const filters = { typeId: query.type_id, name: query.name, start: query.start_time, end: query.end_time };
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => listCustomerRows(db, config.timeZone, filters, offset, query.limit),
    () => countCustomers(db, config.timeZone, filters),
  );
  return paged(
    rows.map((row) => toCustomer(row, config.timeZone)),
    total,
    query.page,
    query.limit,
  );
};

const toOption = (row: CustomerWithType): CustomerOption => ({
  id: row.id,
  name: row.name,
  type: row.type,
  type_id: row.type_id,
  address: row.address,
  contact_way: row.contact_way,
  country: row.country,
});

/** Every customer: kept for compatibility (API.md); the forms search instead. */
export const listCustomerOptions = async ({ db }: AppContext): Promise<CustomerOption[]> =>
  (await listAllCustomers(db)).map(toOption);

/**
 * The type ids of a kind: its one type, or for `customer` every type that is neither the agents' nor
 * the sellers' (an administrator's own types are customers). The types are few: read whole.
 */
const typeIdsOfKind = async (db: Db, kind: CustomerTypeKind): Promise<number[]> =>
  (await listCustomerTypeRows(db))
    .filter((type) => (kind === 'customer' ? type.kind === 'customer' || type.kind === null : type.kind === kind))
    .map((type) => type.id);

/** A select box's choices as the clerk types (API.md `GET /api/customer/search`). */
export const searchCustomerOptions = async (
  { db }: AppContext,
  query: CustomerSearchQuery,
): Promise<CustomerOption[]> => {
  const typeIds = query.kind === undefined ? undefined : await typeIdsOfKind(db, query.kind);
  return (await searchCustomers(db, { name: query.name, typeId: query.type_id, typeIds }, CUSTOMER_SEARCH_LIMIT)).map(
    toOption,
  );
};

const requireCustomer = async (db: Db, id: number): Promise<CustomerWithType> => {
  const row = await findCustomer(db, id);
  if (!row) throw notFound();
  return row;
};

export const getCustomer = async ({ db, config }: AppContext, id: number): Promise<Customer> =>
  toCustomer(await requireCustomer(db, id), config.timeZone);

/** 422 on `type_id` unless the customer type exists; also for the contract form's copy of the type. */
export const requireCustomerType = async (db: Db, typeId: number, message: string = customerMessages.typeRequired) => {
  if (!(await findCustomerType(db, typeId))) throw unprocessable(message, 'type_id');
};

/** A customer row from a form (this one, or the contract form's new customer); used inside the caller's transaction. */
export const insertCustomerFromForm = async (
  trx: Db,
  body: CustomerBody,
  actor: Actor,
  typeMessage?: string,
): Promise<number> => {
  await requireCustomerType(trx, body.type_id, typeMessage);
  const at = nowIso();
  const id = await insertCustomer(trx, {
    name: body.name,
    type_id: body.type_id,
    address: body.address ?? null,
    country: body.country ?? null,
    contact_name: body.contact_name ?? null,
    contact_way: body.contact_way ?? null,
    created_by: actor.userId,
    created_at: at,
    updated_at: at,
  });
  await recordHistory(trx, actor, { action: 'create', entity: 'customer', entityId: id, after: auditView(body) });
  return id;
};

export const createCustomer = async ({ db }: AppContext, body: CustomerBody, actor: Actor): Promise<{ id: number }> =>
  db.transaction().execute(async (trx) => ({ id: await insertCustomerFromForm(trx, body, actor) }));

export const updateCustomer = async (
  { db, config }: AppContext,
  id: number,
  body: CustomerUpdateBody,
  actor: Actor,
): Promise<Customer> =>
  db.transaction().execute(async (trx) => {
    await lockRowForSave(trx, 'customers', id);
    const existing = await requireCustomer(trx, id);
    assertNotStale(body.updated_at, existing.updated_at);
    await requireCustomerType(trx, body.type_id);
    const patch = {
      name: body.name,
      type_id: body.type_id,
      address: body.address ?? null,
      country: body.country ?? null,
      contact_name: body.contact_name ?? null,
      contact_way: body.contact_way ?? null,
      updated_at: nextUpdatedAt(existing.updated_at),
    };
    let updated = existing;
    await saveUnlessChanged(
      trx,
      actor,
      () => updateRowIfUnchanged(trx, 'customers', id, patch, existing.updated_at),
      async () => {
        updated = await requireCustomer(trx, id);
        return {
          action: 'update',
          entity: 'customer',
          entityId: id,
          before: auditView(existing),
          after: auditView(updated),
        };
      },
    );
    return toCustomer(updated, config.timeZone);
  });

export const deleteCustomer = async ({ db }: AppContext, id: number, actor: Actor): Promise<void> => {
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await requireCustomer(trx, id);
      const contractNo = await findContractUsingCustomer(trx, id);
      if (contractNo !== undefined) throw conflict(customerMessages.customerInUseBy(contractNo));
      await deleteCustomerRow(trx, id);
      await recordHistory(trx, actor, {
        action: 'delete',
        entity: 'customer',
        entityId: id,
        before: auditView(existing),
      });
    });
  } catch (error) {
    // A contract naming the customer was saved between the check and the delete.
    if (isForeignKeyViolation(error)) throw conflict(customerMessages.customerInUse);
    throw error;
  }
};
