/**
 * The hand-overs (DOMAIN.md, "Where it is"): the only way a vehicle's flow changes after its purchase
 * contract is saved. Each moves the vehicles that qualify, leaves the others where they are with the
 * reason, and records one history event per purchase contract, linked to each car it moved, in the
 * caller's transaction.
 */
import { type Flow, type HandOverAnswer, stageMessages } from '../../../contract/stage';
import type { Actor } from '../app-context';
import type { Db } from '../db/database';
import { recordHistory } from '../platform/history/record-history';
import { nowIso } from '../time';
import { syncVehicleDeadlines } from './deadlines';
import {
  type FlowMark,
  markPurchasesHandedOver,
  moveFlow,
  readVehiclesOfPurchases,
  type VehicleState,
} from './lifecycle.repository';

interface HandOverRule {
  from: Flow;
  to: Flow;
  /** Why a vehicle in `from` still may not move; undefined when it may. */
  keep?: (vehicle: VehicleState) => string | undefined;
  /** Written on the vehicles it moves, with their flow. */
  mark?: FlowMark;
}

export const handOverRules = {
  /** Purchase `handOver` and `batchHandOver`: bought vehicles go to the yard for check-in. */
  purchase: { from: 'purchase', to: 'pickup' },
  /** `entryHandOver`: checked-in vehicles go to the registry. */
  entry: {
    from: 'pickup',
    to: 'registry',
    keep: (vehicle) => (vehicle.entry === 0 ? stageMessages.keptNoEntry : undefined),
  },
  /**
   * `noentry`: vehicles that need no check-in go to the registry at once, marked so (the vehicle file
   * shows their check-in as 免入库, not as missing).
   */
  noEntry: { from: 'pickup', to: 'registry', mark: { no_entry: 1 } },
  /** `transferHandOver`: plated or transferred vehicles go to release and export. */
  transfer: {
    from: 'registry',
    to: 'release',
    keep: (vehicle) => (vehicle.plate === 0 && vehicle.transfer === 0 ? stageMessages.keptNoRegistry : undefined),
  },
  /** `releaseHandOver`: released and exported vehicles go to filing. */
  release: {
    from: 'release',
    to: 'filing',
    keep: (vehicle) =>
      vehicle.release === 0
        ? stageMessages.keptNoRelease
        : vehicle.exports === 0
          ? stageMessages.keptNoExports
          : undefined,
  },
} as const satisfies Record<string, HandOverRule>;

export type HandOverKind = keyof typeof handOverRules;

/**
 * Moves the given vehicles by one hand-over. A vehicle that another clerk moved between the read and
 * the write is not moved twice: it is reported as kept (已被他人移交).
 */
export const handOverVehicles = async (
  trx: Db,
  actor: Actor,
  kind: HandOverKind,
  vehicles: readonly VehicleState[],
): Promise<HandOverAnswer & { movedIds: number[] }> => {
  const rule: HandOverRule = handOverRules[kind];
  const kept: HandOverAnswer['kept'] = [];
  const candidates: VehicleState[] = [];
  for (const vehicle of vehicles) {
    const reason = vehicle.flow !== rule.from ? stageMessages.keptElsewhere(vehicle.flow) : rule.keep?.(vehicle);
    if (reason) kept.push({ vin: vehicle.vin, reason });
    else candidates.push(vehicle);
  }
  const movedIds = await moveFlow(
    trx,
    candidates.map((vehicle) => vehicle.id),
    rule.from,
    rule.to,
    nowIso(),
    rule.mark,
  );
  // A hand-over starts the next flow's clock (入库, 上牌/过户, 出口报关) on its day.
  await syncVehicleDeadlines(trx, movedIds);
  const moved = new Set(movedIds);
  for (const vehicle of candidates) {
    if (!moved.has(vehicle.id)) kept.push({ vin: vehicle.vin, reason: stageMessages.keptMovedMeanwhile });
  }
  const byPurchase = new Map<number | null, VehicleState[]>();
  for (const vehicle of candidates.filter((candidate) => moved.has(candidate.id))) {
    byPurchase.set(vehicle.purchase_id, [...(byPurchase.get(vehicle.purchase_id) ?? []), vehicle]);
  }
  for (const [purchaseId, movedVehicles] of byPurchase) {
    await recordHistory(trx, actor, {
      action: 'hand_over',
      entity: 'purchase',
      entityId: purchaseId,
      before: { flow: rule.from },
      after: { flow: rule.to, ...rule.mark },
      vehicleIds: movedVehicles.map((vehicle) => vehicle.id),
    });
  }
  return { moved: movedIds.length, kept, movedIds };
};

/** A hand-over of whole purchase contracts (the list's 移交 buttons and the batch hand-overs). */
export const handOverPurchases = async (
  trx: Db,
  actor: Actor,
  kind: HandOverKind,
  purchaseIds: readonly number[],
): Promise<HandOverAnswer> => {
  const vehicles = await readVehiclesOfPurchases(trx, purchaseIds);
  const { moved, kept } = await handOverVehicles(trx, actor, kind, vehicles);
  // A purchase contract counts as handed over once it went to the yard (the list shows it so).
  if (kind === 'purchase') await markPurchasesHandedOver(trx, purchaseIds, nowIso());
  return { moved, kept };
};
