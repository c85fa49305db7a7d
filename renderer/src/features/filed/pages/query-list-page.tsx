import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Form, Space, Tag, Typography } from 'antd';
import { BarChartOutlined, FileExcelOutlined } from '@ant-design/icons';
import {
  PROCEDURE_STAGE_FILTERS,
  type ProcedureListItem,
  type ProcedureListQuery,
  type ProcedureStageFilter,
  procedureTextLimits,
  purchaseTypeWords,
} from '../../../../../contract/filed-query-list';
import { REPORT_SHEET_NAME, reportMessages } from '../../../../../contract/filed-period-report';
import { STAGES, stageTable, stageTagColor } from '../../../../../contract/stage';
import { ExportButton } from '../../../components/export-button';
import { listFields, type FieldDescription } from '../../../components/field-description';
import { dateRangeFilter, type DateRangeValue, type FilterValues } from '../../../components/filter-bar';
import { ListScreen } from '../../../components/list-screen';
import { RefreshButton } from '../../../components/list-toolbar';
import { wrapAnywhere } from '../../../components/paged-table';
import { RowAction, RowActions } from '../../../components/row-actions';
import { TimeCell } from '../../../components/time-cell';
import { usePagedList } from '../../../components/use-paged-list';
import { VinCell } from '../../../components/vin-cell';
import { exportReport, type ReportPeriod } from '../api/period-report';
import { listProceduresQuery } from '../api/query-list';
import { PeriodReportDialog } from '../components/period-report-dialog';
import { businessInfoPath } from '../components/business-info-path';

/** The filter field of the day range: the list's `start_time`/`end_time`, and the report's period. */
const RANGE_FIELD = 'created';

/** What a stage value means, on the tag's hover text (spec part 2, section 4). */
export const stageValueWords: Record<number, string> = { 0: '未办理', 1: '资料不全', 2: '已完成' };
const stageWord = (value: number) => stageValueWords[value] ?? stageValueWords[2];

const NO_VALUE = '—';
const rateText = (records: readonly { rate: number }[]) => (records[0] ? `${records[0].rate}%` : NO_VALUE);

/** The eight status tags in the spec's order (入库 上牌 出库 过户 出口 退税 注销 运费): 0 grey, 1 warning, 2 success. */
function StageTags({ row }: { row: ProcedureListItem }) {
  return (
    <div
      role="list"
      aria-label={`车辆 ${row.vin} 的状态`}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(4, max-content)', gap: 4 }}
    >
      {STAGES.map((stage) => {
        const label = stageTable[stage].label;
        const word = stageWord(row[stage]);
        return (
          <Tag
            key={stage}
            role="listitem"
            aria-label={`${label}：${word}`}
            title={`${label}：${word}`}
            color={stageTagColor(row[stage])}
            style={{ marginInlineEnd: 0, paddingInline: 5 }}
          >
            {label}
          </Tag>
        );
      })}
    </div>
  );
}

/**
 * 查询报表 and 导出报表 sit on the filter row and read the range picked there, searched or not: a clerk
 * picks a period and asks for its report. Inside the filter bar's form, so they see its fields.
 */
function ReportButtons({ onReport }: { onReport: (period: ReportPeriod) => void }) {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const range = Form.useWatch(RANGE_FIELD, form) as DateRangeValue;
  const picked = dateRangeFilter(range);
  const period: ReportPeriod | null =
    picked.start_time && picked.end_time ? { start_time: picked.start_time, end_time: picked.end_time } : null;
  const needPeriod = () => {
    if (period) return true;
    void message.warning(reportMessages.periodRequired);
    return false;
  };
  const compact = (day: string) => day.replaceAll('-', '');
  return (
    <>
      <Button icon={<BarChartOutlined />} onClick={() => needPeriod() && period && onReport(period)}>
        查询报表
      </Button>
      <ExportButton
        label="导出报表"
        icon={<FileExcelOutlined />}
        before={needPeriod}
        request={() => exportReport(period!)}
        fileName={
          period
            ? `${REPORT_SHEET_NAME}-${compact(period.start_time)}-${compact(period.end_time)}.xlsx`
            : `${REPORT_SHEET_NAME}.xlsx`
        }
      />
    </>
  );
}

/**
 * A vehicle's columns, with the filters of the bar: 海外合同号 (first in the bar, as before), 车架号, and the
 * day range of 创建时间 (日期范围), which 查询报表 and 导出报表 read too.
 */
