import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { apiGet, setApiBase, setHttpFeedback } from '../api/http-client';
import { readFixture } from '../testing/storage-test-server';
import { desktop } from '../platform/desktop';
import { useSession } from '../stores/session';
import { captureDownloads, type CapturedDownloads } from './download-capture';
import { ExportButton, exportMessages } from './export-button';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from './object-url-stand-in';

// Real requests to a real server on a machine shared with other work: give answers time to come.
configure({ asyncUtilTimeout: 5000 });

/**
 * A real HTTP server playing the export part of API.md: `GET /api/order/export` answers `{ download_url }`,
 * `GET /storage/exports/…` serves the workbook to the bearer token, and can hold the second half of the
 * file until the test releases it, so the progress can be seen half way. The renderer's TypeScript has no
 * Node types, so node:http is loaded at run time under the few shapes used.
 */
interface Req {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}
interface Res {
  writeHead(status: number, headers: Record<string, string | number>): void;
  write(body: Uint8Array): void;
  end(body?: Uint8Array | string): void;
  destroy(): void;
}
interface NodeServer {
  listen(port: number, host: string, callback: () => void): void;
  address(): { port: number };
  close(callback: () => void): void;
  closeAllConnections(): void;
}

const token = 'tok_export_button_0123456789';
const exportPath = '/storage/exports/2026/11/7d41aa.xlsx';

