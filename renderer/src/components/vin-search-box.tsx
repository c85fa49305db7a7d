/**
 * VinSearchBox: every VIN field of the app (DESIGN.md). A text box whose suggestions are the vehicles
 * whose VIN contains what was typed, fetched 1 s after typing stops (spec part 1, section 9), with the
 * typed text highlighted; choosing one fills the box.
 *
 * - `value` / `onChange`: controlled, so it sits in an antd `Form.Item` like an `Input`. What the clerk
 *   types is upper-cased and stripped of blanks before `onChange` sees it (VINs are stored so, DOMAIN.md).
 * - `stage`: passed to `GET /api/car/search` to suggest only the vehicles that may take that step.
 * - `onPick`: the vehicle chosen from the list (its id), for screens that need more than the text.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { AutoComplete } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { CarSearchItem, CarSearchStage } from '../../../contract/vehicle';
import { searchCars } from '../api/search-cars';
import { queryKeys } from '../api/query-keys';
import { clearable } from './clearable';

/** The spec's suggestion delay. */
export const VIN_SUGGESTION_DELAY_MS = 1000;

export const vinSearchMessages = {
  searching: '正在查找车架号…',
  noMatch: '没有匹配的车架号',
  failed: '车架号查询失败，请稍后再试',
} as const;

/** Upper case, no blanks: what a VIN field holds whatever was typed or pasted. */
export const normaliseVinInput = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** A failed suggestion fetch says so inside the list instead of a toast over the form. */
const searchVins = (vin: string, stage: CarSearchStage | undefined, signal: AbortSignal): Promise<CarSearchItem[]> =>
  searchCars(vin, stage, signal);

/** VINs in a fixed-width face, so that clerks compare them character by character. */
export const VIN_FONT = 'ui-monospace, SFMono-Regular, Consolas, "Liberation Mono", monospace';

const markStyle = { padding: 0, background: '#fff1b8', color: 'inherit', fontWeight: 600 } as const;

/** The VIN with every occurrence of the searched text marked. */
export function HighlightedVin({ vin, text }: { vin: string; text: string }) {
  if (!text) return <span style={{ fontFamily: VIN_FONT }}>{vin}</span>;
  const parts: ReactNode[] = [];
  const haystack = vin.toUpperCase();
  const needle = text.toUpperCase();
  let from = 0;
  let found = haystack.indexOf(needle, from);
  while (found >= 0) {
    if (found > from) parts.push(vin.slice(from, found));
    parts.push(
      <mark key={found} style={markStyle}>
        {vin.slice(found, found + needle.length)}
      </mark>,
    );
    from = found + needle.length;
    found = haystack.indexOf(needle, from);
  }
  if (from < vin.length) parts.push(vin.slice(from));
  return <span style={{ fontFamily: VIN_FONT }}>{parts}</span>;
}

export interface VinSearchBoxProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Only vehicles that may take this step (`GET /api/car/search?stage=`). */
  stage?: CarSearchStage;
  onPick?: (vehicle: CarSearchItem) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Set by `Form.Item` so that its label names the box. */
  id?: string;
  'aria-label'?: string;
  status?: 'error' | 'warning';
  style?: CSSProperties;
}

export function VinSearchBox({
  value,
  onChange,
  stage,
  onPick,
  placeholder = '请输入车架号',
  disabled,
  id,
  'aria-label': ariaLabel,
  status,
  style,
}: VinSearchBoxProps) {
  // `typed` waits out the delay; `term` is what was last searched for.
  const [typed, setTyped] = useState<string>();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const chosen = useRef<string>(undefined);

  useEffect(() => {
    if (typed === undefined) return;
    const timer = window.setTimeout(() => {
      setTerm(typed);
      setOpen(typed !== '');
    }, VIN_SUGGESTION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const suggestions = useQuery({
    queryKey: [...queryKeys.carSearch, term, stage ?? ''],
    queryFn: ({ signal }) => searchVins(term, stage, signal),
    enabled: term !== '',
    staleTime: 5_000,
  });

  const items = useMemo(() => (term ? (suggestions.data ?? []) : []), [term, suggestions.data]);
  const options = useMemo(
    () => items.map((car) => ({ value: car.vin, title: car.vin, label: <HighlightedVin vin={car.vin} text={term} /> })),
    [items, term],
  );

  const waiting = typed !== undefined && typed !== term;
  const notFound = !term
    ? null
    : suggestions.isFetching || waiting
      ? vinSearchMessages.searching
      : suggestions.isError
        ? vinSearchMessages.failed
        : vinSearchMessages.noMatch;

  const change = (raw: string | undefined) => {
    const next = normaliseVinInput(raw ?? '');
    onChange?.(next);
    // The box also reports a chosen option as a change: that is not typing, so no new search.
    if (next === chosen.current) return;
    chosen.current = undefined;
    setTyped(next);
    if (next === '') {
      setTerm('');
      setOpen(false);
    }
  };

  const select = (vin: string) => {
    chosen.current = vin;
    setTyped(undefined);
    setOpen(false);
    onChange?.(vin);
    const car = items.find((item) => item.vin === vin);
    if (car) onPick?.(car);
  };

  return (
    <AutoComplete<string>
      id={id}
      aria-label={ariaLabel}
      value={value ?? ''}
      options={options}
      onChange={change}
      onSelect={select}
      open={open && term !== '' && !disabled}
      onOpenChange={(next) => setOpen(next && term !== '')}
      filterOption={false}
      notFoundContent={notFound}
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      allowClear={clearable}
      prefix={<SearchOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} />}
      className="vin-search-box"
      style={{ width: '100%', ...style }}
      styles={{ input: { fontFamily: VIN_FONT } }}
      popupMatchSelectWidth
    />
  );
}
