import type { Paged } from '../../../../contract/common';
import {
  type ReleaseDetail,
  type ReleaseListCar,
  type ReleaseListExportQuery,
  type ReleaseListGroup,
  type ReleaseListQuery,
  releaseListCode,
} from '../../../../contract/release-exports';
import type { AppContext } from '../../app-context';
import { paged } from '../../envelope';
import { notFound } from '../../http-errors';
import { getReleasePass } from '../release/release-pass.service';
import { getExports } from './exports.service';
import {
  contractIdsOf,
  contractsOf,
  countGroups,
  type GroupKey,
  type ReleaseListContractRow,
  type ReleaseListFilters,
  type ReleaseListVehicleRow,
  findDetailPurchase,
  passIdsOfPurchase,
  vehiclesOfGroups,
} from './release-list.repository';
import { deadlineKeysOfList, type DeadlineBrief } from '../../../../contract/deadline';
import { mostUrgentDeadlines } from '../deadline/deadline.service';

export const releaseListFiltersOf = (query: ReleaseListExportQuery): ReleaseListFilters => ({
  ...(query.order_no ? { orderNo: query.order_no } : {}),
  ...(query.vin ? { vin: query.vin } : {}),
});

const toCar = (row: ReleaseListVehicleRow, deadlines: ReadonlyMap<number, DeadlineBrief>): ReleaseListCar => ({
  id: row.id,
  vin: row.vin,
  model: row.model,
  purchase_id: row.purchase_id,
  purchase_no: row.purchase_no,
  exports_id: row.exports_id,
  rate: row.rate,
  exports_date: row.exports_date,
  release_id: row.release_id,
  status: releaseListCode(row.exports, row.release),
  deadline: deadlines.get(row.id) ?? null,
});

/** The groups `keys` in that order, each with its vehicles and the purchase contracts holding them. */
export const groupsOf = (
  keys: readonly GroupKey[],
  contracts: readonly ReleaseListContractRow[],
  vehicles: readonly ReleaseListVehicleRow[],
  deadlines: ReadonlyMap<number, DeadlineBrief> = new Map(),
): ReleaseListGroup[] => {
  const contractById = new Map(contracts.map((contract) => [contract.id, contract]));
  return keys.flatMap((key): ReleaseListGroup[] => {
    const cars = vehicles.filter((vehicle) => vehicle.order_id === key);
    // Handed on between the page's two reads: the group has nothing left to show.
    if (cars.length === 0) return [];
    const contract = key === null ? undefined : contractById.get(key);
    const purchases = new Map<number, string>();
    for (const car of cars) {
      if (car.purchase_id !== null && !purchases.has(car.purchase_id)) {
        purchases.set(car.purchase_id, car.purchase_no ?? String(car.purchase_id));
      }
    }
    return [
      {
        id: key ?? 0,
        order_id: key,
        order_no: contract?.order_no ?? null,
        customer_name: contract?.customer_name ?? null,
        amount: contract ? Number(contract.amount) : null,
        purchases: [...purchases].map(([purchase_id, purchase_no]) => ({ purchase_id, purchase_no })),
        car: cars.map((car) => toCar(car, deadlines)),
      },
    ];
  });
};

/**
 * `exportsLists`: a page of groups (spec part 2, section 2, "Release list"). The page's contract ids come
 * first, from the release flow's partial index by contract, newest contract first; the 未关联 group
 * (vehicles of no overseas contract) comes after every contract. Then only those groups' vehicles are
 * read, with their records.
 */
export const listReleaseGroups = async (
  { db }: AppContext,
  query: ReleaseListQuery,
): Promise<Paged<ReleaseListGroup>> => {
  const filters = releaseListFiltersOf(query);
  const offset = (query.page - 1) * query.limit;
  const counted = await countGroups(db, filters);
  const ids = offset < counted.contracts ? await contractIdsOf(db, filters, offset, query.limit) : [];
  const keys: GroupKey[] = [...ids];
  if (counted.notLinked && counted.contracts >= offset && counted.contracts < offset + query.limit) keys.push(null);
  const [contracts, vehicles] = await Promise.all([contractsOf(db, ids), vehiclesOfGroups(db, filters, keys)]);
  // The page's vehicles' open 出口报关 / 临时牌照到期 deadlines, in one read (issue 25).
  const deadlines = await mostUrgentDeadlines(
    db,
    vehicles.map((vehicle) => vehicle.id),
    deadlineKeysOfList.release,
  );
  return paged(
    groupsOf(keys, contracts, vehicles, deadlines),
    counted.contracts + (counted.notLinked ? 1 : 0),
    query.page,
    query.limit,
  );
};

/** `releaseDetail?purchaseId=`: the purchase contract's export declarations and release passes. */
export const getReleaseDetail = async (ctx: AppContext, purchaseId: number): Promise<ReleaseDetail> => {
  const purchase = await findDetailPurchase(ctx.db, purchaseId);
  if (!purchase) throw notFound();
  const [exports, passIds] = await Promise.all([
    getExports(ctx, { purchaseId }),
    passIdsOfPurchase(ctx.db, purchaseId),
  ]);
  const releases = await Promise.all(passIds.map((id) => getReleasePass(ctx, id)));
  return {
    purchase: {
      id: purchase.id,
      purchase_no: purchase.purchase_no,
      customer_name: purchase.customer_name,
      amount: Number(purchase.amount),
      order_id: purchase.order_id,
      order_no: purchase.order_no,
    },
    exports: Array.isArray(exports) ? exports : [exports],
    releases,
  };
};
