/**
 * 期限设置 (/setting/deadlines, issue 25): the deadline rules an administrator keeps, one row each with
 * what starts and ends its clock, its days and whether it is on. Each row saves on its own (the server
 * writes the change to the history at once); the tax refund's due date is fixed by the tax bureau, so
 * its row can be turned off but has no days to set.
 */
import { useState } from 'react';
import { App, Button, Card, InputNumber, Space, Switch, Table, Typography } from 'antd';
import { HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEADLINE_DAYS_MAX,
  DEADLINE_DAYS_MIN,
  deadlineEndsLabels,
  deadlineMessages,
  deadlineStartsLabels,
  type DeadlineKey,
  type DeadlineRule,
  type DeadlineRuleBody,
} from '../../../../../contract/deadline';
import { queryKeys } from '../../../api/query-keys';
import { validationErrors } from '../../../api/http-client';
import { HistoryDrawer } from '../../../components/history-drawer';
import { deadlineRulesQuery, deadlinesQueryKey, saveDeadlineRule } from '../api/deadline-api';

/** How the fixed tax refund date reads (出口退税申报期限: 30 April of the year after the export). */
export const fixedDateText = (fixed: string): string => {
  const [month, day] = fixed.split('-').map(Number);
  return `每年${month}月${day}日（出口次年）`;
};

interface Draft {
  days: number | null;
  enabled: 0 | 1;
}

const draftOf = (rule: DeadlineRule): Draft => ({ days: rule.days, enabled: rule.enabled });

export function DeadlineRulesPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rules = useQuery(deadlineRulesQuery());
  const [drafts, setDrafts] = useState<Partial<Record<DeadlineKey, Draft>>>({});
  const [errors, setErrors] = useState<Partial<Record<DeadlineKey, string>>>({});
  const [saving, setSaving] = useState<DeadlineKey>();
  const [historyOf, setHistoryOf] = useState<DeadlineRule>();

  const draft = (rule: DeadlineRule): Draft => drafts[rule.key] ?? draftOf(rule);
  const change = (rule: DeadlineRule, patch: Partial<Draft>) => {
    setDrafts((all) => ({ ...all, [rule.key]: { ...draft(rule), ...patch } }));
    setErrors((all) => ({ ...all, [rule.key]: undefined }));
  };
  const changed = (rule: DeadlineRule) => {
    const now = draft(rule);
    return now.enabled !== rule.enabled || (!rule.fixed && now.days !== rule.days);
  };

  const save = async (rule: DeadlineRule) => {
    const now = draft(rule);
    if (!rule.fixed && now.days === null) {
      setErrors((all) => ({ ...all, [rule.key]: deadlineMessages.daysRange }));
      return;
    }
    // The fixed-date rule sends its switch only: days sent for it are refused (422).
    const body: DeadlineRuleBody = rule.fixed
      ? { enabled: now.enabled }
      : { days: now.days ?? undefined, enabled: now.enabled };
    setSaving(rule.key);
    try {
      const saved = await saveDeadlineRule(rule.key, body);
      queryClient.setQueryData(deadlineRulesQuery().queryKey, (all) =>
        all?.map((each) => (each.key === saved.key ? saved : each)),
      );
      setDrafts((all) => ({ ...all, [rule.key]: undefined }));
      void message.success(deadlineMessages.saved);
      // Every due date of the rule moved: the list and the counts are stale.
      void queryClient.invalidateQueries({ queryKey: deadlinesQueryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: queryKeys.vehicle });
    } catch (error) {
      const fields = validationErrors(error);
      const text = fields?.days?.[0] ?? fields?.enabled?.[0] ?? (error instanceof Error ? error.message : '保存失败');
      setErrors((all) => ({ ...all, [rule.key]: text }));
    } finally {
      setSaving(undefined);
    }
  };

  const columns = [
    { key: 'label', title: '期限', dataIndex: 'label', width: 120 },
    {
      key: 'starts',
      title: '起算事件',
      width: 170,
      render: (_: unknown, rule: DeadlineRule) => deadlineStartsLabels[rule.key],
    },
    {
      key: 'ends',
      title: '结束条件',
      width: 190,
      render: (_: unknown, rule: DeadlineRule) => deadlineEndsLabels[rule.key],
    },
    {
      key: 'days',
      title: '期限天数',
      width: 220,
      render: (_: unknown, rule: DeadlineRule) => {
        const error = errors[rule.key];
        return (
          <Space direction="vertical" size={2}>
            {rule.fixed ? (
              <Typography.Text>{fixedDateText(rule.fixed)}</Typography.Text>
            ) : (
              <InputNumber<number>
                aria-label={`${rule.label} 天数`}
                value={draft(rule).days}
                min={DEADLINE_DAYS_MIN}
                max={DEADLINE_DAYS_MAX}
                precision={0}
                controls={false}
                status={error ? 'error' : undefined}
                suffix="天"
                style={{ width: 120 }}
                onChange={(days) => change(rule, { days: typeof days === 'number' ? days : null })}
              />
            )}
            {error ? (
              <Typography.Text type="danger" role="alert">
                {error}
              </Typography.Text>
            ) : null}
          </Space>
        );
      },
    },
    {
      key: 'enabled',
      title: '启用',
      width: 80,
      render: (_: unknown, rule: DeadlineRule) => (
        <Switch
          aria-label={`${rule.label} 启用`}
          checked={draft(rule).enabled === 1}
          onChange={(on) => change(rule, { enabled: on ? 1 : 0 })}
        />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 150,
      render: (_: unknown, rule: DeadlineRule) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`保存 ${rule.label}`}
            disabled={!changed(rule)}
            loading={saving === rule.key}
            onClick={() => void save(rule)}
          >
            保存
          </Button>
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined />}
            aria-label={`${rule.label} 变更记录`}
            onClick={() => setHistoryOf(rule)}
          >
            记录
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="page deadline-rules-page">
      <Card
        variant="borderless"
        title="期限设置"
        extra={
          <Button icon={<ReloadOutlined />} loading={rules.isFetching} onClick={() => void rules.refetch()}>
            刷新
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          到期日 = 起算日期 + 天数；剩余 0 至 7 天为“7天内到期”，过了到期日为“已逾期”。修改后立即生效。
        </Typography.Paragraph>
        <Table<DeadlineRule>
          aria-label="期限规则"
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={rules.data}
          loading={rules.isPending}
          pagination={false}
          locale={{ emptyText: rules.isError ? '期限规则加载失败，请点击“刷新”重试' : '暂无期限规则' }}
        />
      </Card>
      <HistoryDrawer
        target={historyOf && { entity: 'deadline_rule', id: historyOf.key }}
        subject={historyOf && `期限 ${historyOf.label}`}
        onClose={() => setHistoryOf(undefined)}
      />
    </div>
  );
}
