/**
 * /setting/rates (记账汇率, issue 26): the USD book rate of each month, which a contract created in that
 * month uses for what is not settled yet (DOMAIN.md "Profit"); CNY is always 1. Newest month first;
 * 新增记账汇率 adds a month, 修改 changes one (the contracts of that month are estimated anew), 变更记录
 * shows who set which rate when (history entity `rate`, id `YYYY-MM:USD`).
 */
import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rate } from '../../../../../contract/profit';
import { orderProfitQueryKey } from '../../../api/order-profit';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { formatTime } from '../../../components/format-time';
import { HistoryDrawer } from '../../../components/history-drawer';
import { ListScreen } from '../../../components/list-screen';
import { RefreshButton } from '../../../components/list-toolbar';
import { useWholeList } from '../../../components/use-paged-list';
import { profitReportQueryKey } from '../api/profit-report';
import { ratesQuery, ratesQueryKey } from '../api/rates';
import { RateDialog, rateDialogTexts } from '../components/rate-dialog';

type DialogState = { open: false } | { open: true; rate?: Rate };

/** The history id of a month's rate (API.md: `YYYY-MM:USD`). */
export const rateHistoryId = (rate: Pick<Rate, 'month' | 'currency'>) => `${rate.month}:${rate.currency}`;

export const ratesTexts = {
  note: '海外合同按其创建月份的记账汇率折算尚未结汇的美元收款（预估）；人民币合同按 1 计算。未设置汇率的月份，其美元合同不计算利润。',
  empty: '暂无记账汇率，点击“新增记账汇率”添加',
  failed: '记账汇率加载失败，请点击“刷新”重试',
} as const;

const rateFields: FieldDescription<Rate>[] = [
  { key: 'month', title: '月份', dataIndex: 'month', width: 110 },
  { key: 'currency', title: '币种', dataIndex: 'currency', width: 90 },
  {
    key: 'rate',
    title: '记账汇率',
    dataIndex: 'rate',
    width: 140,
    align: 'right',
    // The exact text the server keeps: a rate is never rounded for display.
    render: (rate: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{rate}</span>,
  },
  { key: 'updated_at', title: '更新时间', dataIndex: 'updated_at', width: 180, render: (at: string) => formatTime(at) },
];

export function RatesPage() {
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [historyOf, setHistoryOf] = useState<Rate>();
  const queryClient = useQueryClient();
  const rates = useQuery(ratesQuery());
  const list = useWholeList(rates);

  const { columns } = listFields<Rate, FilterValues>([
    ...rateFields,
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 170,
      render: (_: unknown, rate: Rate) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`修改 ${rate.month} 记账汇率`}
            onClick={() => setDialog({ open: true, rate })}
          >
            修改
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={`${rate.month} 记账汇率的变更记录`}
            onClick={() => setHistoryOf(rate)}
          >
            变更记录
          </Button>
        </Space>
      ),
    },
  ]);

  const saved = () => {
    setDialog({ open: false });
    // A new rate changes every estimate of that month's contracts.
    for (const queryKey of [ratesQueryKey, orderProfitQueryKey, profitReportQueryKey])
      void queryClient.invalidateQueries({ queryKey });
  };

  return (
    <ListScreen<Rate, FilterValues>
      className="rates-page"
      list={list}
      columns={columns}
      label="记账汇率列表"
      toolbar={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
            {rateDialogTexts.addTitle}
          </Button>
          <RefreshButton list={list} />
        </>
      }
      aboveTable={<Alert type="info" showIcon title={ratesTexts.note} style={{ marginBottom: 12 }} />}
      emptyText={{ empty: ratesTexts.empty, failed: ratesTexts.failed }}
      table={{ rowKey: (rate: Rate) => rateHistoryId(rate), scroll: { x: 690 } }}
    >
      <RateDialog
        open={dialog.open}
        rate={dialog.open ? dialog.rate : undefined}
        takenMonths={(rates.data ?? []).map((rate) => rate.month)}
        onClose={() => setDialog({ open: false })}
        onSaved={saved}
      />
      <HistoryDrawer
        target={historyOf && { entity: 'rate', id: rateHistoryId(historyOf) }}
        subject={historyOf && `${historyOf.month} 记账汇率`}
        onClose={() => setHistoryOf(undefined)}
      />
    </ListScreen>
  );
}
