import { Button, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../stores/session';
import { fetchDashboard } from '../api/fetch-dashboard';
import { dashboardStats } from '../dashboard-stats';

export const dashboardQueryKey = ['dashboard'] as const;

export function DashboardPage() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const counts = useQuery({ queryKey: dashboardQueryKey, queryFn: fetchDashboard });

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
      {counts.isError ? (
        <Card variant="borderless" className="dashboard-error">
          <Typography.Text type="secondary">统计数据加载失败。</Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={() => void counts.refetch()}>
            重新加载
          </Button>
        </Card>
      ) : (
        <Row gutter={[16, 16]} className="dashboard-stats" role="list" aria-label="业务统计">
          {dashboardStats.map((stat) => (
            <Col key={stat.key} xs={12} sm={8} lg={6} xl={4} role="listitem">
              <Card
                hoverable
                variant="borderless"
                className="dashboard-stat"
                role="link"
                tabIndex={0}
                aria-label={`${stat.label}：${counts.data?.[stat.key] ?? ''}，查看详情`}
                onClick={() => navigate(stat.path)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    navigate(stat.path);
                  }
                }}
              >
                <Statistic title={stat.label} value={counts.data?.[stat.key] ?? 0} loading={counts.isPending} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