const queryFields: FieldDescription<ProcedureListItem, ProcedureListQuery>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 56 },
  {
    key: 'vin',
    title: '车架号',
    dataIndex: 'vin',
    width: 184,
    render: (vin: string, row: ProcedureListItem) => <VinCell vin={vin} vehicleId={row.id} />,
    filter: { kind: 'vin', key: 'vin' },
  },
  {
    key: 'stages',
    title: '状态',
    width: 206,
    render: (_: unknown, row: ProcedureListItem) => <StageTags row={row} />,
  },
  {
    key: 'exportss',
    title: '出口资料',
    width: 76,
    align: 'center',
    render: (_: unknown, row: ProcedureListItem) => rateText(row.exportss),
  },
  {
    key: 'transfers',
    title: '过户资料',
    width: 76,
    align: 'center',
    render: (_: unknown, row: ProcedureListItem) => rateText(row.transfers),
  },
  {
    key: 'order',
    title: '海外合同号',
    width: 140,
    onCell: wrapAnywhere,
    render: (_: unknown, row: ProcedureListItem) => row.order.map((order) => order.order_no).join('、') || NO_VALUE,
    filter: { kind: 'text', key: 'order_no', maxLength: procedureTextLimits.order_no, width: 170, order: -1 },
  },
  {
    key: 'purchase',
    title: '采购合同',
    width: 170,
    onCell: wrapAnywhere,
    render: (_: unknown, row: ProcedureListItem) =>
      row.purchase.length === 0
        ? NO_VALUE
        : row.purchase.map((purchase) => (
            <div key={purchase.id}>
              <Typography.Text type="secondary">
                {purchaseTypeWords[purchase.type as 1 | 2] ?? purchaseTypeWords[1]}
              </Typography.Text>{' '}
              {purchase.purchase_no}
            </div>
          )),
  },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 92,
    render: (value: string) => <TimeCell value={value} />,
    filter: { kind: 'dateRange', name: RANGE_FIELD, label: '日期范围', width: 236 },
  },
];

/** What a stage filter shows: the vehicles whose step has happened, as the dashboard's counts say it. */
export const stageFilterWords: Record<ProcedureStageFilter, string> = {
  entry: '已入库',
  plate: '已上牌',
  release: '已出库',
  transfer: '已过户',
  exports: '已出口',
  drawback: '已退税',
  archive: '已注销',
  freight: '已录运费',
  complete: '归档完成',
};

/** `?stage=` of the dashboard's stage counts; anything else is no filter. */
const stageOf = (text: string | null): ProcedureStageFilter | undefined =>
  PROCEDURE_STAGE_FILTERS.find((stage) => stage === text);

/** The stage a dashboard count opened the list with, and the way to drop it. */
function StageFilterTag({ stage, onClear }: { stage: ProcedureStageFilter; onClear: () => void }) {
  return (
    <Space size={4} className="query-list-stage">
      <Tag
        color="blue"
        closable={{ 'aria-label': '清除环节筛选' }}
        onClose={(event) => {
          event.preventDefault();
          onClear();
        }}
        style={{ marginInlineEnd: 0 }}
      >
        筛选：{stageFilterWords[stage]}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        来自首页统计
      </Typography.Text>
    </Space>
  );
}

/**
 * 档案查询 (/filed/query_list): every vehicle with its eight stages, its rates and its contracts. The
 * dashboard's stage counts open it as `?stage=<stage>`: exactly the vehicles counted, with the bar's
 * filters on top, until the clerk drops the stage filter.
 */
export function QueryListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const stage = stageOf(search.get('stage'));
  const list = usePagedList((filters: FilterValues, page: number) =>
    listProceduresQuery(stage ? { ...filters, stage } : filters, page),
  );
  // Another count's link (or the tag's ×) while the list is open: its first page.
  const { goToPage } = list;
  const shownStage = useRef(stage);
  useEffect(() => {
    if (shownStage.current === stage) return;
    shownStage.current = stage;
    goToPage(1);
  }, [stage, goToPage]);
  const clearStage = () => {
    const next = new URLSearchParams(search);
    next.delete('stage');
    setSearch(next, { replace: true });
  };
  const [reportPeriod, setReportPeriod] = useState<ReportPeriod | null>(null);

  const { columns, filters } = listFields<ProcedureListItem, ProcedureListQuery>([
    ...queryFields,
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 64,
      fixed: 'right',
      render: (_: unknown, row: ProcedureListItem) => (
        <RowActions>
          <RowAction
            label={`车辆 ${row.vin} 详情`}
            disabled={row.order_id === null}
            title={row.order_id === null ? '该车辆没有海外合同' : undefined}
            onClick={() => row.order_id !== null && navigate(businessInfoPath(row.order_id, row.id))}
          >
            详情
          </RowAction>
        </RowActions>
      ),
    },
  ]);

  return (
    <ListScreen<ProcedureListItem, FilterValues>
      className="query-list-page"
      list={list}
      columns={columns}
      label="档案查询列表"
      filterLabel="档案查询筛选"
      filters={filters}
      filterExtra={
        <>
          <ReportButtons onReport={setReportPeriod} />
          <RefreshButton list={list} />
        </>
      }
      toolbar={stage ? <StageFilterTag stage={stage} onClear={clearStage} /> : undefined}
      emptyText={{
        empty: stage ? `暂无数据：没有${stageFilterWords[stage]}的车辆` : '暂无数据',
        filtered: '暂无数据：没有符合条件的车辆，请修改筛选条件或点击“重置”',
        failed: '档案查询加载失败，请点击“刷新”重试',
      }}
      table={{ scroll: { x: 1080 } }}
    >
      <PeriodReportDialog period={reportPeriod} onClose={() => setReportPeriod(null)} />
    </ListScreen>
  );
}
