import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { downloadsMessages } from '../../../../../contract/filed-downloads';
import { setApiBase, setHttpFeedback } from '../../../api/http-client';
import { captureDownloads, type CapturedDownloads } from '../../../components/download-capture';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from '../../../components/object-url-stand-in';
import { desktop } from '../../../platform/desktop';
import { useSession } from '../../../stores/session';
import { readFixture } from '../../../testing/storage-test-server';
import { DownloadContract } from './download-contract';

// Real requests to a real server on a machine shared with other work: give answers time to come.
configure({ asyncUtilTimeout: 5000 });

/**
 * A real HTTP server playing API.md's downloads: `GET /api/car/downloads?orderId=` answers `{ path }` for the
 * finished contract 7 and 409 with the reason for any other, and `GET /storage/exports/….zip` serves the zip
 * to the bearer token, holding its second half until the test releases it. The renderer's TypeScript has no
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
}
interface NodeServer {
  listen(port: number, host: string, callback: () => void): void;
  address(): { port: number };
  close(callback: () => void): void;
  closeAllConnections(): void;
}

const token = 'tok_download_contract_0123456789';
const zipPath = '/storage/exports/2026/11/3e9a1c.zip';

async function startDownloadsServer(zip: Uint8Array) {
  const nodeHttp = 'node:http';
  const { createServer } = (await import(/* @vite-ignore */ nodeHttp)) as {
    createServer(handler: (req: Req, res: Res) => void): NodeServer;
  };
  const state = {
    hold: false,
    packCalls: [] as string[],
    fileCalls: [] as { path: string; authorization: string | undefined }[],
    held: [] as (() => void)[],
  };
  const server = createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': String(req.headers.origin ?? '*'),
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
    if (req.headers.authorization !== `Bearer ${token}`) return envelope(401, '登录已过期，请重新登录');
    if (url.startsWith('/api/car/downloads')) {
      state.packCalls.push(url);
      const orderId = new URLSearchParams(url.split('?')[1] ?? '').get('orderId');
      if (orderId !== '7') return envelope(409, downloadsMessages.notFinished);
      return envelope(200, 'ok', { path: zipPath });
    }
    if (url === zipPath) {
      state.fileCalls.push({ path: url, authorization: req.headers.authorization as string | undefined });
      res.writeHead(200, { ...cors, 'Content-Type': 'application/zip', 'Content-Length': zip.length });
      if (!state.hold) return res.end(zip);
      const half = Math.floor(zip.length / 2);
      res.write(zip.subarray(0, half));
      state.held.push(() => res.end(zip.subarray(half)));
      return;
    }
    envelope(404, '文件不存在');
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

let server: Awaited<ReturnType<typeof startDownloadsServer>>;
let zip: Uint8Array<ArrayBuffer>;
let urls: ObjectUrlRegistry;
let downloads: CapturedDownloads;
let restoreFeedback: () => void;
const toasts: string[] = [];

