/**
 * The SQL of the deadline clocks (migration 2026_11_27_1400): what the lifecycle reads to decide which
 * clocks run, and its writes to `deadlines`. Only `lifecycle/` calls these.
 */
import type { DeadlineKey } from '../../../contract/deadline';
import type { Flow, StageValue } from '../../../contract/stage';
import type { Db } from '../db/database';

export interface DeadlineRuleState {
  key: DeadlineKey;
  days: number;
  enabled: 0 | 1;
}

export const readDeadlineRules = async (db: Db): Promise<DeadlineRuleState[]> =>
  (await db.selectFrom('deadline_rules').select(['key', 'days', 'enabled']).execute()) as DeadlineRuleState[];

/** What decides a vehicle's clocks: where it is, its stage values, 免入库 and its export date. */
export interface VehicleClockState {
  id: number;
  order_id: number | null;
  flow: Flow | null;
  entry: StageValue;
  plate: StageValue;
  release: StageValue;
  transfer: StageValue;
  exports: StageValue;
  drawback: StageValue;
  archive: StageValue;
  freight: StageValue;
  no_entry: 0 | 1;
  exports_date: string | null;
}

export const readVehicleClockStates = async (db: Db, ids: readonly number[]): Promise<VehicleClockState[]> =>
  ids.length === 0
    ? []
    : db
        .selectFrom('vehicles')
        .leftJoin('export_declaration_vehicles', 'export_declaration_vehicles.vehicle_id', 'vehicles.id')
        .leftJoin('export_declarations', 'export_declarations.id', 'export_declaration_vehicles.export_declaration_id')
        .select([
          'vehicles.id',
          'vehicles.order_id',
          'vehicles.flow',
          'vehicles.entry',
          'vehicles.plate',
          'vehicles.release',
          'vehicles.transfer',
          'vehicles.exports',
          'vehicles.drawback',
          'vehicles.archive',
          'vehicles.freight',
          'vehicles.no_entry',
          'export_declarations.exports_date',
        ])
        .where('vehicles.id', 'in', ids)
        .execute();

export interface OrderClockState {
  id: number;
  total: number;
  receipt_total: number;
  created_at: string;
}

export const readOrderClockStates = async (db: Db, ids: readonly number[]): Promise<OrderClockState[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('orders')
          .select(['id', 'total', 'receipt_total', 'created_at'])
          .where('id', 'in', ids)
          .execute()
      ).map((row) => ({ ...row, total: Number(row.total), receipt_total: Number(row.receipt_total) }));

export interface ClockRow {
  id: number;
  vehicle_id: number | null;
  order_id: number | null;
  key: DeadlineKey;
  started_on: string;
  due_on: string;
  closed_on: string | null;
}

const clockColumns = ['id', 'vehicle_id', 'order_id', 'key', 'started_on', 'due_on', 'closed_on'] as const;

export const readVehicleClocks = async (db: Db, vehicleIds: readonly number[]): Promise<ClockRow[]> =>
  vehicleIds.length === 0
    ? []
    : ((await db
        .selectFrom('deadlines')
        .select(clockColumns)
        .where('vehicle_id', 'in', vehicleIds)
        .execute()) as ClockRow[]);

export const readReceiptClocks = async (db: Db, orderIds: readonly number[]): Promise<ClockRow[]> =>
  orderIds.length === 0
    ? []
    : ((await db
        .selectFrom('deadlines')
        .select(clockColumns)
        .where('key', '=', 'receipt')
        .where('order_id', 'in', orderIds)
        .execute()) as ClockRow[]);

export type NewClock = Omit<ClockRow, 'id'>;

const INSERT_BATCH = 500;

export const insertClocks = async (db: Db, rows: readonly NewClock[]): Promise<void> => {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db
      .insertInto('deadlines')
      .values(rows.slice(start, start + INSERT_BATCH))
      .execute();
  }
};

export const updateClock = async (
  db: Db,
  id: number,
  patch: Partial<Pick<ClockRow, 'order_id' | 'started_on' | 'due_on' | 'closed_on'>>,
): Promise<void> => {
  await db.updateTable('deadlines').set(patch).where('id', '=', id).execute();
};

export const deleteClocks = async (db: Db, ids: readonly number[]): Promise<void> => {
  if (ids.length > 0) await db.deleteFrom('deadlines').where('id', 'in', ids).execute();
};
