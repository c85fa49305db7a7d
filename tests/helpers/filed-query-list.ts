import type { Db } from '../../server/src/db/database';
import type { Currency } from '../../server/src/modules/overseas/overseas.table';
import type { NewVehicleRow } from '../../server/src/modules/vehicle/vehicle.table';
import { createVehicle } from './factories';

/**
 * Rows for the archive query and the period report, written straight into the database with the
 * creation instants a test needs (midnight edges in Asia/Shanghai), which no endpoint lets a test set.
 * Money in fen, as stored; triggers keep the receipt totals and counters as they do for the app.
 */

export const seedOrder = async (
  db: Db,
  values: { order_no: string; currency: Currency; totalFen: number; created_at: string; customer_name?: string },
): Promise<number> =>
  (
    await db
      .insertInto('orders')
      .values({
        order_no: values.order_no,
        customer_name: values.customer_name ?? `客户 ${values.order_no}`,
        amount: 10,
        currency: values.currency,
        total: values.totalFen,
        created_at: values.created_at,
        updated_at: values.created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const seedPurchase = async (
  db: Db,
  values: { purchase_no: string; type?: 1 | 2; order_id?: number | null; created_at?: string },
): Promise<number> => {
  const at = values.created_at ?? new Date().toISOString();
  return (
    await db
      .insertInto('purchases')
      .values({
        purchase_no: values.purchase_no,
        type: values.type ?? 1,
        order_id: values.order_id ?? null,
        customer_name: `卖方 ${values.purchase_no}`,
        amount: 10,
        total: 100_000_000,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
};

/** A vehicle with its stage values, purchase-side prices and contracts as given. */
export const seedVehicle = (db: Db, values: Partial<NewVehicleRow> & { vin: string }): Promise<number> =>
  createVehicle(db, values);

export const seedReceipt = async (
  db: Db,
  orderId: number,
  values: { amountFen: number; currency: Currency; settlementFen?: number | null },
): Promise<void> => {
  const at = new Date().toISOString();
  await db
    .insertInto('receipts')
    .values({
      order_id: orderId,
      amount: values.amountFen,
      currency: values.currency,
      receipt_no: `R-${orderId}-${values.amountFen}`,
      receipted_at: '2026-03-02',
      settlement: values.settlementFen ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
};

export const seedRemit = async (db: Db, purchaseId: number, amountFen: number): Promise<void> => {
  const at = new Date().toISOString();
  await db
    .insertInto('remits')
    .values({ purchase_id: purchaseId, amount: amountFen, currency: 'CNY', created_at: at, updated_at: at })
    .execute();
};

/** A transfer record of a vehicle with `rate` percent of its documents. */
export const seedTransfer = async (db: Db, vehicleId: number, rate: number): Promise<number> => {
  const at = new Date().toISOString();
  return (
    await db
      .insertInto('transfers')
      .values({ vehicle_id: vehicleId, rate, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
};

/** An export declaration of the vehicles (one overseas contract) with `rate` percent of its documents. */
export const seedDeclaration = async (
  db: Db,
  orderId: number,
  vehicleIds: readonly number[],
  rate: number,
): Promise<number> => {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('export_declarations')
    .values({ order_id: orderId, rate, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('export_declaration_vehicles')
    .values(vehicleIds.map((vehicle_id) => ({ export_declaration_id: id, vehicle_id })))
    .execute();
  return id;
};
