/**
 * Rows a clerk ticks on a list and keeps ticked across pages (a hand-over may name vehicles of several
 * pages), with the 已选 N 辆 清空 note for the toolbar. Used by the pickup and registry lists.
 */
import { useCallback, useState, type Key } from 'react';
import { Button } from 'antd';
import { CarOutlined } from '@ant-design/icons';

export function useChosenRows<Row extends { id: number }>() {
  const [chosen, setChosen] = useState<ReadonlyMap<number, Row>>(new Map());
  /** antd's `rowSelection.onChange`: the keys ticked now, rows of this page or remembered from others. */
  const choose = useCallback(
    (keys: Key[], pageRows: Row[]) =>
      setChosen((previous) => {
        const next = new Map<number, Row>();
        for (const key of keys) {
          const id = Number(key);
          const row = pageRows.find((candidate) => candidate?.id === id) ?? previous.get(id);
          if (row) next.set(id, row);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setChosen(new Map()), []);
  return {
    rows: [...chosen.values()],
    keys: [...chosen.keys()],
    choose,
    clear,
  };
}

/** The toolbar's note of the chosen vehicles, with 清空. */
export function ChosenVehiclesNote({ count, onClear }: { count: number; onClear: () => void }) {
  if (count === 0) return null;
  return (
    <span aria-label="已选车辆">
      <CarOutlined /> 已选 {count} 辆{' '}
      <Button type="link" size="small" onClick={onClear}>
        清空
      </Button>
    </span>
  );
}
