import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  noShellNotice,
  shellNoticeMessages,
  type DesktopApi,
  type ShellNotice,
  type ShellNoticeListener,
} from '../../../contract/desktop-api';
import { ShellNoticeBanner } from './shell-notice-banner';
import { createWebDesktop } from './web-desktop';

/** The bridge's `app` as main answers it: the notice now (a reload read once) and its changes. */
function fakeShell(initial: ShellNotice) {
  let notice = initial;
  const listeners = new Set<ShellNoticeListener>();
  const shell: DesktopApi['app'] = {
    version: async () => '0.1.0',
    async notice() {
      const now = notice;
      notice = { ...notice, pageReloaded: false };
      return now;
    },
    onNotice(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const change = (next: ShellNotice) => act(() => listeners.forEach((listener) => listener(next)));
  return { shell, change, listeners };
}

const restarting: ShellNotice['server'] = { state: 'restarting', message: shellNoticeMessages.serverRestarting };

describe('the shell’s banner', () => {
  it('says the page was reloaded after a crash, until the clerk closes it', async () => {
    const { shell } = fakeShell({ pageReloaded: true, server: null });
    render(<ShellNoticeBanner shell={shell} />);
    expect(await screen.findByText('页面意外退出，已重新载入；未保存的内容可能丢失')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByText(shellNoticeMessages.pageReloaded)).not.toBeInTheDocument();
  });

  it('shows the embedded server restarting until it answers again, and a failure in red', async () => {
    const { shell, change, listeners } = fakeShell(noShellNotice);
    let backs = 0;
    const { unmount } = render(<ShellNoticeBanner shell={shell} onServerBack={() => (backs += 1)} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    change({ pageReloaded: false, server: restarting });
    expect(await screen.findByText('内置服务器意外退出，正在重新启动…')).toBeInTheDocument();
    // Not closable: it goes when the server answers.
    expect(screen.queryByRole('button', { name: '关闭' })).not.toBeInTheDocument();
    change(noShellNotice);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Back: what failed meanwhile is asked again, once.
    expect(backs).toBe(1);

    change({ pageReloaded: false, server: { state: 'failed', message: shellNoticeMessages.serverFailed } });
    expect(await screen.findByText(shellNoticeMessages.serverFailed)).toBeInTheDocument();
    expect(document.querySelector('.ant-alert-error')).not.toBeNull();

    unmount();
    expect(listeners.size).toBe(0);
  });

  it('shows a restart already under way when the page starts', async () => {
    const { shell } = fakeShell({ pageReloaded: false, server: restarting });
    render(<ShellNoticeBanner shell={shell} />);
    expect(await screen.findByText(shellNoticeMessages.serverRestarting)).toBeInTheDocument();
  });

  it('shows nothing in a plain browser', async () => {
    render(<ShellNoticeBanner shell={createWebDesktop().app} />);
    await act(() => Promise.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