beforeAll(async () => {
  zip = await readFixture('scans/contract-bundle.zip');
  server = await startDownloadsServer(zip);
  setApiBase(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  server.hold = false;
  server.packCalls.length = 0;
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

// jsdom ends no CSS transition: without motion, messages and dialogs come and go at once.
const noMotion = { token: { motion: false } };

function renderCard(orderId = 7, orderNo = 'HW-2026-001') {
  return render(
    <ConfigProvider locale={zhCN} theme={noMotion}>
      <App>
        <DownloadContract orderId={orderId} orderNo={orderNo} />
      </App>
    </ConfigProvider>,
  );
}

const button = () => screen.getByRole('button', { name: '海外合同 HW-2026-001 下载' });

/** Clicks 下载 and answers the confirmation dialog. */
async function confirmDownload(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button());
  const dialog = await screen.findByRole('dialog');
  // antd writes the title twice (shown, and for the dialog's name).
  expect(within(dialog).getAllByText(downloadsMessages.confirmTitle).length).toBeGreaterThan(0);
  expect(within(dialog).getByText(downloadsMessages.confirmText('HW-2026-001'))).toBeInTheDocument();
  return dialog;
}

describe('DownloadContract (下载 on a finished contract)', () => {
  it('asks first, and 取消 downloads nothing', async () => {
    const user = userEvent.setup();
    renderCard();
    const dialog = await confirmDownload(user);
    await user.click(within(dialog).getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.packCalls).toEqual([]);
    expect(downloads.saved).toEqual([]);
  });

  it('packs, shows the download’s progress, then hands the browser the zip named after the contract', async () => {
    const user = userEvent.setup();
    server.hold = true;
    renderCard();
    const dialog = await confirmDownload(user);
    await user.click(within(dialog).getByRole('button', { name: /下\s?载/ }));

    const bar = await screen.findByRole('progressbar', { name: downloadsMessages.downloading });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(40));
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(button()).toBeDisabled();

    server.release();
    expect(await screen.findByText(downloadsMessages.done)).toBeInTheDocument();
    await waitFor(() => expect(button()).toBeEnabled());
    expect(server.packCalls).toEqual(['/api/car/downloads?orderId=7']);
    expect(server.fileCalls).toEqual([{ path: zipPath, authorization: `Bearer ${token}` }]);
    expect(downloads.saved.map((saved) => saved.name)).toEqual(['HW-2026-001-资料.zip']);
    const blob = urls.live.get(downloads.saved[0]!.href)!;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(zip);
    // A browser cannot show a folder: no such offer.
    expect(screen.queryByRole('button', { name: new RegExp(downloadsMessages.showInFolder) })).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('says 下载失败! with the server’s reason when the contract is not finished, and downloads nothing', async () => {
    const user = userEvent.setup();
    renderCard(8);
    const dialog = await confirmDownload(user);
    await user.click(within(dialog).getByRole('button', { name: /下\s?载/ }));
    expect(await screen.findByText(downloadsMessages.failed)).toBeInTheDocument();
    expect(screen.getByText(downloadsMessages.notFinished)).toBeInTheDocument();
    expect(server.fileCalls).toEqual([]);
    expect(downloads.saved).toEqual([]);
    // The button says it; the HTTP client does not toast as well.
    expect(toasts).toEqual([]);
    await waitFor(() => expect(button()).toBeEnabled());
  });

  describe('in the desktop app', () => {
    const asElectron = () => {
      const shell = desktop as { kind: 'electron' | 'web' };
      const before = shell.kind;
      shell.kind = 'electron';
      return () => {
        shell.kind = before;
      };
    };

    // What Electron's main answers once it has saved the zip (main/downloads.test.ts tests that).
    it('says where the zip was saved and offers 打开所在文件夹, which shows that very file', async () => {
      const restore = asElectron();
      try {
        const user = userEvent.setup();
        const saved = 'C:\\Users\\clerk\\Downloads\\HW-2026-001-资料.zip';
        const download = vi.spyOn(desktop.files, 'downloadArchive').mockResolvedValue({ savedTo: saved });
        const show = vi.spyOn(desktop.files, 'showInFolder').mockResolvedValue(undefined);
        renderCard();
        const dialog = await confirmDownload(user);
        await user.click(within(dialog).getByRole('button', { name: /下\s?载/ }));
        expect(await screen.findByText(downloadsMessages.savedTo(saved))).toBeInTheDocument();
        expect(download).toHaveBeenCalledWith(
          expect.objectContaining({
            url: zipPath,
            suggestedName: 'HW-2026-001-资料.zip',
            downloadId: expect.any(String),
          }),
        );
        // Beside the button, for after the message has gone.
        await user.click(
          screen.getByRole('button', { name: `海外合同 HW-2026-001 资料 ${downloadsMessages.showInFolder}` }),
        );
        expect(show).toHaveBeenCalledWith(saved);
      } finally {
        restore();
      }
    });

    it('says 下载失败! with the bridge’s reason when saving fails', async () => {
      const restore = asElectron();
      try {
        const user = userEvent.setup();
        vi.spyOn(desktop.files, 'downloadArchive').mockRejectedValue(new Error('保存文件失败：磁盘空间不足'));
        renderCard();
        const dialog = await confirmDownload(user);
        await user.click(within(dialog).getByRole('button', { name: /下\s?载/ }));
        expect(await screen.findByText(downloadsMessages.failed)).toBeInTheDocument();
        expect(screen.getByText('保存文件失败：磁盘空间不足')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: new RegExp(downloadsMessages.showInFolder) })).toBeNull();
      } finally {
        restore();
      }
    });
  });
});
