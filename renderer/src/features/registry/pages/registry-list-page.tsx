import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Tabs, Tag, Typography } from 'antd';
import { ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  presentFromRate,
  REGISTRY_TABS,
  registryMessages,
  registryTabLabels,
  tabStage,
  type RegistryListItem,
  type RegistryListQuery,
  type RegistryTab,
} from '../../../../../contract/registry';
import { type HandOverAnswer, stageTagColor } from '../../../../../contract/stage';
import { DeadlineUnderVin } from '../../../components/deadline-tag';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { ListScreen } from '../../../components/list-screen';
import { AddButton, RefreshButton } from '../../../components/list-toolbar';
import { wrapAnywhere } from '../../../components/paged-table';
import { RowAction, RowActions } from '../../../components/row-actions';
import { stageSlots } from '../../../components/stage-documents';
import { formatTime } from '../../../components/format-time';
import { usePagedList } from '../../../components/use-paged-list';
import { VinCell } from '../../../components/vin-cell';
import { ChosenVehiclesNote, useChosenRows } from '../../../components/chosen-rows';
import { useContractHandOver } from '../../../components/hand-over-result';
import { handOverRegistry } from '../api/hand-over-registry';
import { listRegistryQuery, registryQueryKey } from '../api/list-registry';
import { orderHandOverTexts, useRegistryOrderHandOver } from '../components/order-hand-over';
import { registryScreens } from '../registry-format';
import { queryKeys } from '../../../api/query-keys';

const tabOf = (text: string | null): RegistryTab => (text === '2' ? REGISTRY_TABS.transfer : REGISTRY_TABS.plate);

/** The row's record of the tab's stage (at most one per vehicle). */
const recordOf = (tab: RegistryTab, row: RegistryListItem) => (tab === 1 ? row.plate[0] : row.transfer[0]);
const valueOf = (tab: RegistryTab, row: RegistryListItem) => row.procedure[tabStage[tab]];

/** The document count of a row, as n/8 or n/5, in the colour of its stage value. */
function RateTag({ tab, row }: { tab: RegistryTab; row: RegistryListItem }) {
  const stage = tabStage[tab];
  const record = recordOf(tab, row);
  if (!record) {
    return (
      <Tag color="default" style={{ marginInlineEnd: 0 }}>
        {registryScreens[stage].none}
      </Tag>
    );
  }
  const of = stageSlots(stage).documents.length;
  return (
    <Tag
      color={stageTagColor(valueOf(tab, row))}
      style={{ marginInlineEnd: 0 }}
      aria-label={`${registryScreens[stage].noun}资料`}
    >
      {presentFromRate(stage, record.rate)}/{of}
    </Tag>
  );
}

/** A vehicle's own columns, the same on both tabs; 车架号 is the bar's only filter. */
const registryFields: FieldDescription<RegistryListItem, RegistryListQuery>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 64 },
  {
    key: 'vin',
    title: '车架号',
    dataIndex: 'vin',
    width: 196,
    // The car's 上牌/过户 or 临时牌照到期 deadline, when near, under its VIN (issue 25).
    render: (vin: string, row: RegistryListItem) => (
      <>
        <VinCell vin={vin} vehicleId={row.id} />
        <DeadlineUnderVin deadline={row.deadline} />
      </>
    ),
    filter: { kind: 'vin', key: 'vin' },
  },
  {
    key: 'model',
    title: '车型',
    dataIndex: 'model',
    width: 150,
    onCell: wrapAnywhere,
    render: (value: string | null) => value || '—',
  },
  {
    key: 'purchase_no',
    title: '采购合同',
    dataIndex: 'purchase_no',
    width: 140,
    onCell: wrapAnywhere,
    render: (value: string | null) => value ?? '—',
  },
];

/**
 * /dmv/list: the registry list (spec part 2, section 2), 待上牌 new cars and 待过户 used cars still in the
 * registry. A row's 移交出口 hands its purchase contract on; 按海外合同移交 every purchase contract of its
 * overseas contract, both tabs at once.
 */
