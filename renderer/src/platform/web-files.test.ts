import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { desktopFileMessages, type DownloadProgress } from '../../../contract/desktop-api';
import { setApiBase, setHttpFeedback } from '../api/http-client';
import { readFixture, startStorageTestServer, type StorageTestServer } from '../testing/storage-test-server';
import { captureDownloads, type CapturedDownloads } from '../components/download-capture';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from '../components/object-url-stand-in';
import { useSession } from '../stores/session';
import { createWebFiles, webFileMessages } from './web-files';

const excelTooBig = '文件过大，要读取的excel文件不应超过100KB';
const excel = { name: 'Excel 文件', extensions: ['xlsx', 'xls'] };
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The refusal a pending call ends with (caught at once, so it is never an unhandled rejection). */
const refusalOf = (pending: Promise<unknown>) =>
  pending.then(
    () => new Error('expected a refusal'),
    (error: unknown) => error as Error,
  );

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]');

describe('web files: openFile', () => {
  let workbook: Uint8Array<ArrayBuffer>;
  let tooBig: Uint8Array<ArrayBuffer>;
  beforeAll(async () => {
    workbook = await readFixture('excel/cars-import.xlsx');
    tooBig = await readFixture('excel/cars-import-too-big.xlsx');
  });

  it('offers a hidden file input limited to the types, and answers the picked file’s bytes', async () => {
    const user = userEvent.setup();
    const picked = createWebFiles().openFile({ filters: [excel], maxBytes: 100 * 1024 });
    const input = fileInput()!;
    expect(input).not.toBeVisible();
    expect(input.accept).toBe('.xlsx,.xls');
    expect(input.multiple).toBe(false);
    await user.upload(input, new File([workbook], '车辆清单.xlsx', { type: xlsxType }));
    const file = await picked;
    expect(file).toMatchObject({ name: '车辆清单.xlsx', size: workbook.length });
    expect(file!.bytes).toEqual(workbook);
    // The input is gone once it has served.
    expect(fileInput()).toBeNull();
  });

  it('answers null when the picker is closed without a file', async () => {
    const picked = createWebFiles().openFile({ filters: [excel] });
    fileInput()!.dispatchEvent(new Event('cancel'));
    expect(await picked).toBeNull();
    expect(fileInput()).toBeNull();
  });

  it('refuses a file above the limit with the message the caller gave', async () => {
    const user = userEvent.setup();
    const refusal = refusalOf(
      createWebFiles().openFile({ filters: [excel], maxBytes: 100 * 1024, tooLargeMessage: excelTooBig }),
    );
    await user.upload(fileInput()!, new File([tooBig], 'cars-import-too-big.xlsx', { type: xlsxType }));
    expect((await refusal).message).toBe(excelTooBig);
  });

  it('refuses another type picked through "all files"', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const refusal = refusalOf(createWebFiles().openFile({ filters: [excel] }));
    await user.upload(fileInput()!, new File(['%PDF-1.4'], '合同.pdf', { type: 'application/pdf' }));
    expect((await refusal).message).toBe(desktopFileMessages.wrongType);
  });

  it('refuses malformed options in Chinese, without a picker', async () => {
    await expect(createWebFiles().openFile({ filters: [] })).rejects.toThrow(/[\u4e00-\u9fff]/);
    expect(fileInput()).toBeNull();
  });
});

