/**
 * The frame of every list screen: a card with the `FilterBar`, a toolbar, and the `PagedTable` of one
 * `usePagedList`. A screen gives its columns, its filter fields and its fetch; the frame wires the search
 * to page 1, the page to the table, the spinners, and which empty text to show (failed, filtered, empty).
 *
 * ```tsx
 * const list = usePagedList(listOrdersQuery);
 * return (
 *   <ListScreen list={list} columns={columns} label="海外合同列表" filters={<Form.Item …/>}
 *     emptyText={{ empty: '暂无海外合同，点击“新建业务”添加', filtered: '没有符合条件的合同…', failed: '…' }} />
 * );
 * ```
 */
import type { ReactNode } from 'react';
import { Card, Space } from 'antd';
import { FilterBar, type DateRangeKeys } from './filter-bar';
import { PagedTable, type PagedTableColumn, type PagedTableProps } from './paged-table';
import type { PagedList } from './use-paged-list';

export interface ListScreenEmptyText {
  /** The list has no rows at all: say how to add one. */
  empty: ReactNode;
  /** No row matches the filters: say to change them or 重置. */
  filtered?: ReactNode;
  /** The list could not be loaded: say how to try again. */
  failed?: ReactNode;
}

export interface ListScreenProps<Row, Filters> {
  list: PagedList<Row, Filters>;
  columns: PagedTableColumn<Row>[];
  /** The table's accessible name (海外合同列表). */
  label: string;
  emptyText: ListScreenEmptyText;
  /** The filter fields (`Form.Item`s with a name); no filter bar when absent. */
  filters?: ReactNode;
  /** The filter bar's accessible name (海外合同筛选). */
  filterLabel?: string;
  /** The query keys of each date range filter when a list has more than one (see `FilterBar`). */
  dateRangeKeys?: DateRangeKeys;
  /** Buttons on the filter bar's row, after 搜索 and 重置. */
  filterExtra?: ReactNode;
  /** Buttons between the filters and the table (新建, 导出, 刷新); `toolbarEnd` sits at its right end. */
  toolbar?: ReactNode;
  toolbarEnd?: ReactNode;
  /** Above the table, under the toolbar (tabs, a selection summary). */
  aboveTable?: ReactNode;
  /** Shown instead of the table (the list cannot be shown yet: no customer type, say). */
  replaceTable?: ReactNode;
  /** The table's other settings, passed to `PagedTable` unchanged. */
  table?: Partial<
    Pick<
      PagedTableProps<Row>,
      | 'rowKey'
      | 'visibleColumnKeys'
      | 'rowSelection'
      | 'expandable'
      | 'scroll'
      | 'size'
      | 'onRow'
      | 'loading'
      | 'onSort'
      | 'summary'
    >
  >;
  /** Called with every new page (the screen forgets its checked rows, say). */
  onPageChange?: (page: number) => void;
  className?: string;
  /** Dialogs and drawers the screen opens. */
  children?: ReactNode;
}

export function ListScreen<Row extends object, Filters>({
  list,
  columns,
  label,
  emptyText,
  filters,
  filterLabel,
  dateRangeKeys,
  filterExtra,
  toolbar,
  toolbarEnd,
  aboveTable,
  replaceTable,
  table = {},
  onPageChange,
  className,
  children,
}: ListScreenProps<Row, Filters>) {
  const goToPage = (page: number) => {
    list.goToPage(page);
    onPageChange?.(page);
  };
  const empty =
    list.failed && emptyText.failed
      ? emptyText.failed
      : list.filtering && emptyText.filtered
        ? emptyText.filtered
        : emptyText.empty;
  // Small rows by default: at 1366×768 a list shows more than four records on one screen, and the
  // narrower cell padding leaves the width to the columns that hold names (issue 7, point 6).
  const { rowKey = 'id', loading, size = 'small', ...tableRest } = table;

  return (
    <div className={className ? `page list-screen ${className}` : 'page list-screen'}>
      <Card variant="borderless">
        {filters ? (
          <FilterBar
            onSearch={(next) => {
              list.search(next as Filters);
              onPageChange?.(1);
            }}
            loading={list.searching}
            // The list's first filters (a dashboard link's) show in the fields; later searches come from them.
            initialValues={list.filters as Record<string, unknown>}
            label={filterLabel}
            dateRangeKeys={dateRangeKeys}
            extra={filterExtra}
          >
            {filters}
          </FilterBar>
        ) : null}
        {toolbar || toolbarEnd ? (
          <div
            className="page-toolbar"
            style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}
          >
            <Space wrap>{toolbar}</Space>
            {toolbarEnd}
          </div>
        ) : null}
        {replaceTable ?? (
          <>
            {aboveTable}
            <PagedTable<Row>
              label={label}
              columns={columns}
              dataSource={list.rows}
              rowKey={rowKey}
              total={list.total}
              page={list.page}
              onPageChange={goToPage}
              loading={loading ?? list.loading}
              emptyText={empty}
              size={size}
              {...tableRest}
            />
          </>
        )}
      </Card>
      {children}
    </div>
  );
}
