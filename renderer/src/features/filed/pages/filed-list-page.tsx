/**
 * /filed/list (归档列表, spec part 2, section 2 "Filed list"): one card per overseas contract holding
 * vehicles in filing — its number, customer, vehicle count and state, the buttons 退税, 注销, 运费, 下载
 * (only once the contract is finished, status 6) and 详情 — with its vehicles under it, each with VIN, model
 * and the words of its tax refund, freight and deregistration. Filters: 海外合同号, 车架号 and the three
 * statuses (0 未完成, 2 已完成). 15 contracts a page; 暂无数据 when there is none.
 */
import { Link, useNavigate } from 'react-router-dom';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  canDownload,
  FILED_STATUS,
  filedLabels,
  filedMessages,
  filedStatusLabels,
  type FiledCar,
  type FiledCard,
  type FiledStage,
  type ArchiveListsQuery,
} from '../../../../../contract/filed';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { ListScreen } from '../../../components/list-screen';
import { RefreshButton } from '../../../components/list-toolbar';
import { wrapAnywhere } from '../../../components/paged-table';
import { RowAction, RowActions } from '../../../components/row-actions';
import { TimeCell } from '../../../components/time-cell';
import { usePagedList } from '../../../components/use-paged-list';
import { useLinkedFilters } from '../../../components/linked-filters';
import { VinCell } from '../../../components/vin-cell';
import { DeadlineUnderVin } from '../../../components/deadline-tag';
import { listFiledQuery } from '../api/list-filed';
import { businessInfoPath } from '../components/business-info-path';
import { FiledCarStatus } from '../components/filed-car-status';
import { DownloadContract } from '../components/download-contract';
import { filedPaths } from '../filed-format';

const statusOptions = [
  { value: FILED_STATUS.pending, label: filedStatusLabels[FILED_STATUS.pending] },
  { value: FILED_STATUS.done, label: filedStatusLabels[FILED_STATUS.done] },
];

/** The card's three filing buttons, in the spec's order, each with its form. */
const STEPS: { stage: FiledStage; label: string; path: (orderId: number) => string; none: string }[] = [
  {
    stage: 'drawback',
    label: filedLabels.drawbackButton,
    path: filedPaths.taxAdd,
    none: '该合同的车辆都已退税',
  },
  {
    stage: 'archive',
    label: filedLabels.archiveButton,
    path: filedPaths.freezeAdd,
    none: '该合同的车辆都已注销，如需修改请在“详情”中编辑注销记录',
  },
  {
    stage: 'freight',
    label: filedLabels.freightButton,
    path: filedPaths.freightAdd,
    none: '该合同的车辆都已录入运费，如需补全资料请在“详情”中编辑运费记录',
  },
];

/**
 * No vehicle of the card still lacks the record (the form's left pane, carLists, would be empty): the
 * card lists every vehicle of the contract in filing, whatever the filters.
 */
const nothingWaits = (card: FiledCard, stage: FiledStage) => card.car.every((car) => car[stage] !== 0);

const customerOf = (card: FiledCard) => card.customer_name ?? card.customer?.name ?? '—';

/** The card's body: its vehicles in filing. */
function FiledCars({ card }: { card: FiledCard }) {
  const columns: TableColumnsType<FiledCar> = [
    { key: 'index', title: '序号', width: 56, render: (_: unknown, __: FiledCar, index: number) => index + 1 },
    {
      key: 'vin',
      title: '车架号',
      dataIndex: 'vin',
      width: 210,
      // The car's most urgent filing deadline, when near, under its VIN (issue 25).
      render: (vin: string, car: FiledCar) => (
        <>
          <VinCell vin={vin} vehicleId={car.id} />
          <DeadlineUnderVin deadline={car.deadline} />
        </>
      ),
    },
    { key: 'model', title: '车型', dataIndex: 'model', onCell: wrapAnywhere, render: (model) => model || '—' },
    {
      key: 'status',
      title: '归档进度',
      width: 330,
      render: (_: unknown, car: FiledCar) => <FiledCarStatus car={car} />,
    },
    {
      key: 'info',
      title: '操作',
      width: 84,
      render: (_: unknown, car: FiledCar) => (
        <Link to={businessInfoPath(card.id, car.id)} aria-label={`业务信息 ${car.vin}`}>
          业务信息
        </Link>
      ),
    },
  ];
  return (
    <Table<FiledCar>
      className="filed-cars"
      aria-label={`海外合同 ${card.order_no} 的车辆`}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={card.car}
      pagination={false}
      locale={{ emptyText: '该合同没有在归档环节的车辆' }}
    />
  );
}

