import type { Flow } from '../../../../contract/stage';
import type { Db } from '../../db/database';
import type { ExportDeclarationRow } from '../release/release.table';

/** A vehicle as the declaration's save reads it. */
export interface ExportsVehicle {
  id: number;
  vin: string;
  flow: Flow | null;
  purchase_id: number | null;
  order_id: number | null;
}

export const findVehiclesByVins = (db: Db, vins: readonly string[]): Promise<ExportsVehicle[]> =>
  vins.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('vehicles')
        .select(['id', 'vin', 'flow', 'purchase_id', 'order_id'])
        .where('vin', 'in', vins)
        .orderBy('id')
        .execute();

export const findOrderNo = async (db: Db, orderId: number): Promise<string | undefined> =>
  (await db.selectFrom('orders').select('order_no').where('id', '=', orderId).executeTakeFirst())?.order_no;

export const findDeclarationRow = (db: Db, id: number): Promise<ExportDeclarationRow | undefined> =>
  db.selectFrom('export_declarations').selectAll().where('id', '=', id).executeTakeFirst();

export type DeclarationReadRow = ExportDeclarationRow & { order_no: string | null };

/** The declarations `ids` with their overseas contract's number, oldest first. */
export const findDeclarations = async (db: Db, ids: readonly number[]): Promise<DeclarationReadRow[]> =>
  ids.length === 0
    ? []
    : db
        .selectFrom('export_declarations')
        .leftJoin('orders', 'orders.id', 'export_declarations.order_id')
        .selectAll('export_declarations')
        .select('orders.order_no')
        .where('export_declarations.id', 'in', ids)
        .orderBy('export_declarations.id', 'asc')
        .execute();

export interface DeclaredVehicle {
  declaration_id: number;
  id: number;
  vin: string;
  model: string | null;
  flow: Flow | null;
}

/** The vehicles the declarations `ids` hold, in the order they were bought (their ids), through the link's key. */
export const declaredVehicles = async (db: Db, ids: readonly number[]): Promise<DeclaredVehicle[]> =>
  ids.length === 0
    ? []
    : db
        .selectFrom('export_declaration_vehicles')
        .innerJoin('vehicles', 'vehicles.id', 'export_declaration_vehicles.vehicle_id')
        .select([
          'export_declaration_vehicles.export_declaration_id as declaration_id',
          'vehicles.id',
          'vehicles.vin',
          'vehicles.model',
          'vehicles.flow',
        ])
        .where('export_declaration_vehicles.export_declaration_id', 'in', ids)
        .orderBy('vehicles.id', 'asc')
        .execute();

/**
 * The declarations holding a vehicle of the purchase contract (through vehicles_purchase_id_index and
 * the link's unique vehicle_id): a declaration follows an overseas contract, so it may also hold
 * vehicles of other purchase contracts.
 */
export const declarationIdsOfPurchase = async (db: Db, purchaseId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('vehicles')
      .innerJoin('export_declaration_vehicles', 'export_declaration_vehicles.vehicle_id', 'vehicles.id')
      .select('export_declaration_vehicles.export_declaration_id as id')
      .distinct()
      .where('vehicles.purchase_id', '=', purchaseId)
      .execute()
  ).map((row) => row.id);
