/**
 * The frame of a record's read-only page (an overseas contract's details, a purchase contract's info
 * page): the title with the record's number, 编辑 / the screen's own buttons / 刷新 / 返回 in the header,
 * a skeleton while it loads, and `RecordMissing` for an id that cannot be or a record that did not load.
 * A page given the record's `history` shows its cards under 详情 and its 变更记录 (HistoryList) beside,
 * with the page's own `tabs` (the contract's 利润) between them.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Skeleton, Space, Tabs, Typography } from 'antd';
import { CloseOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { historyQueryKey, type HistoryTarget } from '../api/history';
import { HISTORY_TITLE } from './history-drawer';
import { HistoryList } from './history-list';
import { RecordMissing, useRouteRecordId } from './route-record';
import { useClosePage } from './use-close-page';

export interface RecordPageQuery<Record> {
  data: Record | undefined;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface RecordPageProps<Record> {
  /** The id from the route (`useRouteRecordId`), as the screen's query used it. */
  route: ReturnType<typeof useRouteRecordId>;
  record: RecordPageQuery<Record>;
  className: string;
  /** 合同详情; the record's number follows it once loaded. */
  title: string;
  number: (record: Record) => string;
  /** The title of the page when the record did not load (合同详情加载失败). */
  loadFailedTitle: string;
  /** 该采购合同不存在或已被删除. */
  missingText: string;
  /** Where 返回 goes when the page was opened directly. */
  closeTo: string;
  /** Where 编辑 goes; no 编辑 when absent (a page whose records are edited one by one, 归档详情). */
  editPath?: (id: number) => string;
  /** The screen's own buttons between 编辑 and 刷新 (移交采购). */
  actions?: (record: Record) => ReactNode;
  /** The page's cards, once the record is there. */
  children: (record: Record) => ReactNode;
  /** The dialogs the page opens. */
  dialogs?: ReactNode;
  /**
   * The record's history: the page's cards then sit in a 详情 tab beside a 变更记录 tab, which asks the
   * server only once opened.
   */
  history?: (record: Record) => HistoryTarget;
  /** More tabs after 详情 (with `history`): each drawn once opened. */
  tabs?: (record: Record) => RecordPageTab[];
  /** 刷新 also refreshes what the page's own tabs read (the contract's profit). */
  onRefresh?: (record: Record) => void;
}

export interface RecordPageTab {
  key: string;
  label: string;
  children: ReactNode;
}

function DetailAndHistory({
  detail,
  target,
  tabs = [],
}: {
  detail: ReactNode;
  target: HistoryTarget;
  tabs?: RecordPageTab[];
}) {
  return (
    <Tabs
      className="record-page-tabs"
      items={[
        { key: 'detail', label: '详情', children: detail },
        ...tabs,
        { key: 'history', label: HISTORY_TITLE, children: <HistoryList target={target} /> },
      ]}
    />
  );
}

export function RecordPage<Record>({
  route,
  record,
  className,
  title,
  number,
  loadFailedTitle,
  missingText,
  closeTo,
  editPath,
  actions,
  children,
  dialogs,
  history,
  tabs,
  onRefresh,
}: RecordPageProps<Record>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closePage = useClosePage(closeTo);
  const id = route.id;

  if (id === undefined || (record.isError && !record.data)) {
    return (
      <RecordMissing
        missingText={missingText}
        onBack={closePage}
        loadFailed={
          id === undefined
            ? undefined
            : { title: loadFailedTitle, reason: record.error?.message, retry: () => void record.refetch() }
        }
      />
    );
  }

  const data = record.data;
  return (
    <div className={`page ${className}`}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span>{title}</span>
            {data ? <Typography.Text type="secondary">{number(data)}</Typography.Text> : null}
          </Space>
        }
        extra={
          <Space wrap>
            {editPath ? (
              <Button type="primary" icon={<EditOutlined />} disabled={!data} onClick={() => navigate(editPath(id))}>
                编辑
              </Button>
            ) : null}
            {data ? actions?.(data) : null}
            <Button
              icon={<ReloadOutlined />}
              loading={record.isFetching}
              onClick={() => {
                void record.refetch();
                if (data) onRefresh?.(data);
                // 刷新 shows what happened since in the 变更记录 tab too.
                if (data && history) void queryClient.invalidateQueries({ queryKey: historyQueryKey(history(data)) });
              }}
            >
              刷新
            </Button>
            <Button icon={<CloseOutlined />} onClick={closePage}>
              返回
            </Button>
          </Space>
        }
      >
        {!data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : history ? (
          <DetailAndHistory detail={children(data)} target={history(data)} tabs={tabs?.(data)} />
        ) : (
          children(data)
        )}
      </Card>
      {dialogs}
    </div>
  );
}
