import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getApiBase, setApiBase } from '../../../api/http-client';
import { FAKE_EMBEDDED_BASE } from '../../../testing/fake-electron-desktop';
import { renderInApp } from '../../../testing/render-app';
import { ConnectionPage } from './connection-page';

// The Electron flavour is what is tested: the preload's bridge must be there before platform/desktop.ts is read.
const fake = await vi.hoisted(async () => {
  const { createFakeElectronDesktop } = await import('../../../testing/fake-electron-desktop');
  const created = createFakeElectronDesktop();
  window.desktop = created.bridge;
  return created;
});
const bridge = fake.bridge.connection;

configure({ asyncUtilTimeout: 4000 });

const badUrl = '服务器地址必须以 http:// 或 https:// 开头，例如 https://10.0.0.5:8787';

beforeEach(() => {
  fake.reset();
  setApiBase('');
});

function renderPage() {
  return renderInApp(<ConnectionPage />, { path: '/setting/connection', initialEntries: ['/setting/connection'] });
}

const officeRadio = () => screen.getByRole('radio', { name: /办公室服务器/ });
const embeddedRadio = () => screen.getByRole('radio', { name: /本机内置服务器/ });
const urlField = () => screen.queryByRole('textbox', { name: '服务器地址' });
/** The 当前连接 / 服务器地址 summary above the form. */
const summary = () => document.querySelector('.ant-descriptions') as HTMLElement;

async function chooseOffice(url: string) {
  await userEvent.click(officeRadio());
  const field = await screen.findByRole('textbox', { name: '服务器地址' });
  await userEvent.clear(field);
  // One paste rather than key by key: the form validates on every change, which is slow on a busy machine.
  if (url) await userEvent.paste(url);
}

