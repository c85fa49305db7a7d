import { Button, Card, Col, Row, Space, Statistic, theme, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../stores/session';
import { dashboardQueryKey, fetchDashboard, fetchWaitingWork, waitingWorkQueryKey } from '../api/fetch-dashboard';
import { dashboardStats, deadlineStats, waitingStats } from '../dashboard-stats';

interface StatGridProps {
  label: string;
  stats: readonly { key: string; label: string; path: string; tone?: 'error' | 'warning' }[];
  values: Readonly<Record<string, number>> | undefined;
  loading: boolean;
  failed: boolean;
  failedText: string;
  onRetry: () => void;
  /** The work waiting stands out in the warning colour while there is any. */
  highlight?: boolean;
}

/** One grid of counts, each a card that opens its screen by click, Enter or Space. */
function StatGrid({ label, stats, values, loading, failed, failedText, onRetry, highlight }: StatGridProps) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  if (failed) {
    return (
      <Card variant="borderless" className="dashboard-error">
        <Typography.Text type="secondary">{failedText}</Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          重新加载
        </Button>
      </Card>
    );
  }
  return (
    <Row gutter={[16, 16]} className="dashboard-stats" role="list" aria-label={label}>
      {stats.map((stat) => {
        const value = values?.[stat.key] ?? 0;
        return (
          <Col key={stat.key} xs={12} sm={8} lg={6} xl={highlight ? 3 : 4} role="listitem">
            <Card
              hoverable
              variant="borderless"
              className="dashboard-stat"
              role="link"
              tabIndex={0}
              aria-label={`${stat.label}：${values?.[stat.key] ?? ''}，查看详情`}
              onClick={() => navigate(stat.path)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  navigate(stat.path);
                }
              }}
            >
              <Statistic
                title={stat.label}
                value={value}
                loading={loading}
                styles={
                  highlight && value > 0
                    ? { content: { color: stat.tone === 'error' ? token.colorErrorText : token.colorWarningText } }
                    : undefined
                }
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

export function DashboardPage() {
  const user = useSession((state) => state.user);
  const counts = useQuery({ queryKey: dashboardQueryKey, queryFn: () => fetchDashboard() });
  const waiting = useQuery({ queryKey: waitingWorkQueryKey, queryFn: () => fetchWaitingWork() });

  return (
    <div className="page dashboard-page">
      <Card className="dashboard-welcome" variant="borderless">
        <Typography.Title level={4} style={{ margin: 0 }}>
          欢迎，{user?.nickname ?? ''}
        </Typography.Title>
        <Space size="large" wrap>
          <Typography.Text type="secondary">员工编号：{user?.id ?? '-'}</Typography.Text>
          <Typography.Text type="secondary">账号：{user?.username ?? '-'}</Typography.Text>
        </Space>
      </Card>
      <StatGrid
        label="业务统计"
        stats={dashboardStats}
        values={counts.data}
        loading={counts.isPending}
        failed={counts.isError}
        failedText="统计数据加载失败。"
        onRetry={() => void counts.refetch()}
      />
      {/* From the same answer as the counts above: when it failed, their card already says so. */}
      {counts.isError ? null : (
        <>
          <Typography.Title level={5} className="dashboard-section-title">
            到期提醒
          </Typography.Title>
          <StatGrid
            label="到期提醒"
            stats={deadlineStats}
            values={counts.data}
            loading={counts.isPending}
            failed={false}
            failedText=""
            onRetry={() => void counts.refetch()}
            highlight
          />
        </>
      )}
      <Typography.Title level={5} className="dashboard-section-title">
        待办事项
      </Typography.Title>
      <StatGrid
        label="待办事项"
        stats={waitingStats}
        values={waiting.data}
        loading={waiting.isPending}
        failed={waiting.isError}
        failedText="待办事项加载失败。"
        onRetry={() => void waiting.refetch()}
        highlight
      />
    </div>
  );
}
