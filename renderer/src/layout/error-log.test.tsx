import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { ApiError } from '../api/http-client';
import { AppProviders } from '../app/providers';
import { RouteErrorPage } from '../features/errors/pages/route-error-page';
import { captureRuntimeErrors, useErrorLog } from '../stores/error-log';
import { ErrorLogButton } from './error-log';

configure({ asyncUtilTimeout: 4000 });

let release: () => void = () => undefined;

beforeEach(() => {
  useErrorLog.getState().clear();
  window.history.replaceState(null, '', '/');
  // jsdom and React print every error these tests cause on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  release();
  vi.restoreAllMocks();
});

/** A screen with a bug: its button throws in the click handler, as an unguarded `undefined.vin` would. */
function BuggyScreen() {
  return (
    <button
      type="button"
      onClick={() => {
        throw new TypeError("Cannot read properties of undefined (reading 'vin')");
      }}
    >
      查看车辆
    </button>
  );
}

function renderWithLog(screenElement = <BuggyScreen />) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ErrorLogButton />
      {screenElement}
    </AppProviders>,
  );
}

const logButton = () => screen.queryByRole('button', { name: /^错误日志/ });

async function openLog() {
  await userEvent.click(logButton() as HTMLElement);
  return screen.findByRole('dialog', { name: '错误日志' });
}

/** The rows of the dialog's table, as the clerk reads them: message, page. */
function rows(dialog: HTMLElement) {
  return Array.from(dialog.querySelectorAll('tbody tr.ant-table-row')).map((row) =>
    Array.from(row.querySelectorAll('td'))
      .map((cell) => cell.textContent ?? '')
      .filter((text, index) => index > 0 && index < 3),
  );
}

describe('error log', () => {
  it('stays out of the top bar while nothing went wrong', () => {
    release = captureRuntimeErrors(window);
    renderWithLog();
    expect(logButton()).not.toBeInTheDocument();
  });

  it('lists a runtime error of a screen with its message and the page it happened on', async () => {
    release = captureRuntimeErrors(window);
    window.history.pushState(null, '', '/overseas/list?page=2');
    renderWithLog();
    await userEvent.click(screen.getByRole('button', { name: '查看车辆' }));

    await waitFor(() => expect(logButton()).toHaveAccessibleName('错误日志（1 条）'));
    expect(within(logButton() as HTMLElement).getByText('1')).toBeInTheDocument();
    const dialog = await openLog();
    expect(rows(dialog)).toEqual([["Cannot read properties of undefined (reading 'vin')", '/overseas/list?page=2']]);
    expect(within(dialog).getByText(/^\d{4}\/\d{1,2}\/\d{1,2} \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
  });

  it('puts the newest first, logs a promise nobody caught, but not a failed API call the clerk was told about', async () => {
    release = captureRuntimeErrors(window);
    renderWithLog();
    window.history.pushState(null, '', '/custom/list');
    await userEvent.click(screen.getByRole('button', { name: '查看车辆' }));

    window.history.pushState(null, '', '/purchase/list');
    const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });
    window.dispatchEvent(rejection(new ApiError('该记录已被他人修改，请刷新后重试', 409, null)));
    window.dispatchEvent(rejection(new Error('导出文件解析失败')));

    await waitFor(() => expect(logButton()).toHaveAccessibleName('错误日志（2 条）'));
    const dialog = await openLog();
    expect(rows(dialog)).toEqual([
      ['导出文件解析失败', '/purchase/list'],
      ["Cannot read properties of undefined (reading 'vin')", '/custom/list'],
    ]);
  });

  it('records a screen that crashed while rendering, shown by the route error page', async () => {
    function CrashingScreen(): never {
      throw new Error('合同数据格式不正确');
    }
    window.history.pushState(null, '', '/overseas/edit/7');
    const router = createBrowserRouter([
      { path: '/overseas/edit/:id', element: <CrashingScreen />, errorElement: <RouteErrorPage /> },
    ]);
    renderWithLog(<RouterProvider router={router} />);
    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
    await waitFor(() => expect(logButton()).toHaveAccessibleName('错误日志（1 条）'));
    const dialog = await openLog();
    expect(rows(dialog)).toEqual([['合同数据格式不正确', '/overseas/edit/7']]);
  });

  it('清空 empties the list, and the button leaves the top bar once the dialog is closed', async () => {
    release = captureRuntimeErrors(window);
    renderWithLog();
    await userEvent.click(screen.getByRole('button', { name: '查看车辆' }));
    const dialog = await openLog();
    await userEvent.click(within(dialog).getByRole('button', { name: '清 空' }));
    expect(await within(dialog).findByText('暂无错误日志')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '清 空' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(logButton()).not.toBeInTheDocument());
  });

  it('stops listening once released', async () => {
    captureRuntimeErrors(window)();
    renderWithLog();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('导出文件解析失败') }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logButton()).not.toBeInTheDocument();
  });
});
