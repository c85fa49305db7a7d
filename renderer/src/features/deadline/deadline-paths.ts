/**
 * Where a deadline leads: the list itself (filtered by state), the record it belongs to, and the form
 * whose save stops its clock (DOMAIN.md, Deadlines: "ends when"). The add forms read `?vehicle=<id>` and
 * start with that car chosen (components/linked-vehicle.ts); the filing forms are a contract's.
 */
import type { DeadlineKey, DeadlineRow, DeadlineState } from '../../../../contract/deadline';

export const deadlinePaths = {
  list: '/deadline/list',
  rules: '/setting/deadlines',
  listOf: (state: DeadlineState) => `/deadline/list?state=${state}`,
  vehicle: (vehicleId: number) => `/vehicle/${vehicleId}`,
  order: (orderId: number) => `/overseas/info/${orderId}`,
};

/** What the car's records say where one rule has more than one way to end (registry, release, freight). */
export interface EndingFacts {
  /** 2 for a used car (transferred), else plated. */
  car_type: 1 | 2 | null;
  /** The release pass's stage value: 0 while the car has none. */
  release: number;
  /** The freight record the car is on already (its documents incomplete), or null. */
  freightRecordId: number | null;
  /** The car's plating or transfer record already saved without all its documents, or null. */
  registryRecordId?: number | null;
}

/** The rules whose form depends on the car (plate or transfer; pass or declaration; new or existing freight). */
export const needsFacts = (key: DeadlineKey): boolean => key === 'registry' || key === 'release' || key === 'freight';

/** The action's words in the 操作 column. */
export const endingActionLabels: Record<DeadlineKey, string> = {
  entry: '入库',
  registry: '上牌/过户',
  temp_plate: '出口报关',
  release: '放行/报关',
  drawback: '退税',
  archive: '注销',
  freight: '运费',
  receipt: '收款',
};

/**
 * The form that ends the row's clock, pre-filled with its car (or contract); undefined when the row lacks
 * what the form needs (a filing row without its contract). `facts` is needed for registry and release.
 */
export function endingPath(
  row: Pick<DeadlineRow, 'key' | 'vehicle_id' | 'order_id'>,
  facts?: EndingFacts,
): string | undefined {
  if (row.key === 'receipt') return row.order_id === null ? undefined : deadlinePaths.order(row.order_id);
  if (row.vehicle_id === null) return undefined;
  const car = `?vehicle=${row.vehicle_id}`;
  const filing = (path: string) => (row.order_id === null ? undefined : `/filed/${path}/${row.order_id}${car}`);
  switch (row.key) {
    case 'entry':
      return `/pickup/add${car}`;
    case 'registry': {
      const used = facts?.car_type === 2;
      // A record without all its documents is completed, not added again.
      if (facts?.registryRecordId)
        return used ? `/dmv/transfer_edit/${facts.registryRecordId}` : `/dmv/lincense_edit/${facts.registryRecordId}`;
      return used ? `/dmv/transfer_add${car}` : `/dmv/lincense_add${car}`;
    }
    case 'temp_plate':
      return `/release/letout_add${car}`;
    case 'release':
      // Both the pass and the declaration end it: the pass first while the car has none.
      return facts && facts.release === 0 ? `/release/letpass_add${car}` : `/release/letout_add${car}`;
    case 'drawback':
      return filing('tax_add');
    case 'archive':
      return filing('freeze_add');
    case 'freight':
      // A freight record without all its documents is completed, not added again.
      if (facts?.freightRecordId && row.order_id !== null)
        return `/filed/freight_edit/${row.order_id}/${facts.freightRecordId}`;
      return filing('freight_add');
  }
}
