import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardCounts, ProcedureStatistics } from '../../../../../contract/dashboard';
import { renderInApp } from '../../../testing/render-app';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { envelope } from '../../../testing/scripted-api-server';
import { useSession } from '../../../stores/session';
import { DashboardPage } from './dashboard-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

/** Every count different, so that a count shown under the wrong label cannot pass. */
const counts: DashboardCounts = {
  orderNum: 12,
  purchaseNum: 7,
  carEntry: 31,
  carRelease: 29,
  carPlate: 18,
  carTransfer: 16,
  carExports: 14,
  carDrawback: 9,
  carFreight: 11,
  carArchive: 5,
  carComplete: 3,
  overdue: 4,
  dueSoon: 6,
};

/**
 * Spec part 1, section 2 "Dashboard": each count and its label; the contracts open their lists, and a stage
 * count opens the archive query filtered by that stage (issue 24 point 5: the cars counted, not the cars
 * still waiting there). Written out here.
 */
const expected: Array<{ key: keyof DashboardCounts; label: string; path: string }> = [
  { key: 'orderNum', label: '海外合同', path: '/overseas/list' },
  { key: 'purchaseNum', label: '采购合同', path: '/purchase/list' },
  { key: 'carEntry', label: '入库', path: '/filed/query_list?stage=entry' },
  { key: 'carRelease', label: '出库', path: '/filed/query_list?stage=release' },
  { key: 'carPlate', label: '上牌', path: '/filed/query_list?stage=plate' },
  { key: 'carTransfer', label: '过户', path: '/filed/query_list?stage=transfer' },
  { key: 'carExports', label: '出口', path: '/filed/query_list?stage=exports' },
  { key: 'carDrawback', label: '退税', path: '/filed/query_list?stage=drawback' },
  { key: 'carFreight', label: '运费', path: '/filed/query_list?stage=freight' },
  { key: 'carArchive', label: '注销', path: '/filed/query_list?stage=archive' },
  { key: 'carComplete', label: '归档完成', path: '/filed/query_list?stage=complete' },
];

/** Vehicles waiting at each stage, every figure different; none waits for deregistration. */
const waiting: ProcedureStatistics = {
  entry: 41,
  plate: 8,
  release: 23,
  transfer: 6,
  exports: 17,
  drawback: 4,
  archive: 0,
  freight: 13,
};

/** Issue 12, point 5: each waiting figure opens the screen where that work is done, its filter set. */
const expectedWaiting: Array<{ key: keyof ProcedureStatistics; label: string; path: string }> = [
  { key: 'entry', label: '待入库', path: '/pickup/list' },
  { key: 'plate', label: '待上牌', path: '/dmv/list' },
  { key: 'release', label: '待出库', path: '/pickup/list?release_status=0' },
  { key: 'transfer', label: '待过户', path: '/dmv/list?tab=2' },
  { key: 'exports', label: '待出口', path: '/release/list' },
  { key: 'drawback', label: '待退税', path: '/filed/list?drawback=0' },
  { key: 'archive', label: '待注销', path: '/filed/list?archive=0' },
  { key: 'freight', label: '运费未完成', path: '/filed/list?freight=0' },
];

beforeEach(() => {
  // A user of another name than the usual administrator: the greeting must use the session's.
  useSession.setState({
    token: 'live-token',
    user: { id: 17, nickname: '王小明', username: 'wangxm' },
    roles: ['admin'],
  });
  server.on('GET /api/dashboard', envelope(200, counts));
  server.on('GET /api/car/procedureStatistics', envelope(200, waiting));
});

const renderDashboard = () => renderInApp(<DashboardPage />, { initialEntries: ['/dashboard'] });
const stats = () => screen.getByRole('list', { name: '业务统计' });
/** The card of one count: its title and the number under it. */
const card = (label: string) => within(stats()).getByRole('link', { name: new RegExp(`^${label}：`) });
const waitingList = () => screen.getByRole('list', { name: '待办事项' });
const waitingCard = (label: string) => within(waitingList()).getByRole('link', { name: new RegExp(`^${label}：`) });

