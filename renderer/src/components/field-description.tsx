/**
 * A field described once (issue 22, point 3): what a list's column shows, the filter it offers, and how a
 * detail view labels and renders it, in one object, after ant-design-pro's ProTable columns
 * (`valueType` / `search` / `hideInTable` / `order`) without taking that package on.
 *
 * ```tsx
 * const fields: FieldDescription<PurchaseListItem, PurchaseListQuery>[] = [
 *   { key: 'purchase_no', title: '采购合同号', dataIndex: 'purchase_no', width: 140,
 *     filter: { kind: 'text', key: 'purchase_no', maxLength: 32, width: 230 } },
 *   { key: 'vin', title: '车架号', hideInTable: true, filter: { kind: 'vin', key: 'vin' } },
 * ];
 * const { columns, filters, dateRangeKeys } = listFields(fields);
 * ```
 *
 * - A field is a `PagedTableColumn` (width, align, onCell, fixed, alwaysVisible … as antd takes them) with a
 *   plain-text `title`; `hideInTable` makes it a filter only (the 车架号 box of a contract list).
 * - `filter.key` is the query key the search sends, checked against the list's query type; a date range
 *   sends `filter.keys` (`entry_s` / `entry_e`) or, without them, `start_time` / `end_time`.
 * - The bar lists the filters in the fields' order; `filter.order` moves one (lower first, 0 when absent),
 *   for a bar whose order is not the table's.
 * - `detail` is how a record's page shows the field when its label or its rendering differ from the list's
 *   (合同号 on the contract's page, 采购合同号 in the list); `detailItems` builds antd `Descriptions` items.
 */
import type { ReactNode } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import type { FormRule } from 'antd';
import { clearable } from './clearable';
import type { DateRangeKeys, FilterValues } from './filter-bar';
import { MoneyInput } from './money-input';
import type { PagedTableColumn } from './paged-table';
import { VinFilterField } from './vin-filter-field';

type FilterKey<Filters> = Extract<keyof Filters, string>;

interface FilterCommon {
  /** The filter's label when it is not the column's title (客户名称 over the 客户 column). */
  label?: string;
  /** Position in the bar when it differs from the fields' order: lower first, 0 when absent. */
  order?: number;
}

/** What a filter box holds and sends. */
export type FieldFilter<Filters> = FilterCommon &
  (
    | {
        kind: 'text';
        key: FilterKey<Filters>;
        placeholder?: string;
        maxLength?: number;
        width?: number;
      }
    | {
        kind: 'select';
        key: FilterKey<Filters>;
        options: { value: string | number; label: string }[];
        placeholder?: string;
        width?: number;
      }
    | {
        kind: 'money';
        key: FilterKey<Filters>;
        rules?: FormRule[];
        placeholder?: string;
        width?: number;
      }
    /** 车架号: any part of a VIN, in the VIN font (`VinFilterField`). */
    | { kind: 'vin'; key: FilterKey<Filters> & 'vin' }
    | {
        kind: 'dateRange';
        /** The form's name of the range; the search sends `keys` (or `start_time` / `end_time`) instead. */
        name: string;
        keys?: readonly [FilterKey<Filters>, FilterKey<Filters>];
        width?: number;
      }
    /** A box of its own (a customer picker): its `Form.Item` as the screen writes it. */
    | { kind: 'custom'; key: FilterKey<Filters>; render: () => ReactNode }
  );

/** How a detail view shows the field when it is not as the list shows it. */
export interface FieldDetail<Row> {
  label?: string;
  render?: (row: Row) => ReactNode;
}

export type FieldDescription<Row, Filters = FilterValues> = PagedTableColumn<Row> & {
  title: string;
  /** A filter only: the table has no such column. */
  hideInTable?: boolean;
  filter?: FieldFilter<Filters>;
  detail?: FieldDetail<Row>;
};

/** The table's columns: every field not hidden in the table, in order, without the filter and detail. */
export function fieldColumns<Row, Filters>(fields: readonly FieldDescription<Row, Filters>[]): PagedTableColumn<Row>[] {
  return fields
    .filter((field) => !field.hideInTable)
    .map(({ hideInTable: _hidden, filter: _filter, detail: _detail, ...column }) => column);
}

