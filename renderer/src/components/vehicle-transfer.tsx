/**
 * VehicleTransfer: the two-pane vehicle picker of the filing screens (export declaration, tax refund,
 * deregistration, freight). The vehicles that may take the step on the left, titled by the caller
 * (待出口车辆, 待退税车辆…), the chosen ones on the right (已选择); each pane searches by VIN.
 *
 * Usage, as an antd `Form.Item` control (the item gives `value`, `onChange`, `id` and the error status,
 * so a rule such as `{ required: true, type: 'array', min: 1, message: '请先选择要出口的车辆' }` works):
 *
 *   <Form.Item name="car_ids" label="出口车辆" rules={[vehicleTransferRule('请先选择要出口的车辆')]}>
 *     <VehicleTransfer title="待出口车辆" vehicles={cars} loading={loading} />
 *   </Form.Item>
 *
 * - `vehicles`: `{ id, vin, model? }`, every vehicle the clerk may choose AND those already chosen (on an
 *   edit, the record's own vehicles). A chosen id missing from it still shows, as 车辆 #id, so that nothing
 *   drops out of a save unseen.
 * - `value` / `onChange`: the chosen vehicles' ids, in the order they were chosen.
 * - `title`: the left pane's title; `emptyText`: what the left pane says when nothing waits.
 * - `loading`, `disabled`, `height` (px of each pane, default 340).
 *
 * Keyboard: Tab reaches each pane's search box, its items' check boxes (Space ticks one) and the 加入 /
 * 移出 buttons; Enter in a search box moves the one vehicle the search left to the other pane.
 */
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { Transfer, type TransferProps, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { ClearableInputs } from './clearable';
import { VIN_FONT } from './vin-search-box';

export interface VehicleTransferItem {
  id: number;
  vin: string;
  model?: string | null;
}

export interface VehicleTransferProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  vehicles: readonly VehicleTransferItem[];
  /** The left pane's title: 待出口车辆, 待退税车辆… */
  title: string;
  emptyText?: string;
  loading?: boolean;
  disabled?: boolean;
  height?: number;
  /** Set by `Form.Item`, so that its label names the picker. */
  id?: string;
}

export const vehicleTransferText = {
  chosenTitle: '已选择',
  search: '请输入车架号',
  add: '加入',
  remove: '移出',
  loading: '正在加载车辆…',
  empty: '没有可选择的车辆',
  chooseHint: '请从左侧选择车辆',
  unknown: (id: number) => `车辆 #${id}`,
} as const;

/** The form rule: at least one vehicle chosen, with the screen's message. */
export const vehicleTransferRule = (message: string): Rule => ({ required: true, type: 'array', min: 1, message });

interface Item {
  key: string;
  id: number;
  vin: string;
  model: string | null;
}

type TransferKey = NonNullable<TransferProps['targetKeys']>[number];

const matches = (item: Item, text: string) => item.vin.toUpperCase().includes(text.replace(/\s+/g, '').toUpperCase());

function VehicleLabel({ item }: { item: Item }) {
  return (
    <span className="vehicle-transfer-item" style={{ display: 'inline-flex', gap: 8, alignItems: 'baseline' }}>
      <span className="vehicle-transfer-vin" style={{ fontFamily: VIN_FONT, whiteSpace: 'nowrap' }}>
        {item.vin}
      </span>
      {item.model ? (
        <Typography.Text type="secondary" className="vehicle-transfer-model" ellipsis>
          {item.model}
        </Typography.Text>
      ) : null}
    </span>
  );
}

export function VehicleTransfer({
  value,
  onChange,
  vehicles,
  title,
  emptyText = vehicleTransferText.empty,
  loading = false,
  disabled = false,
  height = 340,
  id,
}: VehicleTransferProps) {
  const chosen = useMemo(() => value ?? [], [value]);
  // What each pane's search box holds, for Enter (antd keeps the text itself and only reports it).
  const searches = useRef({ left: '', right: '' });

  const items = useMemo((): Item[] => {
    const listed = new Map<number, Item>();
    for (const car of vehicles)
      listed.set(car.id, { key: String(car.id), id: car.id, vin: car.vin, model: car.model ?? null });
    for (const carId of chosen)
      if (!listed.has(carId))
        listed.set(carId, { key: String(carId), id: carId, vin: vehicleTransferText.unknown(carId), model: null });
    return [...listed.values()];
  }, [vehicles, chosen]);

  const targetKeys = useMemo(() => chosen.map(String), [chosen]);

  const change = (keys: TransferKey[]) => {
    const next = new Set(keys.map(String));
    // The chosen keep their order; the newly moved follow in the left pane's order.
    const kept = chosen.filter((carId) => next.has(String(carId)));
    const added = items.filter((item) => next.has(item.key) && !chosen.includes(item.id)).map((item) => item.id);
    onChange?.([...kept, ...added]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    const section = event.target.closest('.ant-transfer-section');
    if (!section) return;
    // A search box's Enter is the picker's, never the surrounding form's submit.
    event.preventDefault();
    const left = section === event.currentTarget.querySelector('.ant-transfer-section');
    const text = left ? searches.current.left : searches.current.right;
    if (!text.trim()) return;
    const pane = items.filter((item) => chosen.includes(item.id) !== left && matches(item, text));
    const only = pane.length === 1 ? pane[0] : undefined;
    if (!only) return;
    onChange?.(left ? [...chosen, only.id] : chosen.filter((carId) => carId !== only.id));
  };

  return (
    // The keys typed in the panes' search boxes bubble here; the div itself is not a control.
    <div id={id} className="vehicle-transfer" onKeyDown={onKeyDown}>
      {/* The panes' search boxes: their clear buttons say 清除. */}
      <ClearableInputs>
        <Transfer<Item>
          dataSource={items}
          targetKeys={targetKeys}
          onChange={change}
          disabled={disabled}
          titles={[title, vehicleTransferText.chosenTitle]}
          actions={[vehicleTransferText.add, vehicleTransferText.remove]}
          showSearch={{ placeholder: vehicleTransferText.search }}
          filterOption={(text, item) => matches(item, text)}
          onSearch={(direction, text) => {
            searches.current[direction] = text;
          }}
          render={(item) => ({ value: item.vin, label: <VehicleLabel item={item} /> })}
          locale={{
            itemUnit: '台',
            itemsUnit: '台',
            notFoundContent: [loading ? vehicleTransferText.loading : emptyText, vehicleTransferText.chooseHint],
          }}
          styles={{ section: { flex: 1, width: 0, height } }}
        />
      </ClearableInputs>
    </div>
  );
}