const statusFilter = (key: 'drawback' | 'archive' | 'freight') =>
  ({ kind: 'select', key, label: filedLabels[key], width: 100, options: statusOptions }) as const;

/**
 * A card's columns, with the filters of the bar: the VIN and the three statuses speak of the card's vehicles
 * (shown under it), so they are filters only.
 */
const filedFields: FieldDescription<FiledCard, ArchiveListsQuery>[] = [
  {
    key: 'order_no',
    title: '海外合同号',
    dataIndex: 'order_no',
    width: 170,
    onCell: wrapAnywhere,
    // The card's title: the vehicles under it name no contract.
    render: (orderNo: string) => <Typography.Text strong>{orderNo}</Typography.Text>,
    filter: { kind: 'text', key: 'order_no', label: filedLabels.order_no, maxLength: 50, width: 200 },
  },
  { key: 'vin', title: filedLabels.vin, hideInTable: true, filter: { kind: 'vin', key: 'vin' } },
  { key: 'drawback', title: filedLabels.drawback, hideInTable: true, filter: statusFilter('drawback') },
  { key: 'archive', title: filedLabels.archive, hideInTable: true, filter: statusFilter('archive') },
  { key: 'freight', title: filedLabels.freight, hideInTable: true, filter: statusFilter('freight') },
  { key: 'customer', title: filedLabels.customer, onCell: wrapAnywhere, render: (_, card) => customerOf(card) },
  {
    key: 'count',
    title: filedLabels.count,
    width: 80,
    align: 'right',
    render: (_: unknown, card: FiledCard) => (
      <div>
        <div>{card.car_count} 台</div>
        {card.amount > card.car_count ? (
          // The contract ordered more than are in filing yet (some still on their way, or never listed).
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            订购 {card.amount} 台
          </Typography.Text>
        ) : null}
      </div>
    ),
  },
  {
    key: 'state',
    title: '归档状态',
    width: 92,
    render: (_: unknown, card: FiledCard) =>
      canDownload(card) ? <Tag color="success">已完成</Tag> : <Tag color="processing">归档中</Tag>,
  },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 92,
    render: (value: string) => <TimeCell value={value} />,
  },
];

export function FiledListPage() {
  const navigate = useNavigate();
  // The dashboard's waiting work links here with one status set (`?drawback=0`).
  const list = usePagedList(listFiledQuery, { initialFilters: useLinkedFilters(['drawback', 'archive', 'freight']) });

  const { columns, filters } = listFields<FiledCard, ArchiveListsQuery>([
    ...filedFields,
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      // Five actions and 下载's spinner while it runs on one line (at 250 px 详情 wrapped under them).
      width: 290,
      fixed: 'right',
      render: (_: unknown, card: FiledCard) => (
        <RowActions>
          {STEPS.map((step) => {
            const none = nothingWaits(card, step.stage);
            return (
              <RowAction
                key={step.stage}
                label={`海外合同 ${card.order_no} ${step.label}`}
                disabled={none}
                title={none ? step.none : undefined}
                onClick={() => navigate(step.path(card.id))}
              >
                {step.label}
              </RowAction>
            );
          })}
          {canDownload(card) ? <DownloadContract orderId={card.id} orderNo={card.order_no} /> : null}
          <RowAction label={`海外合同 ${card.order_no} 详情`} onClick={() => navigate(filedPaths.detail(card.id))}>
            {filedLabels.detailButton}
          </RowAction>
        </RowActions>
      ),
    },
  ]);

  const rows = list.rows ?? [];
  return (
    <ListScreen<FiledCard, FilterValues>
      className="filed-list-page"
      list={list}
      columns={columns}
      label="归档列表"
      filterLabel="归档筛选"
      filters={filters}
      toolbar={<RefreshButton list={list} />}
      emptyText={{
        empty: filedMessages.empty,
        filtered: `${filedMessages.empty}：没有符合条件的合同，请修改筛选条件或点击“重置”`,
        failed: '归档列表加载失败，请点击“刷新”重试',
      }}
      table={{
        // Each contract is a card: its head row, its vehicles always shown under it.
        expandable: {
          expandedRowRender: (card) => <FiledCars card={card} />,
          expandedRowKeys: rows.map((card) => card.id),
          showExpandColumn: false,
        },
        scroll: { x: 1000 },
      }}
    />
  );
}
