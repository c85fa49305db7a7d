import { messages } from '../../../../contract/common';
import type { Actor } from '../../app-context';
import type { Db } from '../../db/database';
import { conflict } from '../../http-errors';
import { nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { findVehiclesByVins, insertVehicle, type VehicleInsert } from './vehicle.repository';
import type { VehicleRow } from './vehicle.table';

/**
 * A vehicle row carries two contracts side by side (DOMAIN.md): the overseas contract (`order_id` and
 * its sale prices) and the purchase contract (`purchase_id` and its purchase prices). Both contract forms
 * save their car lines by the same rule, so the rule lives here once and each side describes its columns.
 */
export type ContractColumn = 'order_id' | 'purchase_id';
export type PriceColumn = 'order_price' | 'order_invoice' | 'order_other' | 'price' | 'invoice' | 'other';

export interface CarLinesSide<Line extends { vin: string; model: string }, Price extends PriceColumn> {
  /** The vehicle column naming the contract. */
  contract: ContractColumn;
  /** This side's price columns, in the order the audit shows them. */
  prices: readonly Price[];
  /** A line's prices in fen, by column. */
  pricesOf: (line: Line) => Record<Price, number>;
  /** The contract's vehicles as saved, before this save. */
  listCurrent: (trx: Db, contractId: number) => Promise<VehicleRow[]>;
  /** The refusal naming the other contract of this side that holds a line's VIN. */
  heldElsewhere: (trx: Db, vin: string, holderId: number) => Promise<string>;
  /**
   * Puts a vehicle on the contract with these columns, only while no other contract of this side holds
   * it (a save of another contract in between wins) and the rule between the two sides still holds as the
   * save checked it on the vehicle `read` (DOMAIN.md: a purchase's order_id agrees with its cars);
   * answers whether the row was written.
   */
  link: (
    trx: Db,
    vehicleId: number,
    contractId: number,
    patch: Record<Price, number> & { model: string; updated_at: string },
    read: VehicleRow,
  ) => Promise<boolean>;
  /**
   * Saved vehicles this save puts on the contract (none of them on another contract of this side), before
   * any line is written: the side refuses them or makes the other side agree (a purchase's order_id).
   */
  joining?: (trx: Db, contractId: number, vehicles: readonly VehicleRow[], actor: Actor) => Promise<void>;
  /** What follows once the lines are saved: the kept vehicles' ids and the saved ones no line names. */
  settle: (trx: Db, kept: number[], removed: VehicleRow[], actor: Actor) => Promise<void>;
}

/** What the audit keeps of a vehicle on one side: its VIN, model, contract and that side's prices. */
export const contractCarAudit = (
  side: { contract: ContractColumn; prices: readonly PriceColumn[] },
  vehicle: Pick<VehicleRow, 'vin' | 'model'> & Partial<Pick<VehicleRow, ContractColumn | PriceColumn>>,
) => ({
  vin: vehicle.vin,
  model: vehicle.model,
  [side.contract]: vehicle[side.contract],
  ...Object.fromEntries(side.prices.map((column) => [column, vehicle[column]])),
});

/** The contract whose history holds a car line's event. */
const contractOf = (side: { contract: ContractColumn }, contractId: number) =>
  side.contract === 'order_id' ? { orderId: contractId } : { purchaseId: contractId };

export interface CarLinesOptions {
  /**
   * Set when the contract's car list is closed (a purchase contract handed over: a car added now would stay
   * in the purchase step for good). The lines must then name exactly the saved vehicles; adding or
   * removing one is refused with 409 and this message. Models and prices stay editable.
   */
  closed?: string;
}

/** Whether the lines name other vehicles than the saved ones (compared by VIN). */
const changesCarSet = (current: readonly VehicleRow[], lines: readonly { vin: string }[]): boolean => {
  const saved = new Set(current.map((vehicle) => vehicle.vin));
  const named = new Set(lines.map((line) => line.vin));
  return saved.size !== named.size || [...named].some((vin) => !saved.has(vin));
};

/**
 * Makes the contract's vehicles exactly the form's lines. The VIN decides: a line names the vehicle row
 * of its VIN (created when there is none); a VIN on another contract of the same side is refused with 409
 * naming it; a saved vehicle joining the contract goes past the side's `joining` first; what happens to
 * the kept and the removed vehicles is the side's `settle`.
 */
export const applyContractCarLines = async <Line extends { vin: string; model: string }, Price extends PriceColumn>(
  trx: Db,
  side: CarLinesSide<Line, Price>,
  contractId: number,
  lines: readonly Line[],
  actor: Actor,
  options: CarLinesOptions = {},
): Promise<void> => {
  const current = await side.listCurrent(trx, contractId);
  if (options.closed !== undefined && changesCarSet(current, lines)) throw conflict(options.closed);
  const byVin = new Map(
    (
      await findVehiclesByVins(
        trx,
        lines.map((line) => line.vin),
      )
    ).map((row) => [row.vin, row]),
  );

  const elsewhere = lines
    .map((line) => byVin.get(line.vin))
    .find(
      (vehicle) => vehicle !== undefined && vehicle[side.contract] !== null && vehicle[side.contract] !== contractId,
    );
  if (elsewhere) throw conflict(await side.heldElsewhere(trx, elsewhere.vin, elsewhere[side.contract] as number));
  const joining = lines
    .map((line) => byVin.get(line.vin))
    .filter((vehicle): vehicle is VehicleRow => vehicle !== undefined && vehicle[side.contract] === null);
  if (joining.length > 0) await side.joining?.(trx, contractId, joining, actor);

  const kept = new Set<number>();
  for (const line of lines) {
    const prices = side.pricesOf(line);
    const columns = { model: line.model, ...prices };
    const existing = byVin.get(line.vin);
    if (!existing) {
      const at = nowIso();
      const id = await insertVehicle(trx, {
        vin: line.vin,
        [side.contract]: contractId,
        ...columns,
        created_at: at,
        updated_at: at,
      } as VehicleInsert);
      kept.add(id);
      await recordHistory(trx, actor, {
        action: 'create',
        entity: 'car',
        entityId: id,
        ...contractOf(side, contractId),
        after: contractCarAudit(side, { vin: line.vin, [side.contract]: contractId, ...columns }),
      });
      continue;
    }
    kept.add(existing.id);
    const unchanged =
      existing[side.contract] === contractId &&
      existing.model === line.model &&
      side.prices.every((column) => Number(existing[column]) === prices[column]);
    if (unchanged) continue;
    const linked = await side.link(
      trx,
      existing.id,
      contractId,
      { ...columns, updated_at: nextUpdatedAt(existing.updated_at) },
      existing,
    );
    if (!linked) throw conflict(messages.staleRecord);
    await recordHistory(trx, actor, {
      action: existing[side.contract] === contractId ? 'update' : 'link',
      entity: 'car',
      entityId: existing.id,
      ...contractOf(side, contractId),
      before: contractCarAudit(side, existing),
      after: contractCarAudit(side, { vin: existing.vin, [side.contract]: contractId, ...columns }),
    });
  }

  await side.settle(
    trx,
    [...kept],
    current.filter((vehicle) => !kept.has(vehicle.id)),
    actor,
  );
};

/** A list page's vehicles (ordered by id) per contract of one side: each row's expansion or card. */
export const vehiclesByContract = <C extends ContractColumn, V extends Record<C, number | null>>(
  vehicles: readonly V[],
  contract: C,
): Map<number, V[]> => {
  const groups = new Map<number, V[]>();
  for (const vehicle of vehicles) {
    const contractId = vehicle[contract];
    if (contractId === null) continue;
    const group = groups.get(contractId) ?? [];
    if (group.length === 0) groups.set(contractId, group);
    group.push(vehicle);
  }
  return groups;
};