describe('dashboard', () => {
  it('greets the signed-in user by nickname, with their staff number and account', async () => {
    renderDashboard();
    expect(screen.getByText('欢迎，王小明')).toBeInTheDocument();
    expect(screen.getByText('员工编号：17')).toBeInTheDocument();
    expect(screen.getByText('账号：wangxm')).toBeInTheDocument();
    // Ends with the counts in: the next test counts the calls its own page makes.
    await waitFor(() => expect(card('海外合同')).toHaveTextContent('12'));
  });

  it('shows the eleven counts GET /api/dashboard answers, each under its own label', async () => {
    renderDashboard();
    await waitFor(() => expect(card('海外合同')).toHaveTextContent('12'));
    const dashboardCalls = server.requests.filter((request) => request.path === '/api/dashboard');
    expect(dashboardCalls).toHaveLength(1);
    expect(dashboardCalls[0]?.authorization).toBe('Bearer live-token');

    expect(within(stats()).getAllByRole('link')).toHaveLength(11);
    for (const { key, label } of expected) {
      const stat = card(label);
      expect(stat).toHaveAccessibleName(`${label}：${counts[key]}，查看详情`);
      expect(stat.querySelector('.ant-statistic-title')).toHaveTextContent(label);
      expect(stat.querySelector('.ant-statistic-content-value')).toHaveTextContent(String(counts[key]));
    }
  });

  it('opens each count’s list: the contracts’ lists, the archive query filtered by each stage', async () => {
    for (const { key, label, path } of expected) {
      const view = renderDashboard();
      await waitFor(() => expect(card(label)).toHaveAccessibleName(`${label}：${counts[key]}，查看详情`));
      await userEvent.click(card(label));
      expect(view.location(), label).toBe(path);
      cleanup();
    }
  }, 60_000);

  it('opens a count’s list from the keyboard too', async () => {
    const view = renderDashboard();
    await waitFor(() => expect(card('出口')).toHaveTextContent('14'));
    card('出口').focus();
    await userEvent.keyboard('{Enter}');
    expect(view.location()).toBe('/filed/query_list?stage=exports');
  });

  it('says the counts failed to load and loads them again on 重新加载', async () => {
    server.on('GET /api/dashboard', envelope(500, null, '服务器错误'));
    renderDashboard();
    expect(await screen.findByText('统计数据加载失败。')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '业务统计' })).not.toBeInTheDocument();

    server.on('GET /api/dashboard', envelope(200, { ...counts, orderNum: 13 }));
    await userEvent.click(screen.getByText('重新加载').closest('button') as HTMLElement);
    await waitFor(() => expect(card('海外合同')).toHaveAccessibleName('海外合同：13，查看详情'));
    expect(screen.queryByText('统计数据加载失败。')).not.toBeInTheDocument();
  });

  it('shows the vehicles waiting at each stage, the ones with work in the warning colour', async () => {
    renderDashboard();
    await waitFor(() => expect(waitingCard('待入库')).toHaveTextContent('41'));
    expect(within(waitingList()).getAllByRole('link')).toHaveLength(8);
    for (const { key, label } of expectedWaiting) {
      const stat = waitingCard(label);
      expect(stat).toHaveAccessibleName(`${label}：${waiting[key]}，查看详情`);
      expect(stat.querySelector('.ant-statistic-content-value')).toHaveTextContent(String(waiting[key]));
    }
    const colour = (label: string) =>
      (waitingCard(label).querySelector('.ant-statistic-content') as HTMLElement).style.color;
    expect(colour('待退税')).not.toBe('');
    expect(colour('待注销')).toBe('');
  });

  it('opens the screen of each waiting stage with its filter set', async () => {
    for (const { key, label, path } of expectedWaiting) {
      const view = renderDashboard();
      await waitFor(() => expect(waitingCard(label)).toHaveAccessibleName(`${label}：${waiting[key]}，查看详情`));
      await userEvent.click(waitingCard(label));
      expect(view.location(), label).toBe(path);
      cleanup();
    }
  }, 60_000);

  it('shows the open deadlines, late ones in the error colour, each opening the deadline list filtered', async () => {
    const deadlines = () => screen.getByRole('list', { name: '到期提醒' });
    const deadlineCard = (label: string) => within(deadlines()).getByRole('link', { name: new RegExp(`^${label}：`) });
    for (const [label, value, path] of [
      ['已逾期', 4, '/deadline/list?state=overdue'],
      ['7天内到期', 6, '/deadline/list?state=soon'],
    ] as const) {
      const view = renderDashboard();
      await waitFor(() => expect(deadlineCard(label)).toHaveAccessibleName(`${label}：${value}，查看详情`));
      expect(deadlineCard(label).querySelector('.ant-statistic-content-value')).toHaveTextContent(String(value));
      await userEvent.click(deadlineCard(label));
      expect(view.location(), label).toBe(path);
      cleanup();
    }
    const view = renderDashboard();
    await waitFor(() => expect(deadlineCard('已逾期')).toHaveTextContent('4'));
    const colour = (label: string) =>
      (deadlineCard(label).querySelector('.ant-statistic-content') as HTMLElement).style.color;
    expect(colour('已逾期')).not.toBe('');
    expect(colour('已逾期')).not.toBe(colour('7天内到期'));
    // The same one answer as the stage counts: no request of its own.
    expect(server.requests.filter((request) => request.path === '/api/dashboard')).toHaveLength(3);
    view.unmount();
  }, 30_000);

  it('says the waiting work failed to load while the counts still show', async () => {
    server.on('GET /api/car/procedureStatistics', envelope(500, null, '服务器错误'));
    renderDashboard();
    expect(await screen.findByText('待办事项加载失败。')).toBeInTheDocument();
    await waitFor(() => expect(card('海外合同')).toHaveTextContent('12'));
    server.on('GET /api/car/procedureStatistics', envelope(200, waiting));
    await userEvent.click(screen.getByText('重新加载').closest('button') as HTMLElement);
    await waitFor(() => expect(waitingCard('待出口')).toHaveTextContent('17'));
  });
});
