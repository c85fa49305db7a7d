/**
 * 到期提醒 (/deadline/list, issue 25): every open deadline, late first then by due date, with what starts
 * and ends each clock; filters by state, rule, overseas contract and VIN (the dashboard's counts and the
 * desktop notification link here with `?state=`). A row opens its car's file (a receipt row its contract)
 * and the form that ends its clock, pre-filled.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { App, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEADLINE_EXPORT_FILE_NAME,
  DEADLINE_KEYS,
  deadlineLabels,
  deadlineTextLimits,
  type DeadlineListQuery,
  type DeadlineRow,
} from '../../../../../contract/deadline';
import { vehicleFileQuery } from '../../../api/vehicle-file';
import { DeadlineTag, deadlineWording } from '../../../components/deadline-tag';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { formatMoney } from '../../../components/format-money';
import { useLinkedFilters } from '../../../components/linked-filters';
import { ListScreen } from '../../../components/list-screen';
import { ExcelExportButton, RefreshButton } from '../../../components/list-toolbar';
import { RowAction, RowActions } from '../../../components/row-actions';
import { usePagedList } from '../../../components/use-paged-list';
import { VinCell } from '../../../components/vin-cell';
import { exportDeadlines, listDeadlinesQuery } from '../api/deadline-api';
import { deadlinePaths, endingActionLabels, endingPath, needsFacts } from '../deadline-paths';

const wrapAnywhere = () => ({ style: { overflowWrap: 'anywhere' as const } });

/** The state filter's choices; empty means every open deadline (the server's default). */
const stateOptions = [
  { value: 'overdue', label: '已逾期' },
  { value: 'soon', label: '7天内到期' },
  { value: 'open', label: '全部未完成' },
];

/** Days left as words: the tag within a week or late, plain words further off. */
function DaysLeft({ row }: { row: DeadlineRow }) {
  if (deadlineWording(row.days_left)) return <DeadlineTag deadline={row} />;
  return <Typography.Text type="secondary">还剩 {row.days_left} 天</Typography.Text>;
}

const deadlineFields: FieldDescription<DeadlineRow, DeadlineListQuery>[] = [
  {
    key: 'state',
    title: '状态',
    hideInTable: true,
    filter: { kind: 'select', key: 'state', options: stateOptions, placeholder: '全部未完成', width: 140 },
  },
  {
    key: 'label',
    title: '期限',
    dataIndex: 'label',
    width: 110,
    filter: {
      kind: 'select',
      key: 'key',
      options: DEADLINE_KEYS.map((key) => ({ value: key, label: deadlineLabels[key] })),
      width: 150,
    },
  },
  {
    key: 'vin',
    title: '车架号',
    dataIndex: 'vin',
    width: 196,
    render: (_: unknown, row: DeadlineRow) =>
      row.vin ? (
        <VinCell vin={row.vin} vehicleId={row.vehicle_id} />
      ) : (
        <Typography.Text type="secondary">合同收款</Typography.Text>
      ),
    filter: { kind: 'vin', key: 'vin' },
  },
  {
    key: 'order_no',
    title: '海外合同号',
    dataIndex: 'order_no',
    width: 140,
    onCell: wrapAnywhere,
    // The receipt rule is the contract's: its number opens the contract, as a VIN opens the car's file.
    render: (_: unknown, row: DeadlineRow) =>
      row.order_id !== null && row.order_no ? (
        <Link to={deadlinePaths.order(row.order_id)} title="打开合同详情">
          {row.order_no}
        </Link>
      ) : (
        (row.order_no ?? '')
      ),
    filter: { kind: 'text', key: 'order_no', maxLength: deadlineTextLimits.order_no, width: 200 },
  },
  { key: 'started_on', title: '起算日期', dataIndex: 'started_on', width: 104 },
  { key: 'due_on', title: '到期日期', dataIndex: 'due_on', width: 104 },
  {
    key: 'days_left',
    title: '剩余',
    width: 100,
    render: (_: unknown, row: DeadlineRow) => <DaysLeft row={row} />,
  },
  {
    key: 'balance',
    title: '未收余额',
    width: 130,
    align: 'right',
    render: (_: unknown, row: DeadlineRow) =>
      row.balance === null ? '' : `${formatMoney(Number(row.balance))} ${row.currency ?? ''}`.trim(),
  },
];

/**
 * A link to the list while it is open (the bell, the desktop notification, a dashboard count) brings a new
 * `?state=`: the list starts again from it, as it would have opened.
 */
export function DeadlineListPage() {
  const { search } = useLocation();
  return <DeadlineList key={search} />;
}

function DeadlineList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [opening, setOpening] = useState<string>();
  const list = usePagedList(listDeadlinesQuery, {
    initialFilters: useLinkedFilters(['state', 'key', 'order_no', 'vin']),
  });

  /** Opens the form that ends the row's clock; for registry and release the car's file says which form. */
  const openEnding = async (row: DeadlineRow, rowKey: string) => {
    if (!needsFacts(row.key) || row.vehicle_id === null) {
      const path = endingPath(row);
      if (path) navigate(path);
      return;
    }
    setOpening(rowKey);
    try {
      const file = await queryClient.fetchQuery(vehicleFileQuery(row.vehicle_id));
      const recordOf = (stage: string) => file.stages.find((each) => each.stage === stage)?.record_id ?? null;
      const path = endingPath(row, {
        car_type: file.vehicle.car_type,
        release: file.vehicle.release,
        freightRecordId: recordOf('freight'),
        registryRecordId: recordOf(file.vehicle.car_type === 2 ? 'transfer' : 'plate'),
      });
      if (path) navigate(path);
    } catch {
      void message.error('车辆信息读取失败，请稍后再试');
    } finally {
      setOpening(undefined);
    }
  };

  const rowKeyOf = (row: DeadlineRow) => `${row.key}-${row.vehicle_id ?? `order-${row.order_id ?? 0}`}`;

  const { columns, filters } = listFields<DeadlineRow, DeadlineListQuery>([
    ...deadlineFields,
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 90,
      fixed: 'right',
      render: (_: unknown, row: DeadlineRow) => {
        const name = row.vin ?? row.order_no ?? '';
        const rowKey = rowKeyOf(row);
        const ending = row.key === 'receipt' || needsFacts(row.key) || endingPath(row) !== undefined;
        return (
          <RowActions>
            {ending && (
              <RowAction
                label={`${endingActionLabels[row.key]} ${name}`}
                loading={opening === rowKey}
                onClick={() => void openEnding(row, rowKey)}
              >
                {endingActionLabels[row.key]}
              </RowAction>
            )}
          </RowActions>
        );
      },
    },
  ]);

  return (
    <ListScreen<DeadlineRow, FilterValues>
      className="deadline-list-page"
      list={list}
      columns={columns}
      label="到期提醒列表"
      filterLabel="到期提醒筛选"
      filters={filters}
      toolbar={
        <>
          <ExcelExportButton request={() => exportDeadlines(list.filters)} fileBase={DEADLINE_EXPORT_FILE_NAME} />
          <RefreshButton list={list} />
        </>
      }
      emptyText={{
        empty: '没有已逾期或 7 天内到期的事项',
        filtered: '没有符合条件的到期事项，请修改筛选条件或点击“重置”',
        failed: '到期提醒加载失败，请点击“刷新”重试',
      }}
      table={{ rowKey: rowKeyOf, scroll: { x: 980 } }}
    />
  );
}