describe('connection page (desktop)', () => {
  it('shows the embedded server in use, without an address to type', async () => {
    renderPage();
    await waitFor(() => expect(summary().textContent).toContain('本机内置服务器'));
    expect(summary().textContent).toContain(FAKE_EMBEDDED_BASE);
    expect(embeddedRadio()).toBeChecked();
    expect(urlField()).not.toBeInTheDocument();
  });

  it('refuses an empty or non-http office address before asking the shell', async () => {
    renderPage();
    await waitFor(() => expect(summary().textContent).toContain('本机内置服务器'));
    await chooseOffice('');
    await userEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('请输入服务器地址')).toBeInTheDocument();

    await chooseOffice('ftp://10.0.0.5:8787');
    await userEvent.click(screen.getByRole('button', { name: /测试连接/ }));
    expect(await screen.findByText(badUrl)).toBeInTheDocument();
    await chooseOffice('10.0.0.5:8787');
    await userEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText(badUrl)).toBeInTheDocument();

    expect(bridge.set).not.toHaveBeenCalled();
    expect(bridge.test).not.toHaveBeenCalled();
  });

  it('tests the typed office address (without its trailing slash) and shows the answer', async () => {
    fake.reset({
      testResult: (url) =>
        url.startsWith('http://')
          ? { ok: true, message: '连接成功。注意：HTTP 连接不加密，建议办公室服务器启用 HTTPS' }
          : { ok: false, message: '无法连接服务器：服务器未启动或端口不对' },
    });
    renderPage();
    await waitFor(() => expect(summary().textContent).toContain('本机内置服务器'));
    await chooseOffice('http://10.0.0.5:8787/');
    await userEvent.click(screen.getByRole('button', { name: /测试连接/ }));
    const ok = await screen.findByText('连接成功。注意：HTTP 连接不加密，建议办公室服务器启用 HTTPS');
    expect(ok.closest('.ant-message-notice')).toHaveClass('ant-message-notice-success');
    expect(bridge.test).toHaveBeenLastCalledWith('http://10.0.0.5:8787');

    await chooseOffice('https://10.0.0.9:8787');
    await userEvent.click(screen.getByRole('button', { name: /测试连接/ }));
    const failed = await screen.findByText('无法连接服务器：服务器未启动或端口不对');
    expect(failed.closest('.ant-message-notice')).toHaveClass('ant-message-notice-error');
    expect(bridge.test).toHaveBeenLastCalledWith('https://10.0.0.9:8787');
    // Testing changes nothing.
    expect(bridge.set).not.toHaveBeenCalled();
  });

  it('tests the embedded server at the address it runs on', async () => {
    renderPage();
    await waitFor(() => expect(summary().textContent).toContain(FAKE_EMBEDDED_BASE));
    await userEvent.click(screen.getByRole('button', { name: /测试连接/ }));
    expect(await screen.findByText('连接成功')).toBeInTheDocument();
    expect(bridge.test).toHaveBeenCalledWith(FAKE_EMBEDDED_BASE);
  });

  it('does not test an embedded server that has not started yet', async () => {
    fake.reset({ connection: { apiBase: '' } });
    renderPage();
    await waitFor(() => expect(summary().textContent).toContain('启动中…'));
    await userEvent.click(screen.getByRole('button', { name: /测试连接/ }));
    expect(await screen.findByText('内置服务器尚未启动')).toBeInTheDocument();
    expect(bridge.test).not.toHaveBeenCalled();
  });

  it('saves the office server through the shell and calls it from then on', async () => {
    renderPage();
    await waitFor(() => expect(summary().textContent).toContain('本机内置服务器'));
    await chooseOffice(' https://10.0.0.5:8787/ ');
    await userEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('连接设置已保存')).toBeInTheDocument();
    expect(bridge.set).toHaveBeenCalledTimes(1);
    expect(bridge.set).toHaveBeenCalledWith({ mode: 'office', officeUrl: 'https://10.0.0.5:8787' });
    await waitFor(() => expect(summary().textContent).toContain('办公室服务器'));
    expect(summary().textContent).toContain('https://10.0.0.5:8787');
    expect(getApiBase()).toBe('https://10.0.0.5:8787');
  });

  it('opens on the remembered office server and keeps its address when switching back to embedded', async () => {
    fake.reset({
      connection: { mode: 'office', officeUrl: 'https://srv.office:8787', apiBase: 'https://srv.office:8787' },
    });
    renderPage();
    await waitFor(() => expect(officeRadio()).toBeChecked());
    expect(urlField()).toHaveValue('https://srv.office:8787');

    await userEvent.click(embeddedRadio());
    await waitFor(() => expect(urlField()).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('连接设置已保存')).toBeInTheDocument();
    expect(bridge.set).toHaveBeenCalledWith({ mode: 'embedded', officeUrl: 'https://srv.office:8787' });
    expect(getApiBase()).toBe(FAKE_EMBEDDED_BASE);

    // Going back to the office server finds the address still there.
    await userEvent.click(officeRadio());
    expect(await screen.findByRole('textbox', { name: '服务器地址' })).toHaveValue('https://srv.office:8787');
  });

  it('shows why the embedded server failed to start after saving', async () => {
    fake.reset({
      connection: { mode: 'office', officeUrl: 'https://srv.office:8787', apiBase: 'https://srv.office:8787' },
    });
    bridge.set.mockResolvedValueOnce({
      mode: 'embedded',
      officeUrl: 'https://srv.office:8787',
      apiBase: '',
      error: '内置服务器启动失败：端口 8787 已被占用',
    });
    renderPage();
    await waitFor(() => expect(officeRadio()).toBeChecked());
    await userEvent.click(embeddedRadio());
    await userEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('服务器启动失败')).toBeInTheDocument();
    expect(screen.getAllByText('内置服务器启动失败：端口 8787 已被占用').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('连接设置已保存')).not.toBeInTheDocument();
  });

  it('says why the shell refused to save', async () => {
    bridge.set.mockRejectedValueOnce(new Error('服务器地址必须以 http:// 或 https:// 开头'));
    renderPage();
    await waitFor(() => expect(summary().textContent).toContain('本机内置服务器'));
    await chooseOffice('https://10.0.0.5:8787');
    await userEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('服务器地址必须以 http:// 或 https:// 开头')).toBeInTheDocument();
    expect(summary().textContent).toContain('本机内置服务器');
    expect(getApiBase()).toBe('');
  });
});
