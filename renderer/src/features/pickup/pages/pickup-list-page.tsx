import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, DatePicker, Form, Input, Select, Tag, Typography } from 'antd';
import { ExportOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  PICKUP_EXPORT_FILE_NAME,
  pickupMessages,
  pickupTextLimits,
  RELEASE_STATUS,
  releaseStatusLabel,
  releaseStatusLabels,
  type PickupListItem,
} from '../../../../../contract/pickup';
import { flowLabels, stageMessages } from '../../../../../contract/stage';
import type { DateRangeKeys, FilterValues } from '../../../components/filter-bar';
import { ListScreen } from '../../../components/list-screen';
import { AddButton, ExcelExportButton, RefreshButton } from '../../../components/list-toolbar';
import { wrapAnywhere, type PagedTableColumn } from '../../../components/paged-table';
import { RowAction, RowActions } from '../../../components/row-actions';
import { TimeCell } from '../../../components/time-cell';
import { usePagedList } from '../../../components/use-paged-list';
import { useLinkedFilters } from '../../../components/linked-filters';
import { VinCell } from '../../../components/vin-cell';
import { VinFilterField } from '../../../components/vin-filter-field';
import { exportPickups } from '../api/export-pickups';
import { handOverEntries, skipEntry } from '../api/hand-over-entries';
import { listPickupsQuery, pickupsQueryKey } from '../api/list-pickups';
import { ChosenVehiclesNote, useChosenRows } from '../../../components/chosen-rows';
import { handOverFailureText, useContractHandOver, useHandOverResult } from '../../../components/hand-over-result';
import { pickupPaths, releasePaths } from '../pickup-format';
import { queryKeys } from '../../../api/query-keys';

/** The two day ranges, each under the spec's own query keys. */
const DATE_RANGE_KEYS: DateRangeKeys = { entry: ['entry_s', 'entry_e'], release: ['release_s', 'release_e'] };
const RANGE_WIDTH = 236;

/** Why a hand-over moved nothing when the server named no vehicle. */
const NOTHING_CHECKED_IN = '所选车辆的采购合同中没有还在入库环节的车辆';
const NOT_WAITING = '该车辆已不在入库环节';

/** 已出库 once a release pass names the vehicle (procedure.release 1 or 2). */
const released = (row: PickupListItem) => row.procedure.release > 0;
const checkIn = (row: PickupListItem) => row.entry[0];
const releasePass = (row: PickupListItem) => row.release[0];
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

  const columns: PagedTableColumn<PickupListItem>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 56 },
    { key: 'vin', title: '车架号', dataIndex: 'vin', width: 184, render: (vin: string) => <VinCell vin={vin} /> },
    {
      key: 'dl_name',
      title: '代理人',
      width: 120,
      onCell: wrapAnywhere,
      render: (_: unknown, row: PickupListItem) => checkIn(row)?.dl_name || '—',
    },
    {
      key: 'purchase_no',
      title: '采购合同号',
      dataIndex: 'purchase_no',
      width: 156,
      onCell: wrapAnywhere,
      render: (value: string | null) => value ?? '—',
    },
    {
      key: 'status',
      title: '状态',
      width: 84,
      render: (_: unknown, row: PickupListItem) => (
        <div>
          <Tag color={released(row) ? 'success' : 'warning'} style={{ marginInlineEnd: 0 }}>
            {releaseStatusLabel(row.procedure.release)}
          </Tag>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            在{flowLabels[row.flow]}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'entry_time',
      title: '入库时间',
      width: 92,
      render: (_: unknown, row: PickupListItem) =>
        checkIn(row) ? (
          <TimeCell value={checkIn(row)!.created_at} />
        ) : (
          <Typography.Text type="secondary">未入库</Typography.Text>
        ),
    },
    {
      key: 'release_time',
      title: '出库时间',
      width: 92,
      render: (_: unknown, row: PickupListItem) =>
        releasePass(row) ? <TimeCell value={releasePass(row)!.created_at} /> : '—',
    },
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
  ];

  return (
    <ListScreen<PickupListItem, FilterValues>
      className="pickup-list-page"
      list={list}
      columns={columns}
      label="入库出库列表"
      filterLabel="入库出库筛选"
      dateRangeKeys={DATE_RANGE_KEYS}
      filters={
        <>
          <Form.Item label="代理人" name="dl_name">
            <Input placeholder="请输入代理人" allowClear maxLength={pickupTextLimits.dl_name} style={{ width: 150 }} />
          </Form.Item>
          <VinFilterField />
          <Form.Item label="状态" name="release_status">
            <Select
              placeholder="全部"
              allowClear
              style={{ width: 110 }}
              options={[
                { value: RELEASE_STATUS.waiting, label: releaseStatusLabels[0] },
                { value: RELEASE_STATUS.released, label: releaseStatusLabels[2] },
              ]}
            />
          </Form.Item>
          <Form.Item label="入库时间" name="entry">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: RANGE_WIDTH }} />
          </Form.Item>
          <Form.Item label="出库时间" name="release">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: RANGE_WIDTH }} />
          </Form.Item>
        </>
      }
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
