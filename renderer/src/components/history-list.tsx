/**
 * HistoryList: the 变更记录 of a record or of a vehicle (`GET /api/history`), newest first: who (系统 when
 * nobody), when, what was done to which record, and each change as 「label: before → after」 with money
 * in separators, files by their names and nothing as 空. Pages of 15, as the server sends them.
 *
 * Props: `target`, either `{ entity, id }` (an overseas contract's history holds its car lines' and
 * receipts' too) or `{ vehicleId }` (every event that touched the car).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Pagination, Skeleton, Tag, Typography } from 'antd';
import { PAGE_SIZE } from '../../../contract/common';
import type { HistoryAction, HistoryEvent } from '../../../contract/history';
import { customerTypesQuery } from '../api/customer-types';
import { historyQuery, type HistoryTarget } from '../api/history';
import { formatTime } from './format-time';
import {
  changeShape,
  historyActionLabels,
  historyAuthor,
  historyEntityLabel,
  historyFilePaths,
  type HistoryLookups,
  HistoryValue,
  namesCustomerTypes,
  shownChanges,
} from './history-values';
import { useFileNames } from './use-file-names';

export const HISTORY_EMPTY_TEXT = '暂无变更记录';
export const HISTORY_LOAD_FAILED = '变更记录加载失败';

const actionColors: Partial<Record<HistoryAction, string>> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  hand_over: 'purple',
  finish: 'cyan',
  correct_vin: 'orange',
};

function HistoryItem({ event, lookups }: { event: HistoryEvent; lookups: HistoryLookups }) {
  const action = historyActionLabels[event.action];
  const entity = historyEntityLabel(event.entity);
  const changes = shownChanges(event);
  return (
    <li
      className="history-event"
      aria-label={`${historyAuthor(event)} ${formatTime(event.at)} ${action}${entity}`}
      style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0' }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <Tag color={actionColors[event.action]} style={{ marginInlineEnd: 0 }}>
          {action}
        </Tag>
        <Typography.Text strong>{entity}</Typography.Text>
        <Typography.Text type="secondary" className="history-author">
          {historyAuthor(event)}
        </Typography.Text>
        <Typography.Text type="secondary" className="history-time">
          {formatTime(event.at)}
        </Typography.Text>
      </div>
      {changes.length > 0 && (
        <ul className="history-changes" style={{ margin: '6px 0 0', paddingInlineStart: 20 }}>
          {changes.map((change) => (
            <li key={change.field} className="history-change" style={{ lineHeight: '22px' }}>
              <span className="history-label">{change.label}</span>：
              {changeShape(event, change) === 'value' ? (
                <HistoryValue entity={event.entity} field={change.field} value={change.after} lookups={lookups} />
              ) : (
                <>
                  <HistoryValue entity={event.entity} field={change.field} value={change.before} lookups={lookups} />
                  <span style={{ margin: '0 6px', color: 'rgba(0, 0, 0, 0.45)' }}>→</span>
                  <HistoryValue entity={event.entity} field={change.field} value={change.after} lookups={lookups} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export interface HistoryListProps {
  target: HistoryTarget;
}

export function HistoryList({ target }: HistoryListProps) {
  const [page, setPage] = useState(1);
  const history = useQuery(historyQuery(target, page));
  const events = history.data?.data ?? [];
  const names = useFileNames(historyFilePaths(events));
  const types = useQuery({ ...customerTypesQuery(), enabled: namesCustomerTypes(events) });
  const customerTypes = useMemo(
    () => Object.fromEntries((types.data ?? []).map((type) => [type.id, type.name])),
    [types.data],
  );
  const lookups = useMemo(() => ({ names, customerTypes }), [names, customerTypes]);
  const total = history.data?.meta.total ?? history.data?.total ?? 0;

  if (history.isPending) {
    return (
      <div className="history-list" aria-busy="true" aria-label="变更记录加载中">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (history.isError && !history.data) {
    return (
      <Alert
        className="history-list"
        type="error"
        showIcon
        title={HISTORY_LOAD_FAILED}
        description={history.error.message}
        action={
          <Button size="small" onClick={() => void history.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (events.length === 0 && page === 1) {
    return <Empty className="history-list" image={Empty.PRESENTED_IMAGE_SIMPLE} description={HISTORY_EMPTY_TEXT} />;
  }
  return (
    <div className="history-list" aria-busy={history.isFetching}>
      <ol aria-label="变更记录" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {events.map((event) => (
          <HistoryItem key={event.id} event={event} lookups={lookups} />
        ))}
      </ol>
      {total > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 12, justifyContent: 'flex-end' }}
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => `共 ${count} 条`}
          onChange={setPage}
        />
      )}
    </div>
  );
}
