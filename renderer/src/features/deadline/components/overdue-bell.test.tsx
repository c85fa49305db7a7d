import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardCounts } from '../../../../../contract/dashboard';
import { overdueListPath } from '../../../../../contract/desktop-api';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { OverdueBell } from './overdue-bell';

// The desktop flavour: the preload's bridge must be there before platform/desktop.ts is read.
const fake = await vi.hoisted(async () => {
  const { createFakeElectronDesktop } = await import('../../../testing/fake-electron-desktop');
  const created = createFakeElectronDesktop();
  window.desktop = created.bridge;
  return created;
});

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();
const counts = (overdue: number): DashboardCounts => ({
  orderNum: 1,
  purchaseNum: 1,
  carEntry: 0,
  carRelease: 0,
  carPlate: 0,
  carTransfer: 0,
  carExports: 0,
  carDrawback: 0,
  carFreight: 0,
  carArchive: 0,
  carComplete: 0,
  overdue,
  dueSoon: 2,
});
const dashboards = () => server.requests.filter((request) => request.path === '/api/dashboard');
const reportOverdue = () => fake.bridge.reminders.reportOverdue as Mock<(count: number) => Promise<boolean>>;
const onOpen = () => fake.bridge.reminders.onOpen as Mock<(listener: (path: string) => void) => () => void>;

beforeEach(() => {
  fake.reset();
  server.on('GET /api/dashboard', envelope(200, counts(4)));
});

describe('the top bar’s bell', () => {
  it('shows the overdue count and opens the overdue list', async () => {
    const view = renderInApp(<OverdueBell />, { initialEntries: ['/dashboard'] });
    const bell = await screen.findByRole('button', { name: '到期提醒：已逾期 4 项' });
    expect(bell).toHaveTextContent('4');
    await userEvent.click(bell);
    await waitFor(() => expect(view.location()).toBe('/deadline/list?state=overdue'));
  });

  it('says no count when nothing is late', async () => {
    server.on('GET /api/dashboard', envelope(200, counts(0)));
    renderInApp(<OverdueBell />, { initialEntries: ['/dashboard'] });
    await waitFor(() => expect(dashboards()).toHaveLength(1));
    expect(await screen.findByRole('button', { name: '到期提醒' })).not.toHaveTextContent(/\d/);
  });

  it('does not ask again on every screen change within a minute', async () => {
    const view = renderInApp(<OverdueBell />, { initialEntries: ['/dashboard'] });
    await screen.findByRole('button', { name: '到期提醒：已逾期 4 项' });
    await act(() => view.router.navigate('/pickup/list'));
    await act(() => view.router.navigate('/dmv/list'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dashboards()).toHaveLength(1);
  });

  it('tells the desktop shell the count once after login, which notifies', async () => {
    const view = renderInApp(<OverdueBell />, { initialEntries: ['/dashboard'] });
    await waitFor(() => expect(reportOverdue()).toHaveBeenCalledWith(4));
    await act(() => view.router.navigate('/pickup/list'));
    expect(reportOverdue()).toHaveBeenCalledTimes(1);
  });

  it('opens the list the desktop notification names when it is clicked', async () => {
    const view = renderInApp(<OverdueBell />, { initialEntries: ['/dashboard'] });
    await waitFor(() => expect(onOpen()).toHaveBeenCalled());
    const listener = onOpen().mock.calls.at(-1)![0];
    act(() => listener(overdueListPath));
    await waitFor(() => expect(view.location()).toBe('/deadline/list?state=overdue'));
    // Nothing outside the app's own screens is followed.
    act(() => listener('https://evil.example/'));
    expect(view.location()).toBe('/deadline/list?state=overdue');
  });
});
