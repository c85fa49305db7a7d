/**
 * The deadline clocks (DOMAIN.md "Deadlines"), kept by the lifecycle in the transaction of the write
 * that starts or stops them: a hand-over, a stage record's save (the check-in, the plating or transfer
 * reaching complete, the release pass, the export declaration and its export date, the filing records),
 * an overseas contract's save and its receipts. After such a write the caller names the vehicles (or
 * contracts) it touched, and their clocks are brought in line with what their records now say:
 *
 * - a clock whose start happened and whose end has not is open; a new one starts today (the day of the
 *   event), except the three filing clocks, which start on the export date the declaration states;
 * - a clock whose end happened is closed today, and opens again if the record that ended it no longer
 *   does (a plating back to incomplete, a receipt edited below the total);
 * - a clock whose start is undone (a plating no longer complete stops the temporary plate's) is removed.
 *
 * Nothing here runs on a timer: days left are worked out when read.
 */
import { DEADLINE_KEYS, type DeadlineKey } from '../../../contract/deadline';
import { FLOWS, type Flow } from '../../../contract/stage';
import type { Db } from '../db/database';
import { dayOf, dueOn, today } from './deadline-clock';
import {
  type ClockRow,
  deleteClocks,
  insertClocks,
  updateClock,
  type NewClock,
  type OrderClockState,
  readDeadlineRules,
  readOrderClockStates,
  readReceiptClocks,
  readVehicleClocks,
  readVehicleClockStates,
  type VehicleClockState,
} from './deadlines.repository';

/** What a vehicle's records say of one rule: not started, running, or ended; `startedOn` when the records fix it. */
type Wanted = { state: 'none' } | { state: 'open' | 'closed'; startedOn?: string };

const reached = (flow: Flow | null, target: Flow): boolean =>
  flow !== null && FLOWS.indexOf(flow) >= FLOWS.indexOf(target);

const running = (ended: boolean, startedOn?: string): Wanted => ({ state: ended ? 'closed' : 'open', startedOn });
const NONE: Wanted = { state: 'none' };

/** Each vehicle rule's start and end, as DOMAIN.md's table gives them. */
export const wantedClocks = (vehicle: VehicleClockState): Record<Exclude<DeadlineKey, 'receipt'>, Wanted> => {
  const registered = vehicle.plate === 2 || vehicle.transfer === 2;
  const exportDay = vehicle.exports_date ? vehicle.exports_date.slice(0, 10) : null;
  const fromExport = (ended: boolean): Wanted => (exportDay ? running(ended, exportDay) : NONE);
  return {
    entry: reached(vehicle.flow, 'pickup') ? running(vehicle.entry > 0 || vehicle.no_entry === 1) : NONE,
    registry: reached(vehicle.flow, 'registry') ? running(registered) : NONE,
    temp_plate: registered && vehicle.flow !== null ? running(vehicle.exports > 0) : NONE,
    release: reached(vehicle.flow, 'release') ? running(vehicle.release > 0 && vehicle.exports > 0) : NONE,
    drawback: fromExport(vehicle.drawback > 0),
    archive: fromExport(vehicle.archive > 0),
    freight: fromExport(vehicle.freight === 2),
  };
};

interface Owner {
  vehicle_id: number | null;
  order_id: number | null;
}

/** Brings one clock in line: inserts, patches or removes it. */
const settleClock = async (
  db: Db,
  owner: Owner,
  key: DeadlineKey,
  wanted: Wanted,
  row: ClockRow | undefined,
  daysOf: Map<DeadlineKey, number>,
  day: string,
  inserts: NewClock[],
): Promise<void> => {
  if (wanted.state === 'none') {
    if (row) await deleteClocks(db, [row.id]);
    return;
  }
  if (!row) {
    // An ended rule without a clock never ran under this system: nothing to keep.
    if (wanted.state === 'closed') return;
    const startedOn = wanted.startedOn ?? day;
    inserts.push({
      ...owner,
      key,
      started_on: startedOn,
      due_on: dueOn(key, startedOn, daysOf.get(key) ?? 0),
      closed_on: null,
    });
    return;
  }
  const startedOn = wanted.startedOn ?? row.started_on;
  const due = dueOn(key, startedOn, daysOf.get(key) ?? 0);
  const closedOn = wanted.state === 'open' ? null : (row.closed_on ?? day);
  if (
    startedOn !== row.started_on ||
    // A closed clock's due day stays as it was; an open one follows the rule's days.
    (wanted.state === 'open' && due !== row.due_on) ||
    closedOn !== row.closed_on ||
    owner.order_id !== row.order_id
  ) {
    await updateClock(db, row.id, {
      order_id: owner.order_id,
      started_on: startedOn,
      due_on: wanted.state === 'open' || startedOn !== row.started_on ? due : row.due_on,
      closed_on: closedOn,
    });
  }
};

const ruleDays = async (db: Db): Promise<Map<DeadlineKey, number>> =>
  new Map((await readDeadlineRules(db)).map((rule) => [rule.key, rule.days]));

/** After a write that touched these vehicles (in its transaction): their clocks follow their records. */
export const syncVehicleDeadlines = async (db: Db, vehicleIds: Iterable<number>): Promise<void> => {
  const ids = [...new Set(vehicleIds)];
  if (ids.length === 0) return;
  const vehicles = await readVehicleClockStates(db, ids);
  if (vehicles.length === 0) return;
  const daysOf = await ruleDays(db);
  const clocks = await readVehicleClocks(db, ids);
  const byVehicle = new Map<number, Map<DeadlineKey, ClockRow>>();
  for (const clock of clocks) {
    const own = byVehicle.get(clock.vehicle_id as number) ?? new Map<DeadlineKey, ClockRow>();
    own.set(clock.key, clock);
    byVehicle.set(clock.vehicle_id as number, own);
  }
  const day = today();
  const inserts: NewClock[] = [];
  for (const vehicle of vehicles) {
    const wanted = wantedClocks(vehicle);
    const own = byVehicle.get(vehicle.id);
    for (const key of DEADLINE_KEYS) {
      if (key === 'receipt') continue;
      await settleClock(
        db,
        { vehicle_id: vehicle.id, order_id: vehicle.order_id },
        key,
        wanted[key],
        own?.get(key),
        daysOf,
        day,
        inserts,
      );
    }
  }
  await insertClocks(db, inserts);
};

/** The receipt rule of a contract: from its creation until its receipts reach its total. */
const wantedReceipt = (order: OrderClockState): Wanted =>
  order.total > 0 || order.receipt_total > 0
    ? running(order.receipt_total >= order.total, dayOf(order.created_at))
    : NONE;

/** After an overseas contract or its receipts were saved (in that transaction). */
export const syncOrderDeadlines = async (db: Db, orderIds: Iterable<number>): Promise<void> => {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return;
  const orders = await readOrderClockStates(db, ids);
  if (orders.length === 0) return;
  const daysOf = await ruleDays(db);
  const clocks = await readReceiptClocks(db, ids);
  const byOrder = new Map(clocks.map((clock) => [clock.order_id, clock]));
  const day = today();
  const inserts: NewClock[] = [];
  for (const order of orders) {
    await settleClock(
      db,
      { vehicle_id: null, order_id: order.id },
      'receipt',
      wantedReceipt(order),
      byOrder.get(order.id),
      daysOf,
      day,
      inserts,
    );
  }
  await insertClocks(db, inserts);
};