describe('web files: downloadExport', () => {
  let server: StorageTestServer;
  let urls: ObjectUrlRegistry;
  let downloads: CapturedDownloads;
  let restoreFeedback: () => void;
  let workbook: Uint8Array<ArrayBuffer>;
  const toasts: string[] = [];
  const path = '/storage/exports/2026/11/4c2d9e.xlsx';

  beforeAll(async () => {
    server = await startStorageTestServer();
    setApiBase(server.url);
    workbook = await readFixture('excel/cars-import-too-big.xlsx');
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    toasts.length = 0;
    useSession.setState({ token: server.token });
    urls = installObjectUrlStandIn();
    downloads = captureDownloads();
    restoreFeedback = setHttpFeedback({ error: (text) => toasts.push(text) });
  });
  afterEach(() => {
    urls.restore();
    downloads.stop();
    restoreFeedback();
  });

  it('fetches the export with the token, reports progress, and hands the browser a download', async () => {
    server.store(path, workbook, xlsxType);
    const files = createWebFiles();
    const progress: DownloadProgress[] = [];
    const unsubscribe = files.onDownloadProgress((event) => progress.push(event));
    const result = await files.downloadExport({ url: path, suggestedName: '海外合同列表', downloadId: 'w1' });
    unsubscribe();

    expect(result).toEqual({ savedTo: '海外合同列表.xlsx', opened: false });
    expect(server.fileRequests).toEqual([{ path, authorization: `Bearer ${server.token}` }]);
    expect(downloads.saved).toHaveLength(1);
    expect(downloads.saved[0]!.name).toBe('海外合同列表.xlsx');
    const blob = urls.live.get(downloads.saved[0]!.href)!;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(workbook);

    // Progress from the HTTP client, ending with the whole file.
    expect(progress.every((event) => event.downloadId === 'w1' && event.url === path)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ received: workbook.length, total: workbook.length, percent: 100 });
    expect(toasts).toEqual([]);
    expect(document.body.innerHTML).not.toContain(server.token);
  });

  it('stops telling a listener once it unsubscribed', async () => {
    server.store(path, workbook, xlsxType);
    const files = createWebFiles();
    const progress: DownloadProgress[] = [];
    files.onDownloadProgress((event) => progress.push(event))();
    await files.downloadExport({ url: path, suggestedName: 'a' });
    expect(progress).toEqual([]);
  });

  it('says 下载失败 with the server’s reason when the file is missing, and saves nothing', async () => {
    await expect(createWebFiles().downloadExport({ url: path, suggestedName: 'a' })).rejects.toThrow(
      '下载失败：文件不存在',
    );
    expect(downloads.saved).toEqual([]);
    // The button says it; the client does not toast as well.
    expect(toasts).toEqual([]);
  });

  it('refuses an answer that is not a workbook', async () => {
    server.store(path, new TextEncoder().encode('<html>login</html>'), 'text/html');
    await expect(createWebFiles().downloadExport({ url: path, suggestedName: 'a' })).rejects.toThrow(
      desktopFileMessages.notExcel,
    );
    expect(downloads.saved).toEqual([]);
  });

  it.each([
    '/storage/image/2026/11/a.jpg',
    'https://evil.example/storage/exports/a.xlsx',
    '/storage/exports/../image/a.xlsx',
    '/storage/exports/a.xlsx?x=1',
  ])('refuses %s without any request', async (url) => {
    await expect(createWebFiles().downloadExport({ url, suggestedName: 'a' })).rejects.toThrow(
      '只能下载服务器导出的 Excel 文件',
    );
    expect(server.fileRequests).toEqual([]);
  });

  it('answers cancelled when the download is cancelled', async () => {
    let release: () => void = () => undefined;
    const files = createWebFiles({
      fetchExport: (_path, { signal }) =>
        new Promise((_resolve, reject) => {
          release = () => reject(new Error('请求已取消'));
          signal.addEventListener('abort', () => release());
        }),
    });
    const running = files.downloadExport({ url: path, suggestedName: 'a', downloadId: 'c1' });
    await files.cancelDownload('c1');
    await expect(running).resolves.toEqual({ cancelled: true });
    expect(downloads.saved).toEqual([]);
  });

  it('gives up with 下载超时 when nothing arrives', async () => {
    const files = createWebFiles({
      idleTimeoutMs: 100,
      fetchExport: (_path, { signal }) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    await expect(files.downloadExport({ url: path, suggestedName: 'a' })).rejects.toThrow(desktopFileMessages.timeout);
  });

  it('says the browser chooses the download folder', async () => {
    await expect(createWebFiles().chooseDownloadFolder()).rejects.toThrow(webFileMessages.folderInBrowser);
  });

  it('downloads a contract zip as an ordinary browser download, and says it cannot show a folder', async () => {
    const zipPath = '/storage/exports/2026/11/5d3e.zip';
    // Any zip will do: a workbook is one.
    server.store(zipPath, workbook, 'application/zip');
    const files = createWebFiles();
    const result = await files.downloadArchive({ url: zipPath, suggestedName: 'HW/2026:1-资料' });
    expect(result).toEqual({ savedTo: 'HW_2026_1-资料.zip' });
    expect(downloads.saved.map((saved) => saved.name)).toEqual(['HW_2026_1-资料.zip']);
    expect(new Uint8Array(await urls.live.get(downloads.saved[0]!.href)!.arrayBuffer())).toEqual(workbook);
    await expect(files.showInFolder('HW_2026_1-资料.zip')).rejects.toThrow(desktopFileMessages.showInBrowser);
  });

  it('refuses a contract zip answer that is not a zip, and a path that is not one', async () => {
    const zipPath = '/storage/exports/2026/11/5d3e.zip';
    server.store(zipPath, new TextEncoder().encode('<html>login</html>'), 'text/html');
    await expect(createWebFiles().downloadArchive({ url: zipPath, suggestedName: 'a' })).rejects.toThrow(
      desktopFileMessages.notZip,
    );
    await expect(createWebFiles().downloadArchive({ url: path, suggestedName: 'a' })).rejects.toThrow(
      '只能下载服务器打包的资料压缩包',
    );
    expect(downloads.saved).toEqual([]);
  });
});
