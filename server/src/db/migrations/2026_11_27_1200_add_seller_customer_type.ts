import { type Generated, type Kysely, sql } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900).
 *
 * Sellers are not overseas customers (issue 24 point 4). A purchase contract's domestic seller had to be
 * filed as 销外客户 or 代理人, so sellers crowded the overseas customer list and its suggestions.
 *
 * - `customer_types.kind` says what a type is for: 'customer' (销外客户, id 1), 'agent' (代理人, id 2),
 *   'seller' (供应商); null for the types an administrator added. The code finds the seller kind by this
 *   column, never by a name a clerk may rename; one type per kind (a unique index: nulls do not clash).
 * - The seller kind is the type already named 供应商 when a company made one (enabled if it was not),
 *   else a new type of that name.
 * - A customer that appears only on purchase contracts (`purchases.customer_id`), on no overseas
 *   contract (neither `orders.customer_id` nor `orders.agent_id`), becomes a seller, and the copy of
 *   the type its purchase contracts keep (`purchases.customer_type_id`) follows. A customer on both
 *   sides keeps its type. Each move is an event of the history (by nobody: 系统), so a customer's and a
 *   contract's 变更记录 say why the type changed; so is enabling a 供应商 type that was disabled. A new
 *   供应商 type is seeded as the first migration seeded the other two, without an event.
 * - `purchases.customer_id` gets the index the moves (and a customer's delete check) look it up by.
 *
 * `down` drops the column and the index; the customers moved stay sellers (their old type is in the
 * history).
 */

type Kind = 'customer' | 'agent' | 'seller';

/** The tables this migration reads and writes, as they are at this version. */
interface Tables {
  customer_types: {
    id: Generated<number>;
    name: string;
    status: number;
    kind: Kind | null;
    created_at: string;
    updated_at: string;
  };
  history_events: {
    id: Generated<number>;
    at: string;
    user_id: number | null;
    action: string;
    entity: string;
    entity_id: string | null;
    order_id: number | null;
    purchase_id: number | null;
    changes: string;
    request_id: string | null;
  };
}

/** The names the seller kind may take: 供应商, or (when a built-in type was renamed so) the next. */
const SELLER_NAMES = ['供应商', '国内供应商', '采购供应商'];

const changesJson = (changes: readonly { field: string; before: unknown; after: unknown }[]) => JSON.stringify(changes);

/** The seller kind's type id: a type of that name nobody gave a kind to, or a new one. */
const sellerType = async (db: Kysely<Tables>, at: string): Promise<number> => {
  for (const name of SELLER_NAMES) {
    const found = await db
      .selectFrom('customer_types')
      .select(['id', 'status', 'kind'])
      .where('name', '=', name)
      .executeTakeFirst();
    if (found && found.kind !== null) continue;
    let id: number;
    if (found) {
      id = Number(found.id);
      // The seller kind cannot be disabled: the purchase form always offers it.
      if (Number(found.status) !== 1) {
        await db.updateTable('customer_types').set({ status: 1, updated_at: at }).where('id', '=', id).execute();
        await history(db, at, 'update', 'customer_type', id, null, [{ field: 'status', before: 0, after: 1 }]);
      }
    } else {
      const created = await db
        .insertInto('customer_types')
        .values({ name, status: 1, kind: null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Seeded as the first migration seeds 销外客户 and 代理人: no event (a new database has no history).
      id = Number(created.id);
    }
    await db.updateTable('customer_types').set({ kind: 'seller' }).where('id', '=', id).execute();
    return id;
  }
  throw new Error('no name left for the seller customer type');
};

const history = async (
  db: Kysely<Tables>,
  at: string,
  action: string,
  entity: string,
  entityId: number,
  purchaseId: number | null,
  changes: readonly { field: string; before: unknown; after: unknown }[],
) => {
  await db
    .insertInto('history_events')
    .values({
      at,
      user_id: null,
      action,
      entity,
      entity_id: String(entityId),
      order_id: null,
      purchase_id: purchaseId,
      changes: changesJson(changes),
      request_id: null,
    })
    .execute();
};

/**
 * The customers to move, as a condition on `customers`: not yet sellers, named by a purchase contract,
 * named by no overseas contract. `in (select …)` is read once into a set on both databases (purchases
 * had no index on customer_id before this migration); the two `not exists` walk the orders' indexes.
 */
const toMove = (seller: number) => sql<boolean>`customers.type_id <> ${seller}
  and customers.id in (select purchases.customer_id from purchases where purchases.customer_id is not null)
  and not exists (select 1 from orders where orders.customer_id = customers.id)
  and not exists (select 1 from orders where orders.agent_id = customers.id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('customer_types')
    .addColumn('kind', 'text', (col) => col.check(sql`kind in ('customer', 'agent', 'seller')`))
    .execute();
  await db.schema.createIndex('customer_types_kind_index').on('customer_types').column('kind').unique().execute();
  await db.schema.createIndex('purchases_customer_id_index').on('purchases').column('customer_id').execute();
  await sql`update customer_types set kind = 'customer' where id = 1`.execute(db);
  await sql`update customer_types set kind = 'agent' where id = 2`.execute(db);

  const typed = db as unknown as Kysely<Tables>;
  const at = new Date().toISOString();
  const seller = await sellerType(typed, at);

  // The events first, while the condition still finds the customers; the JSON is the history's
  // `[{ field, before, after }]`, written by the database for every row at once.
  const after = `,"after":${seller}}]`;
  await sql`insert into history_events (at, user_id, action, entity, entity_id, order_id, purchase_id, changes, request_id)
    select ${at}, null, 'update', 'customer', cast(customers.id as text), null, null,
      ${'[{"field":"type_id","before":'} || cast(customers.type_id as text) || ${after}, null
    from customers where ${toMove(seller)} order by customers.id`.execute(db);
  const purchasesToMove = sql<boolean>`purchases.customer_id in (select customers.id from customers where ${toMove(seller)})
    and (purchases.customer_type_id is null or purchases.customer_type_id <> ${seller})`;
  await sql`insert into history_events (at, user_id, action, entity, entity_id, order_id, purchase_id, changes, request_id)
    select ${at}, null, 'update', 'purchase', cast(purchases.id as text), null, purchases.id,
      ${'[{"field":"customer_type_id","before":'} || coalesce(cast(purchases.customer_type_id as text), 'null') || ${after}, null
    from purchases where ${purchasesToMove} order by purchases.id`.execute(db);
  await sql`update purchases set customer_type_id = ${seller}, updated_at = ${at} where ${purchasesToMove}`.execute(db);
  await sql`update customers set type_id = ${seller}, updated_at = ${at} where ${toMove(seller)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('purchases_customer_id_index').execute();
  await db.schema.dropIndex('customer_types_kind_index').execute();
  await db.schema.alterTable('customer_types').dropColumn('kind').execute();
}
