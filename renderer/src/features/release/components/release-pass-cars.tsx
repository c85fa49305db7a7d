/**
 * The vehicles of a release pass: a two-pane transfer list, the vehicles waiting for a pass on the left
 * (the server's newest, or those whose VIN contains what the clerk types in the left search box) and
 * the pass's vehicles on the right. A pass holds the vehicles of one purchase contract, so once one is
 * chosen, the other contracts' vehicles cannot be picked (they stay visible, marked).
 *
 * Form-compatible: `value` / `onChange` are the chosen vehicles themselves (their VINs are what the
 * save sends, their contracts what the rule reads).
 */
import { useMemo } from 'react';
import { Tag, Transfer, type TransferProps, Typography } from 'antd';
import type { ReleaseCandidate } from '../../../../../contract/release';

export type ReleaseCar = Pick<ReleaseCandidate, 'id' | 'vin' | 'model' | 'purchase_id' | 'purchase_no' | 'order_no'>;

export const releaseCarOf = (candidate: ReleaseCar): ReleaseCar => ({
  id: candidate.id,
  vin: candidate.vin,
  model: candidate.model,
  purchase_id: candidate.purchase_id,
  purchase_no: candidate.purchase_no,
  order_no: candidate.order_no,
});

/** The purchase contracts of the chosen vehicles (more than one only when the pickup list chose so). */
export const purchasesOf = (cars: readonly ReleaseCar[]): (number | null)[] => [
  ...new Set(cars.map((car) => car.purchase_id)),
];

interface Item extends ReleaseCar {
  key: string;
  disabled: boolean;
  /** Why it cannot be picked now. */
  otherContract: boolean;
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
  id?: string;
}

/** Tall enough for ten vehicles, short enough that the documents' card starts in a 768-pixel window. */
const PANE_HEIGHT = 380;
const LABEL_STYLE = { display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 8 } as const;
const NOTE_STYLE = { display: 'block', padding: '4px 12px', fontSize: 12 } as const;

type TransferKey = NonNullable<TransferProps['targetKeys']>[number];

const keyOf = (car: ReleaseCar) => String(car.id);

function CarLabel({ car }: { car: Item }) {
  return (
    <span className="release-pass-car" style={LABEL_STYLE}>
      <Typography.Text code className="release-pass-car-vin" style={{ marginInlineEnd: 0 }}>
        {car.vin}
      </Typography.Text>
      <span className="release-pass-car-model">{car.model ?? '—'}</span>
      <Tag
        className="release-pass-car-contract"
        color={car.otherContract ? 'default' : 'blue'}
        style={{ marginInlineEnd: 0 }}
        title={car.order_no ? `海外合同 ${car.order_no}` : undefined}
      >
        采购合同 {car.purchase_no ?? '—'}
      </Tag>
    </span>
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
  id,
}: ReleasePassCarsProps) {
  const chosen = useMemo(() => value ?? [], [value]);
  const chosenKeys = useMemo(() => chosen.map(keyOf), [chosen]);
  const purchases = purchasesOf(chosen);
  // One contract chosen: the others' vehicles wait for their own pass.
  const contract = purchases.length === 1 ? purchases[0] : undefined;

  const items = useMemo((): Item[] => {
    const taken = new Set(chosenKeys);
    const listed = new Map<string, ReleaseCar>();
    for (const car of chosen) listed.set(keyOf(car), car);
    for (const car of candidates) if (!listed.has(keyOf(car))) listed.set(keyOf(car), car);
    return [...listed.values()].map((car) => {
      const otherContract = contract !== undefined && !taken.has(keyOf(car)) && car.purchase_id !== contract;
      return { ...releaseCarOf(car), key: keyOf(car), disabled: otherContract, otherContract };
    });
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
        locale={{
          itemUnit: '台',
          itemsUnit: '台',
          notFoundContent: [loading ? '正在加载…' : '没有待放行的车辆', '请从左侧选择要放行的车辆'],
        }}
        footer={(_props, info) =>
          info?.direction === 'left' && (more || contract !== undefined) ? (
            <Typography.Text type="secondary" className="release-pass-cars-note" style={NOTE_STYLE}>
              {contract !== undefined ? '一张放行条只能放行同一采购合同的车辆' : ''}
              {contract !== undefined && more ? '；' : ''}
              {more ? `仅显示最新的 ${limit} 台，其他车辆请按车架号搜索` : ''}
            </Typography.Text>
          ) : null
        }
        styles={{ section: { flex: 1, width: 0, height: PANE_HEIGHT } }}
      />
    </div>
  );
}
