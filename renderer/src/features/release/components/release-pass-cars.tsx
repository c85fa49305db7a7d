/**
 * The vehicles of a release pass: a two-pane transfer list, the vehicles waiting for a pass on the left
 * (the server's newest, or those whose VIN contains what the clerk types in the left search box) and
 * the chosen ones on the right. Both panes group the vehicles by purchase contract: a group's header
 * names the contract and ticks all its vehicles at once; the pane's own select-all stays in its head.
 *
 * A pass holds the vehicles of one purchase contract. On an add the clerk may choose several contracts'
 * vehicles: the server makes one pass per purchase contract with the same slip and photos (API.md,
 * releaseAdd). An edit keeps its pass's contract (`onePurchase`): the other contracts' vehicles stay
 * visible, marked, and cannot be picked.
 *
 * Form-compatible: `value` / `onChange` are the chosen vehicles themselves (their VINs are what the
 * save sends, their contracts what the notice and the edit's rule read).
 */
import { useMemo } from 'react';
import { Checkbox, Transfer, type TransferProps, Typography } from 'antd';
import type { ReleaseCandidate } from '../../../../../contract/release';
import { releasePassMessages } from '../../../../../contract/release';
import { ClearableInputs } from '../../../components/clearable';

export type ReleaseCar = Pick<ReleaseCandidate, 'id' | 'vin' | 'model' | 'purchase_id' | 'purchase_no' | 'order_no'>;

export const releaseCarOf = (candidate: ReleaseCar): ReleaseCar => ({
  id: candidate.id,
  vin: candidate.vin,
  model: candidate.model,
  purchase_id: candidate.purchase_id,
  purchase_no: candidate.purchase_no,
  order_no: candidate.order_no,
});

/** The purchase contracts of the chosen vehicles, each once (a car of none counts as one of its own). */
export const purchasesOf = (cars: readonly ReleaseCar[]): (number | null)[] => [
  ...new Set(cars.map((car) => car.purchase_id)),
];

interface Item extends ReleaseCar {
  key: string;
  disabled: boolean;
}

export interface ReleasePassCarsProps {
  value?: ReleaseCar[];
  onChange?: (cars: ReleaseCar[]) => void;
  /** The server's answer for the left pane's current search. */
  candidates: readonly ReleaseCar[];
  loading: boolean;
  /** More vehicles wait than were sent: the clerk narrows by VIN. */
  more: boolean;
  limit: number;
  /** The left pane's search text, as typed. */
  onSearch: (text: string) => void;
  /** An edit: the pass keeps one purchase contract, the others' vehicles cannot be picked. */
  onePurchase?: boolean;
  id?: string;
}

/**
 * The list's height: ten vehicles and their contracts' headers, short enough that the documents' card
 * starts in a 768-pixel window.
 */
const LIST_HEIGHT = 270;
const NOTE_STYLE = { display: 'block', padding: '4px 12px', fontSize: 12 } as const;
const GROUP_STYLE = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '4px 12px',
  background: 'var(--ant-color-fill-quaternary, #fafafa)',
  borderBottom: '1px solid var(--ant-color-split, #f0f0f0)',
  position: 'sticky',
  top: 0,
  zIndex: 1,
} as const;

type TransferKey = NonNullable<TransferProps['targetKeys']>[number];
type ListBodyProps = Parameters<NonNullable<TransferProps<Item>['children']>>[0];

const keyOf = (car: ReleaseCar) => String(car.id);
const groupKey = (car: ReleaseCar) => String(car.purchase_id ?? 'none');

interface Group {
  key: string;
  purchaseNo: string | null;
  orderNo: string | null;
  items: Item[];
}

