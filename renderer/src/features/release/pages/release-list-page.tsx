import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Space, Tag, theme, Typography } from 'antd';
import { ExportOutlined, FileAddOutlined, FolderOpenOutlined } from '@ant-design/icons';
import {
  NOT_LINKED,
  RELEASE_LIST_FILE_NAME,
  RELEASE_LIST_TEXT_MAX,
  type ReleaseListCar,
  type ReleaseListCode,
  type ReleaseListGroup,
  type ReleaseListQuery,
  releaseListCodeLabels,
  releaseListMessages,
} from '../../../../../contract/release-exports';
import { fieldValue, listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { formatDate } from '../../../components/format-time';
import { ListScreen } from '../../../components/list-screen';
import { AddButton, ExcelExportButton, RefreshButton } from '../../../components/list-toolbar';
import { wrapAnywhere } from '../../../components/paged-table';
import { RowAction, RowActions } from '../../../components/row-actions';
import { usePagedList } from '../../../components/use-paged-list';
import { VinCell } from '../../../components/vin-cell';
import { DeadlineUnderVin } from '../../../components/deadline-tag';
import { exportReleaseList, releaseListQuery } from '../api/release-list';
import { useReleaseHandOver, useReleaseListRefresh } from '../components/release-hand-over';
import { releaseListPaths } from '../release-list-paths';

/** The code's tag colour: grey while nothing is done, amber half way, green once both records exist. */
const codeColor: Record<ReleaseListCode, string> = { 6: 'default', 7: 'processing', 8: 'warning', 9: 'success' };

export function ReleaseCodeTag({ code }: { code: ReleaseListCode }) {
  return (
    <Tag color={codeColor[code]} style={{ marginInlineEnd: 0 }}>
      {releaseListCodeLabels[code]}
    </Tag>
  );
}

const contractOf = (group: ReleaseListGroup) => group.order_no ?? NOT_LINKED;

/**
 * A group's vehicles, each with its code and links: a plain table inside the group's expanded row (an
 * antd Table nested in another's expanded row never settled in the test DOM, re-measuring itself).
 */
function GroupCars({ group }: { group: ReleaseListGroup }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const cell = {
    padding: '6px 8px',
    textAlign: 'left' as const,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    overflowWrap: 'anywhere' as const,
    verticalAlign: 'middle' as const,
  };
  const head = { ...cell, background: token.colorFillAlter, fontWeight: 500 };
  const columns: FieldDescription<ReleaseListCar>[] = [
    {
      key: 'vin',
      title: '车架号',
      width: 200,
      // The car's 出口报关 or 临时牌照到期 deadline, when near, under its VIN (issue 25).
      render: (_: unknown, car: ReleaseListCar) => (
        <>
          <VinCell vin={car.vin} vehicleId={car.id} />
          <DeadlineUnderVin deadline={car.deadline} />
        </>
      ),
    },
    { key: 'model', title: '车型', render: (_: unknown, car: ReleaseListCar) => car.model || '—' },
    {
      key: 'purchase_no',
      title: '采购合同号',
      width: 150,
      render: (_: unknown, car: ReleaseListCar) => car.purchase_no ?? '—',
    },
    {
      key: 'rate',
      title: '出口资料',
      width: 84,
      render: (_: unknown, car: ReleaseListCar) =>
        car.rate === null ? <Typography.Text type="secondary">未报关</Typography.Text> : `${car.rate}%`,
    },
    {
      key: 'exports_date',
      title: '出口日期',
      width: 100,
      render: (_: unknown, car: ReleaseListCar) => (car.exports_date ? formatDate(car.exports_date) : '—'),
    },
    {
      key: 'status',
      title: '状态',
      width: 120,
      render: (_: unknown, car: ReleaseListCar) => <ReleaseCodeTag code={car.status} />,
    },
    {
      key: 'actions',
      title: '操作',
      // 编辑出口 and 放行详情 side by side: at 150 px they wrapped and the declared vehicles' rows grew.
      width: 170,
      render: (_: unknown, car: ReleaseListCar) => {
        // 放行详情 first: every vehicle has it, so the links line up down the column.
        const links = [
          car.purchase_id === null
            ? null
            : { text: '放行详情', path: releaseListPaths.info(group.order_id, car.purchase_id) },
          car.exports_id === null
            ? null
            : { text: '编辑出口', path: releaseListPaths.exportsEdit(group.order_id, car.exports_id) },
        ];
        return (
          <RowActions>
            {links.map((link) =>
              link ? (
                <RowAction key={link.text} label={`${link.text} ${car.vin}`} onClick={() => navigate(link.path)}>
                  {link.text}
                </RowAction>
              ) : null,
            )}
          </RowActions>
        );
      },
    },
  ];
  return (
    <table
      aria-label={`${contractOf(group)} 的车辆`}
      className="release-list-cars"
      style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', background: token.colorBgContainer }}
    >
      <colgroup>
        {columns.map((column) => (
          <col key={column.key} style={column.width ? { width: column.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} style={head}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {group.car.map((car) => (
          <tr key={car.id}>
            {columns.map((column) => (
              <td key={column.key} style={cell}>
                {fieldValue(column, car)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The groups' columns, with the filters of the bar (车架号 a filter only); 采购合同 and 操作 open screens. */
const releaseListFields: FieldDescription<ReleaseListGroup, ReleaseListQuery>[] = [
  {
    key: 'order_no',
    title: '海外合同号',
    width: 170,
    onCell: wrapAnywhere,
    render: (_: unknown, group) => group.order_no ?? <Typography.Text type="secondary">{NOT_LINKED}</Typography.Text>,
    filter: { kind: 'text', key: 'order_no', maxLength: RELEASE_LIST_TEXT_MAX, width: 180 },
  },
  { key: 'vin', title: '车架号', hideInTable: true, filter: { kind: 'vin', key: 'vin' } },
  {
    key: 'customer',
    title: '客户',
    onCell: wrapAnywhere,
    render: (_: unknown, group) =>
      group.customer_name ?? <Typography.Text type="secondary">{NOT_LINKED}</Typography.Text>,
  },
  {
    key: 'amount',
    title: '采购数量',
    width: 140,
    render: (_: unknown, group) => (
      <span>
        {group.amount ?? group.car.length} 台
        <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
          待移交 {group.car.length} 台
        </Typography.Text>
      </span>
    ),
  },
];

/**
 * /release/list (spec part 2, section 2, "Release list"): the vehicles waiting in the release flow,
 * grouped by overseas contract (未关联 where none), each group with its customer, its contract's
 * vehicle count, its purchase contracts' 放行详情, 车辆放行 (the release pass form with its vehicles still
 * without a pass chosen, one pass per purchase contract), 新增出口 (the declaration form with the contract and
 * its undeclared vehicles chosen) and 移交归档; each vehicle with its model, export
 * document rate, export date, code 6 to 9 and 编辑出口 where a declaration holds it. 15 groups a page.
 */
export function ReleaseListPage() {
  const navigate = useNavigate();
  const list = usePagedList(releaseListQuery);
  const refresh = useReleaseListRefresh();
  const handOver = useReleaseHandOver(refresh);
  // One array per page of rows: the table keeps its expanded keys in step with this prop, and a new
  // array on every render would make it render again without end.
  const expandedKeys = useMemo(() => (list.rows ?? []).map((group) => group.id), [list.rows]);

  const { columns, filters } = listFields<ReleaseListGroup, ReleaseListQuery>([
    ...releaseListFields,
    {
      key: 'purchases',
      title: '采购合同 / 放行详情',
      width: 300,
      render: (_: unknown, group) => (
        <Space size={[4, 4]} wrap>
          {group.purchases.map((purchase) => (
            <Typography.Link
              key={purchase.purchase_id}
              aria-label={`放行详情 ${purchase.purchase_no}`}
              onClick={() => navigate(releaseListPaths.info(group.order_id, purchase.purchase_id))}
            >
              {purchase.purchase_no}
            </Typography.Link>
          ))}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      // Three small buttons side by side: 车辆放行, 新增出口, 移交归档.
      width: 332,
      fixed: 'right',
      render: (_: unknown, group) => {
        // The vehicles the registry handed over still without a pass: one add lets them all out.
        const unreleased = group.car.filter((car) => car.release_id === null).map((car) => car.id);
        // 新增出口 opens the declaration with the contract and its undeclared vehicles chosen; a group of no
        // overseas contract (未关联) cannot be declared.
        const undeclared = group.car.filter((car) => car.exports_id === null).length;
        const orderId = group.order_id;
        return (
          <Space size={8}>
            <Button
              size="small"
              icon={<ExportOutlined />}
              aria-label={`车辆放行 ${contractOf(group)}`}
              disabled={unreleased.length === 0}
              title={
                unreleased.length === 0 ? '该合同的车辆都已放行' : `为 ${unreleased.length} 台未放行车辆新增放行条`
              }
              onClick={() => navigate(releaseListPaths.passAddFor(unreleased))}
            >
              车辆放行
            </Button>
            {orderId !== null && (
              <Button
                size="small"
                icon={<FileAddOutlined />}
                aria-label={`新增出口 ${contractOf(group)}`}
                disabled={undeclared === 0}
                title={undeclared === 0 ? '该合同的车辆都已出口报关' : `为 ${undeclared} 台待报关车辆新增出口报关`}
                onClick={() => navigate(releaseListPaths.exportsAddFor(orderId))}
              >
                新增出口
              </Button>
            )}
            <Button
              size="small"
              icon={<FolderOpenOutlined />}
              aria-label={`移交归档 ${contractOf(group)}`}
              onClick={() => handOver(group.purchases)}
            >
              移交归档
            </Button>
          </Space>
        );
      },
    },
  ]);

  return (
    <ListScreen<ReleaseListGroup, FilterValues>
      className="release-list-page"
      list={list}
      columns={columns}
      label="出口放行列表"
      filterLabel="出口放行筛选"
      filters={filters}
      toolbar={
        <>
          <AddButton onClick={() => navigate(releaseListPaths.exportsAdd)}>新增出口报关</AddButton>
          <ExcelExportButton request={() => exportReleaseList(list.filters)} fileBase={RELEASE_LIST_FILE_NAME} />
          <RefreshButton list={list} />
        </>
      }
      emptyText={{
        empty: releaseListMessages.empty,
        filtered: '没有符合条件的车辆，请修改筛选条件或点击“重置”',
        failed: '出口放行列表加载失败，请点击“刷新”重试',
      }}
      table={{
        // Every group open: the list is read as contracts with their vehicles under them.
        expandable: {
          expandedRowKeys: expandedKeys,
          expandedRowRender: (group) => <GroupCars group={group} />,
          showExpandColumn: false,
        },
        scroll: { x: 1000 },
      }}
    />
  );
}
