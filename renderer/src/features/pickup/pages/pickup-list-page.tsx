import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Typography } from 'antd';
import { ExportOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  PICKUP_EXPORT_FILE_NAME,
  pickupMessages,
  type PickupListItem,
  type PickupListQuery,
} from '../../../../../contract/pickup';
import { stageMessages } from '../../../../../contract/stage';
import { listFields } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { ListScreen } from '../../../components/list-screen';
import { AddButton, ExcelExportButton, RefreshButton } from '../../../components/list-toolbar';
import { RowAction, RowActions } from '../../../components/row-actions';
import { usePagedList } from '../../../components/use-paged-list';
import { useLinkedFilters } from '../../../components/linked-filters';
import { exportPickups } from '../api/export-pickups';
import { handOverEntries, skipEntry } from '../api/hand-over-entries';
import { listPickupsQuery, pickupsQueryKey } from '../api/list-pickups';
import { ChosenVehiclesNote, useChosenRows } from '../../../components/chosen-rows';
import { handOverFailureText, useContractHandOver, useHandOverResult } from '../../../components/hand-over-result';
import { checkIn, pickupFields, released, releasePass } from '../pickup-fields';
import { pickupPaths, releasePaths } from '../pickup-format';
import { queryKeys } from '../../../api/query-keys';

/** Why a hand-over moved nothing when the server named no vehicle. */
const NOTHING_CHECKED_IN = '所选车辆的采购合同中没有还在入库环节的车辆';
const NOT_WAITING = '该车辆已不在入库环节';

/** 免入库 only while the vehicle waits at the yard without a check-in (the server would move it otherwise). */
const maySkipEntry = (row: PickupListItem) => row.flow === 'pickup' && row.entry.length === 0;

export function PickupListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  // The dashboard's 待出库 links here with the status set (`?release_status=0`).
  const list = usePagedList(listPickupsQuery, { initialFilters: useLinkedFilters(['release_status']) });
  // Chosen rows stay chosen across pages (a hand-over may name vehicles of several pages).
  const chosen = useChosenRows<PickupListItem>();
  const selectedRows = chosen.rows;

  const refreshAll = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: pickupsQueryKey });
    // The VIN suggestions of the check-in and release forms follow where the vehicles went.
    void queryClient.invalidateQueries({ queryKey: queryKeys.carSearch });
  }, [queryClient]);

  const showHandOver = useHandOverResult();

  /** 移交车管: the chosen vehicles' purchase contracts hand their checked-in vehicles to the registry. */
  const handOverContracts = useContractHandOver({
    title: '移交车管',
    question: (count) => `是否确定将以下 ${count} 份采购合同中已入库的车辆移交车管？`,
    note: '没有入库记录的车辆会留在入库列表，并说明原因。',
    empty: pickupMessages.handOverEmpty,
    failed: pickupMessages.handOverFailed,
    texts: { done: pickupMessages.handOverDone, nothingDetail: NOTHING_CHECKED_IN },
    send: handOverEntries,
    onAnswer: () => {
      chosen.clear();
      refreshAll();
    },
  });
  const handOver = () => handOverContracts(selectedRows);

  const letPass = () => {
    if (selectedRows.length === 0) return void navigate(releasePaths.add);
    if (selectedRows.some(released)) return void message.warning(stageMessages.alreadyRecorded('', 'release'), 3);
    navigate(releasePaths.addFor(selectedRows.map((row) => row.id)));
  };

  const confirmSkip = (row: PickupListItem) =>
    modal.confirm({
      title: '免入库',
      content: `车辆 ${row.vin} 不需要入库，直接移交车管？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await skipEntry({ carId: row.id });
          refreshAll();
          showHandOver(answer, { done: pickupMessages.noEntryDone, nothingDetail: NOT_WAITING });
        } catch (error) {
          void message.error(handOverFailureText(pickupMessages.noEntryFailed, error));
        }
      },
    });

  const { columns, filters, dateRangeKeys } = listFields<PickupListItem, PickupListQuery>([
    ...pickupFields,
    {
      key: 'release_data',
      title: '出库资料',
      width: 84,
      render: (_: unknown, row: PickupListItem) => {
        const pass = releasePass(row);
        if (!pass) return <Typography.Text type="secondary">无</Typography.Text>;
        return (
          <Typography.Link
            aria-label={`车辆 ${row.vin} 的放行条 ${pass.id}`}
            onClick={() => navigate(releasePaths.edit(pass.id))}
          >
            放行条 #{pass.id}
          </Typography.Link>
        );
      },
    },
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: PickupListItem) => {
        const entry = checkIn(row);
        const pass = releasePass(row);
        return (
          <RowActions>
            {entry ? (
              <RowAction label={`编辑入库 ${row.vin}`} onClick={() => navigate(pickupPaths.edit(entry.id))}>
                编辑入库
              </RowAction>
            ) : (
              <RowAction label={`入库 ${row.vin}`} onClick={() => navigate(pickupPaths.addFor(row.vin))}>
                入库
              </RowAction>
            )}
            {!entry && maySkipEntry(row) && (
              <RowAction label={`免入库 ${row.vin}`} onClick={() => confirmSkip(row)}>
                免入库
              </RowAction>
            )}
            {released(row) && pass && (
              <RowAction label={`编辑出库 ${row.vin}`} onClick={() => navigate(releasePaths.edit(pass.id))}>
                编辑出库
              </RowAction>
            )}
            {entry && (
              <RowAction
                label={`入库详情 ${row.vin}`}
                onClick={() => navigate(pickupPaths.info(row.order_id, row.purchase_id, entry.id))}
              >
                详情
              </RowAction>
            )}
          </RowActions>
        );
      },
    },
  ]);

  return (
    <ListScreen<PickupListItem, FilterValues>
      className="pickup-list-page"
      list={list}
      columns={columns}
      label="入库出库列表"
      filterLabel="入库出库筛选"
      dateRangeKeys={dateRangeKeys}
      filters={filters}
      toolbar={
        <>
          <AddButton onClick={() => navigate(pickupPaths.add)}>车辆入库</AddButton>
          <Button icon={<ExportOutlined />} onClick={letPass}>
            车辆放行
          </Button>
          <Button icon={<SwapOutlined />} onClick={handOver}>
            移交车管
          </Button>
          <ExcelExportButton request={() => exportPickups(list.filters)} fileBase={PICKUP_EXPORT_FILE_NAME} />
          <RefreshButton list={list} />
        </>
      }
      toolbarEnd={<ChosenVehiclesNote count={selectedRows.length} onClear={chosen.clear} />}
      emptyText={{
        empty: '暂无待入库的车辆：采购合同“移交入库”后，车辆会出现在这里',
        filtered: '没有符合条件的车辆，请修改筛选条件或点击“重置”',
        failed: '入库列表加载失败，请点击“刷新”重试',
      }}
      table={{
        rowSelection: {
          selectedRowKeys: chosen.keys,
          preserveSelectedRowKeys: true,
          onChange: chosen.choose,
          columnWidth: 36,
        },
        scroll: { x: 1050 },
      }}
    />
  );
}
