/**
 * PagedTable: the table of every list screen (DESIGN.md, rules of the house). Server-side paging only:
 * 15 rows a page, the spec's only size, so there is no size changer.
 *
 * Props:
 * - `columns`: antd columns, each with a unique string `key`; `chooserTitle` names a column in the
 *   ColumnChooser when its `title` is not plain text; `alwaysVisible` keeps it out of the chooser
 *   (the actions column, say).
 * - `visibleColumnKeys`: the keys to show, in the columns' own order; absent means every column.
 *   The screen keeps and persists the choice (settings `columns[tableKey]`); `ColumnChooser` edits it.
 * - `dataSource`, `rowKey`, `total`: one page of rows as the server sent it, and the list's total.
 * - `page`, `onPageChange`: the controlled page (from 1). When a page comes back empty although the
 *   list is not (the last row of the last page was deleted), the table asks for the last page itself.
 * - `loading`: shows the spinner over the rows.
 * - `emptyText`: what an empty list says, best with what to do next (暂无员工，点击“新增员工”添加).
 * - `rowSelection`, `expandable`, `scroll`, `size`, `onRow`: passed to antd's Table unchanged.
 * - `label`: the table's accessible name.
 * - `onSort`: a list sorted by the server (the profit report): a column with `sorter: true` and its own
 *   `sortOrder` is clicked, and the screen asks for page 1 in that order (`undefined` when the sort is
 *   cleared). `summary`: a totals row under the rows (antd's `summary`).
 *
 * Keyboard: page numbers and arrows are focusable (Enter opens a page); PageDown / PageUp inside the
 * table move to the next / previous page, except while typing in a field.
 */
import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { Empty, Table } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { PAGE_SIZE } from '../../../contract/common';

export type PagedTableColumn<Row> = TableColumnType<Row> & {
  key: string;
  /** The name the column chooser shows when `title` is not a plain string. */
  chooserTitle?: string;
  /** Never hidden and never offered in the chooser. */
  alwaysVisible?: boolean;
};

/**
 * A text column's `onCell`: long numbers and names wrap rather than end in …, so at 1366 px the whole
 * value stays readable and the row grows a line instead.
 */
export const wrapAnywhere = () => ({ style: { overflowWrap: 'anywhere' as const } });

export interface PagedTableProps<Row> {
  columns: PagedTableColumn<Row>[];
  visibleColumnKeys?: readonly string[];
  dataSource: readonly Row[] | undefined;
  rowKey: TableProps<Row>['rowKey'];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  loading?: boolean;
  emptyText: ReactNode;
  rowSelection?: TableProps<Row>['rowSelection'];
  expandable?: TableProps<Row>['expandable'];
  scroll?: TableProps<Row>['scroll'];
  size?: TableProps<Row>['size'];
  onRow?: TableProps<Row>['onRow'];
  label?: string;
  onSort?: (sort: TableSort | undefined) => void;
  summary?: TableProps<Row>['summary'];
}

/** The column a server-sorted list is sorted by, and which way. */
export interface TableSort {
  key: string;
  order: 'asc' | 'desc';
}

/** The columns to render: every `alwaysVisible` column, and the others whose key is chosen. */
export function visibleColumns<Row>(
  columns: readonly PagedTableColumn<Row>[],
  visibleKeys: readonly string[] | undefined,
): PagedTableColumn<Row>[] {
  if (!visibleKeys) return [...columns];
  return columns.filter((column) => column.alwaysVisible || visibleKeys.includes(column.key));
}

export const lastPage = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));

const isTypingTarget = (target: EventTarget): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function PagedTable<Row extends object>({
  columns,
  visibleColumnKeys,
  dataSource,
  rowKey,
  total,
  page,
  onPageChange,
  loading = false,
  emptyText,
  rowSelection,
  expandable,
  scroll,
  size,
  onRow,
  label,
  onSort,
  summary,
}: PagedTableProps<Row>) {
  const rows = dataSource ?? [];
  const pages = lastPage(total);

  // A page emptied under the clerk (deleting the last row of the last page) would show "no data"
  // for a list that has rows: go to the last page that has some instead.
  const strandedOnEmptyPage = !loading && dataSource !== undefined && rows.length === 0 && total > 0 && page > pages;
  useEffect(() => {
    if (strandedOnEmptyPage) onPageChange(pages);
  }, [strandedOnEmptyPage, pages, onPageChange]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTypingTarget(event.target)) return;
    if (event.key === 'PageDown' && page < pages) {
      event.preventDefault();
      onPageChange(page + 1);
    } else if (event.key === 'PageUp' && page > 1) {
      event.preventDefault();
      onPageChange(page - 1);
    }
  };

  return (
    <div className="paged-table" role="region" aria-label={label} onKeyDown={onKeyDown}>
      <Table<Row>
        columns={visibleColumns(columns, visibleColumnKeys)}
        dataSource={rows as Row[]}
        rowKey={rowKey}
        loading={loading}
        rowSelection={rowSelection}
        expandable={expandable}
        scroll={scroll}
        size={size}
        onRow={onRow}
        summary={summary}
        onChange={
          onSort
            ? (_pagination, _filters, sorter, extra) => {
                if (extra.action !== 'sort') return;
                const one = Array.isArray(sorter) ? sorter[0] : sorter;
                onSort(
                  one?.order && one.columnKey !== undefined
                    ? { key: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' }
                    : undefined,
                );
              }
            : undefined
        }
        locale={{
          emptyText: loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          pageSizeOptions: [PAGE_SIZE],
          showQuickJumper: pages > 1,
          showTotal: (count) => `共 ${count} 条`,
          onChange: (next) => onPageChange(next),
        }}
      />
    </div>
  );
}