/** The items by purchase contract, the groups and their vehicles in the order they came. */
const groupsOf = (items: readonly Item[]): Group[] => {
  const groups = new Map<string, Group>();
  for (const item of items) {
    const key = groupKey(item);
    const group = groups.get(key) ?? { key, purchaseNo: item.purchase_no, orderNo: item.order_no, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
};

/** A vehicle's VIN and model; greyed when it cannot be picked (another purchase contract on an edit). */
function CarLabel({ car }: { car: Item }) {
  return (
    <span className="release-pass-car" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Typography.Text code disabled={car.disabled} className="release-pass-car-vin" style={{ marginInlineEnd: 0 }}>
        {car.vin}
      </Typography.Text>
      <Typography.Text type="secondary" className="release-pass-car-model" ellipsis>
        {car.model ?? '—'}
      </Typography.Text>
    </span>
  );
}

/** One pane's list: each purchase contract's header (its select-all) over its vehicles. */
function GroupedList({
  props,
  side,
  emptyText,
}: {
  props: ListBodyProps;
  side: '待放行车辆' | '本次放行车辆';
  emptyText: string;
}) {
  const { prefixCls, filteredItems, selectedKeys, onItemSelect, onItemSelectAll, disabled } = props;
  const itemCls = `${prefixCls}-list-content-item`;
  const picked = new Set(selectedKeys.map(String));
  if (filteredItems.length === 0) {
    return (
      <div className={`${prefixCls}-list-body-not-found`} style={{ height: LIST_HEIGHT, alignContent: 'center' }}>
        {emptyText}
      </div>
    );
  }
  return (
    <ul
      className={`${prefixCls}-list-content release-pass-groups`}
      aria-label={side}
      style={{ height: LIST_HEIGHT, overflowY: 'auto' }}
    >
      {groupsOf(filteredItems).map((group) => {
        const open = group.items.filter((item) => !item.disabled);
        const ticked = open.filter((item) => picked.has(item.key)).length;
        const name = `采购合同 ${group.purchaseNo ?? '—'}`;
        return (
          <li key={group.key} className="release-pass-group">
            <div className="release-pass-group-head" style={GROUP_STYLE}>
              <Checkbox
                aria-label={`选择${name}的全部车辆`}
                checked={open.length > 0 && ticked === open.length}
                indeterminate={ticked > 0 && ticked < open.length}
                disabled={disabled || open.length === 0}
                onChange={() =>
                  onItemSelectAll(
                    open.map((item) => item.key),
                    ticked < open.length,
                  )
                }
              />
              <Typography.Text strong disabled={open.length === 0} className="release-pass-group-name">
                {name}
              </Typography.Text>
              {group.orderNo && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  海外合同 {group.orderNo}
                </Typography.Text>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 'auto' }}>
                {group.items.length} 台
              </Typography.Text>
            </div>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {group.items.map((item) => {
                const off = disabled || item.disabled;
                const checked = picked.has(item.key);
                const classes = [itemCls, off ? `${itemCls}-disabled` : '', checked && !off ? `${itemCls}-checked` : '']
                  .filter(Boolean)
                  .join(' ');
                return (
                  <li
                    key={item.key}
                    className={classes}
                    title={item.vin}
                    style={{ paddingInlineStart: 24 }}
                    onClick={off ? undefined : () => onItemSelect(item.key, !checked)}
                  >
                    <Checkbox className={`${prefixCls}-checkbox`} checked={checked} disabled={off} />
                    <span className={`${itemCls}-text`}>
                      <CarLabel car={item} />
                    </span>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

export function ReleasePassCars({
  value,
  onChange,
  candidates,
  loading,
  more,
  limit,
  onSearch,
  onePurchase = false,
  id,
}: ReleasePassCarsProps) {
  const chosen = useMemo(() => value ?? [], [value]);
  const chosenKeys = useMemo(() => chosen.map(keyOf), [chosen]);
  const purchases = purchasesOf(chosen);
  // An edit holding one contract: the others' vehicles wait for their own pass.
  const contract = onePurchase && purchases.length === 1 ? purchases[0] : undefined;

  const items = useMemo((): Item[] => {
    const taken = new Set(chosenKeys);
    const listed = new Map<string, ReleaseCar>();
    for (const car of chosen) listed.set(keyOf(car), car);
    for (const car of candidates) if (!listed.has(keyOf(car))) listed.set(keyOf(car), car);
    return [...listed.values()].map((car) => ({
      ...releaseCarOf(car),
      key: keyOf(car),
      disabled: contract !== undefined && !taken.has(keyOf(car)) && car.purchase_id !== contract,
    }));
  }, [chosen, chosenKeys, candidates, contract]);

  const change = (keys: TransferKey[]) => {
    const byKey = new Map(items.map((item) => [item.key, item]));
    const next = new Set(keys.map(String));
    // The chosen keep their order; the newly moved follow in the list's order.
    const kept = chosen.filter((car) => next.has(keyOf(car)));
    const added = items.filter((item) => next.has(item.key) && !chosenKeys.includes(item.key));
    onChange?.([...kept, ...added].map((car) => releaseCarOf(byKey.get(keyOf(car)) ?? car)));
  };

  return (
    <div id={id} className="release-pass-cars">
      {/* The panes' search boxes: their clear buttons say 清除. */}
      <ClearableInputs>
        <Transfer<Item>
          dataSource={items}
          targetKeys={chosenKeys}
          onChange={change}
          titles={['待放行车辆', '本次放行车辆']}
          actions={['加入', '移出']}
          showSearch={{ placeholder: '请输入车架号' }}
          filterOption={(text, item) => item.vin.includes(text.trim().toUpperCase())}
          onSearch={(direction, text) => {
            if (direction === 'left') onSearch(text);
          }}
          render={(item) => ({ value: item.vin, label: <CarLabel car={item} /> })}
          locale={{ itemUnit: '台', itemsUnit: '台' }}
          footer={(_props, info) =>
            info?.direction === 'left' && (more || contract !== undefined) ? (
              <Typography.Text type="secondary" className="release-pass-cars-note" style={NOTE_STYLE}>
                {contract !== undefined ? releasePassMessages.mixedPurchases : ''}
                {contract !== undefined && more ? '；' : ''}
                {more ? `仅显示最新的 ${limit} 台，其他车辆请按车架号搜索` : ''}
              </Typography.Text>
            ) : null
          }
          styles={{ section: { flex: 1, width: 0 } }}
        >
          {(props) =>
            props.direction === 'left' ? (
              <GroupedList props={props} side="待放行车辆" emptyText={loading ? '正在加载…' : '没有待放行的车辆'} />
            ) : (
              <GroupedList props={props} side="本次放行车辆" emptyText="请从左侧选择要放行的车辆" />
            )
          }
        </Transfer>
      </ClearableInputs>
    </div>
  );
}