async function startExportServer(workbook: Uint8Array) {
  // A variable name keeps the renderer's type check (no Node types) from resolving the module.
  const nodeHttp = 'node:http';
  const { createServer } = (await import(/* @vite-ignore */ nodeHttp)) as {
    createServer(handler: (req: Req, res: Res) => void): NodeServer;
  };
  const state = {
    hold: false,
    exportCalls: [] as string[],
    fileCalls: [] as { path: string; authorization: string | undefined }[],
    held: [] as (() => void)[],
  };
  const server = createServer((req, res) => {
    const origin = String(req.headers.origin ?? '*');
    const cors = {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      Vary: 'Origin',
    };
    const envelope = (status: number, message: string, data: unknown = null) => {
      res.writeHead(status, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: status, message, data }));
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    const url = req.url ?? '';
    const authorized = req.headers.authorization === `Bearer ${token}`;
    if (url.startsWith('/api/order/export')) {
      state.exportCalls.push(url);
      if (!authorized) return envelope(401, '登录已过期，请重新登录');
      const query = new URLSearchParams(url.split('?')[1] ?? '');
      if (query.get('fail')) return envelope(500, '导出失败，请稍后再试');
      return envelope(200, 'ok', {
        download_url: query.get('missing') ? '/storage/exports/2026/11/gone.xlsx' : exportPath,
      });
    }
    if (url.startsWith('/storage/')) {
      state.fileCalls.push({ path: url, authorization: req.headers.authorization as string | undefined });
      if (!authorized) return envelope(401, '登录已过期，请重新登录');
      if (url !== exportPath) return envelope(404, '文件不存在');
      res.writeHead(200, {
        ...cors,
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Length': workbook.length,
      });
      if (!state.hold) return res.end(workbook);
      const half = Math.floor(workbook.length / 2);
      res.write(workbook.subarray(0, half));
      state.held.push(() => res.end(workbook.subarray(half)));
      return;
    }
    envelope(404, '记录不存在');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${server.address().port}`,
    release() {
      state.held.splice(0).forEach((finish) => finish());
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(resolve));
    },
  });
}

let server: Awaited<ReturnType<typeof startExportServer>>;
let workbook: Uint8Array<ArrayBuffer>;
let urls: ObjectUrlRegistry;
let downloads: CapturedDownloads;
let restoreFeedback: () => void;
const toasts: string[] = [];

beforeAll(async () => {
  workbook = await readFixture('excel/cars-import-too-big.xlsx');
  server = await startExportServer(workbook);
  setApiBase(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  server.hold = false;
  server.exportCalls.length = 0;
  server.fileCalls.length = 0;
  toasts.length = 0;
  useSession.setState({ token });
  urls = installObjectUrlStandIn();
  downloads = captureDownloads();
  restoreFeedback = setHttpFeedback({ error: (text) => toasts.push(text) });
});
afterEach(() => {
  server.release();
  urls.restore();
  downloads.stop();
  restoreFeedback();
  vi.restoreAllMocks();
});

// jsdom ends no CSS transition: without motion, messages come and go at once.
const noMotion = { token: { motion: false } };

/** A list's export button as a screen uses it: the list's filters go to its own export endpoint. */
function renderButton(query = 'order_no=HW2026') {
  return render(
    <ConfigProvider locale={zhCN} theme={noMotion}>
      <App>
        <ExportButton
          request={() => apiGet<{ download_url: string }>(`/api/order/export?${query}`)}
          fileName="海外合同"
        />
      </App>
    </ConfigProvider>,
  );
}

const button = () => screen.getByRole('button', { name: /导\s?出/ });

describe('ExportButton', () => {
  it('asks for the export, shows the download’s progress, then says 导出成功 and hands the browser the file', async () => {
    const user = userEvent.setup();
    server.hold = true;
    renderButton();
    await user.click(button());

    // Half the file has come: the bar says so, and the button cannot start a second export.
    const bar = await screen.findByRole('progressbar', { name: '正在下载 海外合同' });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(40));
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(button()).toBeDisabled();
    await user.click(button());
    expect(server.exportCalls).toEqual(['/api/order/export?order_no=HW2026']);

    server.release();
    expect(await screen.findByText(exportMessages.success)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(button()).toBeEnabled());

    expect(server.fileCalls).toEqual([{ path: exportPath, authorization: `Bearer ${token}` }]);
    expect(downloads.saved.map((saved) => saved.name)).toEqual(['海外合同.xlsx']);
    const blob = urls.live.get(downloads.saved[0]!.href)!;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(workbook);
    expect(toasts).toEqual([]);
  });

  it('says 下载失败! with the reason when the file cannot be downloaded', async () => {
    const user = userEvent.setup();
    renderButton('missing=1');
    await user.click(button());
    expect(await screen.findByText(exportMessages.failed)).toBeInTheDocument();
    expect(screen.getByText('文件不存在')).toBeInTheDocument();
    expect(downloads.saved).toEqual([]);
    await waitFor(() => expect(button()).toBeEnabled());
  });

  it('leaves a failed export call to the HTTP client’s own message, and downloads nothing', async () => {
    const user = userEvent.setup();
    renderButton('fail=1');
    await user.click(button());
    await waitFor(() => expect(toasts).toEqual(['导出失败，请稍后再试']));
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByText(exportMessages.failed)).toBeNull();
    expect(server.fileCalls).toEqual([]);
  });

  it('stops the download on 取消 and says so', async () => {
    const user = userEvent.setup();
    server.hold = true;
    renderButton();
    await user.click(button());
    await screen.findByRole('progressbar', { name: '正在下载 海外合同' });
    await user.click(screen.getByRole('button', { name: /取\s?消/ }));
    expect(await screen.findByText(exportMessages.cancelled)).toBeInTheDocument();
    expect(downloads.saved).toEqual([]);
    await waitFor(() => expect(button()).toBeEnabled());
  });

  describe('in the desktop app', () => {
    // What Electron's main answers once it has saved and opened the file (main/downloads.test.ts tests that).
    it('says where the file was saved and that it was opened', async () => {
      const user = userEvent.setup();
      const saved = 'C:\\Users\\clerk\\Downloads\\海外合同.xlsx';
      const download = vi.spyOn(desktop.files, 'downloadExport').mockResolvedValue({ savedTo: saved, opened: true });
      renderButton();
      await user.click(button());
      expect(await screen.findByText(`已保存到 ${saved} 并已打开`)).toBeInTheDocument();
      expect(download).toHaveBeenCalledWith(
        expect.objectContaining({ url: exportPath, suggestedName: '海外合同', downloadId: expect.any(String) }),
      );
    });

    it('says the file was saved but not opened when no program opens it', async () => {
      const user = userEvent.setup();
      const saved = 'C:\\Users\\clerk\\Downloads\\海外合同 (1).xlsx';
      vi.spyOn(desktop.files, 'downloadExport').mockResolvedValue({
        savedTo: saved,
        opened: false,
        openError: '没有关联的程序',
      });
      renderButton();
      await user.click(button());
      expect(await screen.findByText(`已保存到 ${saved}，但未能自动打开：没有关联的程序`)).toBeInTheDocument();
    });
  });
});