export function RegistryListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const stage = tabStage[tab];
  const screens = registryScreens[stage];
  const list = usePagedList((filters: FilterValues, page: number) => listRegistryQuery(tab, filters, page));
  // Chosen rows stay chosen across pages (a hand-over may name contracts of several pages).
  const chosen = useChosenRows<RegistryListItem>();
  const { clear: clearChosen } = chosen;
  const selectedRows = chosen.rows;

  const showTab = useCallback(
    (next: RegistryTab) => {
      clearChosen();
      setSearch(next === REGISTRY_TABS.plate ? {} : { tab: String(next) }, { replace: true });
      list.goToPage(1);
    },
    [clearChosen, list, setSearch],
  );

  /** After a hand-over: the chosen rows forgotten, the lists read again, the transfer tab shown (the spec). */
  const afterHandOver = (answer: HandOverAnswer) => {
    refreshAfterHandOver();
    if (answer.moved > 0 && tab !== REGISTRY_TABS.transfer) showTab(REGISTRY_TABS.transfer);
  };
  const refreshAfterHandOver = () => {
    chosen.clear();
    void queryClient.invalidateQueries({ queryKey: registryQueryKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.carSearch });
  };

  /** 移交出口: the purchase contracts' plated or transferred vehicles go to release and export. */
  const handOver = useContractHandOver({
    title: '移交出口',
    question: (count) => `是否确定将以下 ${count} 份采购合同中已上牌或已过户的车辆移交出库报关？`,
    note: '没有上牌或过户记录的车辆会留在车管列表，并说明原因。',
    empty: registryMessages.handOverEmpty,
    failed: registryMessages.handOverFailed,
    texts: { done: registryMessages.handOverDone, nothingDetail: registryMessages.handOverNothingDetail },
    send: handOverRegistry,
    onAnswer: afterHandOver,
  });
  /** 按海外合同移交: every purchase contract of the row's overseas contract, both tabs at once. */
  // The clerk stays on the tab: the contract's cars left both tabs, so the spec's switch to 待过户 shows nothing
  // the clerk asked for.
  const handOverOrder = useRegistryOrderHandOver(refreshAfterHandOver);

  // The tab's stage decides the status, the time and the actions; the vehicle's own fields do not change.
  const { columns, filters } = listFields<RegistryListItem, RegistryListQuery>([
    ...registryFields,
    {
      key: 'status',
      title: '状态',
      width: 96,
      render: (_: unknown, row: RegistryListItem) => <RateTag tab={tab} row={row} />,
    },
    {
      key: 'time',
      title: `${screens.noun}时间`,
      width: 160,
      render: (_: unknown, row: RegistryListItem) => {
        const record = recordOf(tab, row);
        // The list has the room: the moment on one line keeps the rows as low as the others.
        return record ? (
          <span style={{ whiteSpace: 'nowrap' }}>{formatTime(record.created_at)}</span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        );
      },
    },
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 196,
      fixed: 'right',
      render: (_: unknown, row: RegistryListItem) => {
        const record = recordOf(tab, row);
        return (
          <RowActions>
            {record ? (
              <RowAction label={`编辑${screens.noun} ${row.vin}`} onClick={() => navigate(screens.edit(record.id))}>
                编辑{screens.noun}
              </RowAction>
            ) : (
              <RowAction
                label={`新增${screens.noun} ${row.vin}`}
                onClick={() => navigate(screens.addFor(row.order_id, row.purchase_id, row.id))}
              >
                新增{screens.noun}
              </RowAction>
            )}
            {record && (
              <RowAction
                label={`${screens.noun}详情 ${row.vin}`}
                onClick={() => navigate(screens.info(row.order_id, row.purchase_id, record.id))}
              >
                详情
              </RowAction>
            )}
            {row.purchase_id !== null && (
              <RowAction label={`移交出口 ${row.purchase_no ?? ''}`} onClick={() => handOver([row])}>
                移交出口
              </RowAction>
            )}
            {row.order_id !== null && row.order_no !== null && (
              <RowAction
                label={`${orderHandOverTexts.action} ${row.order_no}`}
                title={`移交海外合同 ${row.order_no} 的全部采购合同（新车和二手车）`}
                onClick={() => handOverOrder({ id: row.order_id as number, order_no: row.order_no as string })}
              >
                {orderHandOverTexts.action}
              </RowAction>
            )}
          </RowActions>
        );
      },
    },
  ]);

  return (
    <ListScreen<RegistryListItem, FilterValues>
      className="registry-list-page"
      list={list}
      columns={columns}
      label="车管列表"
      filterLabel="车管筛选"
      filters={filters}
      toolbar={
        <>
          <AddButton onClick={() => navigate(registryScreens.plate.add)}>新增上牌</AddButton>
          <Button icon={<PlusOutlined />} onClick={() => navigate(registryScreens.transfer.add)}>
            新增过户
          </Button>
          <Button
            icon={<ExportOutlined />}
            disabled={selectedRows.length === 0}
            onClick={() => handOver(selectedRows)}
            title={selectedRows.length === 0 ? '请先勾选车辆' : undefined}
          >
            移交出口
          </Button>
          <RefreshButton list={list} />
        </>
      }
      toolbarEnd={<ChosenVehiclesNote count={selectedRows.length} onClear={chosen.clear} />}
      aboveTable={
        <Tabs
          activeKey={String(tab)}
          onChange={(key) => showTab(tabOf(key))}
          items={[REGISTRY_TABS.plate, REGISTRY_TABS.transfer].map((key) => ({
            key: String(key),
            label: registryTabLabels[key],
          }))}
          style={{ marginBottom: 0 }}
        />
      }
      emptyText={{
        empty:
          tab === REGISTRY_TABS.plate
            ? '暂无待上牌的新车：新车采购合同的车辆入库后“移交车管”（或免入库），会出现在这里'
            : '暂无待过户的二手车：二手车采购合同的车辆入库后“移交车管”（或免入库），会出现在这里',
        filtered: '没有符合条件的车辆，请修改车架号或点击“重置”',
        failed: '车管列表加载失败，请点击“刷新”重试',
      }}
      table={{
        rowSelection: {
          selectedRowKeys: chosen.keys,
          preserveSelectedRowKeys: true,
          onChange: chosen.choose,
          columnWidth: 36,
          getCheckboxProps: (row: RegistryListItem) => ({ 'aria-label': `选择 ${row.vin}` }),
        },
        scroll: { x: 1090 },
      }}
    />
  );
}