const filterLabel = <Row, Filters>(field: FieldDescription<Row, Filters>) => field.filter?.label ?? field.title;

function FilterField<Row, Filters>({ field }: { field: FieldDescription<Row, Filters> }) {
  const filter = field.filter;
  if (!filter) return null;
  const label = filterLabel(field);
  // The form's field is named by the query key (a plain string to antd's Form.Item).
  const name: string | undefined = 'key' in filter ? filter.key : undefined;
  switch (filter.kind) {
    case 'text':
      return (
        <Form.Item label={label} name={name}>
          <Input
            placeholder={filter.placeholder ?? `请输入${label}`}
            allowClear={clearable}
            maxLength={filter.maxLength}
            style={filter.width ? { width: filter.width } : undefined}
          />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item label={label} name={name}>
          <Select
            placeholder={filter.placeholder ?? '全部'}
            allowClear={clearable}
            style={filter.width ? { width: filter.width } : undefined}
            options={filter.options}
          />
        </Form.Item>
      );
    case 'money':
      return (
        <Form.Item label={label} name={name} rules={filter.rules}>
          <MoneyInput
            placeholder={filter.placeholder ?? label}
            allowClear
            style={filter.width ? { width: filter.width } : undefined}
          />
        </Form.Item>
      );
    case 'vin':
      return <VinFilterField label={label} />;
    case 'dateRange':
      return (
        <Form.Item label={label} name={filter.name}>
          <DatePicker.RangePicker
            placeholder={['开始日期', '结束日期']}
            style={filter.width ? { width: filter.width } : undefined}
          />
        </Form.Item>
      );
    case 'custom':
      return <>{filter.render()}</>;
  }
}

/** The filter bar's fields, in the fields' order moved by each filter's `order`. */
export function fieldFilters<Row, Filters>(fields: readonly FieldDescription<Row, Filters>[]): ReactNode {
  const filtered = fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => field.filter)
    .sort((a, b) => (a.field.filter?.order ?? 0) - (b.field.filter?.order ?? 0) || a.index - b.index);
  if (filtered.length === 0) return undefined;
  return (
    <>
      {filtered.map(({ field }) => (
        <FilterField key={field.key} field={field} />
      ))}
    </>
  );
}

/** The query keys of the date ranges that name their own (`FilterBar`'s `dateRangeKeys`). */
export function fieldDateRangeKeys<Row, Filters>(
  fields: readonly FieldDescription<Row, Filters>[],
): DateRangeKeys | undefined {
  const entries = fields.flatMap((field) =>
    field.filter?.kind === 'dateRange' && field.filter.keys ? [[field.filter.name, field.filter.keys] as const] : [],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** What `ListScreen` takes from the fields: its columns, its filter fields and their date ranges' keys. */
export function listFields<Row, Filters>(fields: readonly FieldDescription<Row, Filters>[]) {
  return { columns: fieldColumns(fields), filters: fieldFilters(fields), dateRangeKeys: fieldDateRangeKeys(fields) };
}

/** The field's value in a row, as the list's cell shows it (its `render`, else the value itself). */
export function fieldValue<Row, Filters>(field: FieldDescription<Row, Filters>, row: Row): ReactNode {
  const value = typeof field.dataIndex === 'string' ? (row as Record<string, unknown>)[field.dataIndex] : undefined;
  if (field.render) return field.render(value, row, 0) as ReactNode;
  return value as ReactNode;
}

/** A detail view's `Descriptions` items for the named fields, in the order named, labelled as `detail` says. */
export function detailItems<Row, Filters>(
  fields: readonly FieldDescription<Row, Filters>[],
  row: Row,
  keys: readonly string[],
): { key: string; label: string; children: ReactNode }[] {
  return keys.map((key) => {
    const field = fields.find((candidate) => candidate.key === key);
    if (!field) throw new Error(`No field ${key}`);
    return {
      key,
      label: field.detail?.label ?? field.title,
      children: field.detail?.render ? field.detail.render(row) : fieldValue(field, row),
    };
  });
}
