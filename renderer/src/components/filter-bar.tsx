/**
 * FilterBar: the filters above every list. The screen gives the fields as antd `Form.Item`s (children);
 * the bar lays them out inline (wrapping on narrow windows) and adds 搜索 and 重置.
 *
 * - 搜索, or Enter in any text field, calls `onSearch` with the cleaned values (see `cleanFilterValues`):
 *   empty fields are left out, text is trimmed, and a date range becomes `start_time` / `end_time`
 *   (`YYYY-MM-DD`, both days included: the server treats `end_time` as inclusive, API.md), or the keys
 *   `dateRangeKeys` names for that field when a list has two ranges (入库时间 entry_s / entry_e).
 * - 重置 clears every field (back to `resetValues`, empty by default) and searches at once.
 * - The screen goes back to page 1 when it receives a search; the bar knows nothing of paging.
 */
import { type ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';

/** What a filter sends: plain values the query string can carry. */
export type FilterValues = Record<string, string | number | boolean | Array<string | number>>;

export type DateRangeValue = readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

export const FILTER_DATE_FORMAT = 'YYYY-MM-DD';

/** A picked date range as the list filters want it: `start_time` and `end_time`, both days included. */
export function dateRangeFilter(range: DateRangeValue): { start_time?: string; end_time?: string } {
  const result: { start_time?: string; end_time?: string } = {};
  if (!range) return result;
  const [start, end] = range;
  if (start && start.isValid()) result.start_time = start.format(FILTER_DATE_FORMAT);
  if (end && end.isValid()) result.end_time = end.format(FILTER_DATE_FORMAT);
  return result;
}

/** A list with more than one date range names each range's two keys: `{ entry: ['entry_s', 'entry_e'] }`. */
export type DateRangeKeys = Readonly<Record<string, readonly [string, string]>>;

const isDateRange = (value: unknown): value is DateRangeValue =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((part) => part === null || part === undefined || dayjs.isDayjs(part)) &&
  value.some((part) => dayjs.isDayjs(part));

/**
 * The values a search sends: `undefined`, `null`, empty and blank strings and empty lists are dropped
 * (API.md: empty filters mean "no filter"); strings are trimmed; a date range field is replaced by
 * `start_time` / `end_time`; a single date becomes `YYYY-MM-DD`.
 */
export function cleanFilterValues(values: Record<string, unknown>, dateRangeKeys?: DateRangeKeys): FilterValues {
  const result: FilterValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (isDateRange(value)) {
      const range = dateRangeFilter(value);
      const named = dateRangeKeys?.[key];
      if (!named) Object.assign(result, range);
      else {
        if (range.start_time) result[named[0]] = range.start_time;
        if (range.end_time) result[named[1]] = range.end_time;
      }
    } else if (dayjs.isDayjs(value)) {
      if (value.isValid()) result[key] = value.format(FILTER_DATE_FORMAT);
    } else if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') result[key] = text;
    } else if (typeof value === 'number') {
      if (!Number.isNaN(value)) result[key] = value;
    } else if (typeof value === 'boolean') {
      result[key] = value;
    } else if (Array.isArray(value)) {
      const items = value.filter(
        (item): item is string | number => (typeof item === 'string' && item.trim() !== '') || typeof item === 'number',
      );
      if (items.length > 0) result[key] = items;
    }
  }
  return result;
}

export interface FilterBarProps {
  /** The fields: `Form.Item`s with a `name` each. */
  children: ReactNode;
  onSearch: (filters: FilterValues) => void;
  initialValues?: Record<string, unknown>;
  /** What 重置 sets the fields to; every field empty when absent. */
  resetValues?: Record<string, unknown>;
  /** Buttons that belong on the same row after 搜索 and 重置 (新增, 导出…). */
  extra?: ReactNode;
  /** The screen's own form instance, when it must read or set a field itself. */
  form?: FormInstance;
  /** The query keys of each date range field, when they are not `start_time` / `end_time`. */
  dateRangeKeys?: DateRangeKeys;
  loading?: boolean;
  label?: string;
}

export function FilterBar({
  children,
  onSearch,
  initialValues,
  resetValues,
  extra,
  form: givenForm,
  dateRangeKeys,
  loading,
  label = '筛选条件',
}: FilterBarProps) {
  const [ownForm] = Form.useForm();
  const form = givenForm ?? ownForm;

  const search = () => onSearch(cleanFilterValues(form.getFieldsValue(true) as Record<string, unknown>, dateRangeKeys));

  const reset = () => {
    // resetFields() would go back to initialValues (a dashboard link's filter, say); 重置 means empty.
    const current = form.getFieldsValue(true) as Record<string, unknown>;
    const cleared = Object.fromEntries(Object.keys(current).map((key) => [key, undefined]));
    form.setFieldsValue({ ...cleared, ...resetValues });
    search();
  };

  return (
    <Form
      form={form}
      layout="inline"
      initialValues={initialValues}
      onFinish={search}
      aria-label={label}
      role="search"
      className="filter-bar"
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {children}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
            搜索
          </Button>
          <Button htmlType="button" icon={<ReloadOutlined />} onClick={reset}>
            重置
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
