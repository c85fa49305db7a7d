/**
 * FileViewerDialog with the real fixtures of ../shared/fixtures/scans and excel, served by the real storage
 * test server (bearer token, object URLs): each file previews, or says why not and offers 下载.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useSession } from '../stores/session';
import { setApiBase, setHttpFeedback } from '../api/http-client';
import { readFixture, startStorageTestServer, type StorageTestServer } from '../testing/storage-test-server';
import { FileViewerDialog } from './file-viewer-dialog';
import { FilePreview } from './file-preview';
import { forgetFileNames } from './use-file-names';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from './object-url-stand-in';
import { captureDownloads, type CapturedDownloads } from './download-capture';

configure({ asyncUtilTimeout: 8000 });

let server: StorageTestServer;
let urls: ObjectUrlRegistry;
let downloads: CapturedDownloads;
let restoreFeedback: () => void;
const toasts: string[] = [];
const fixtures: Record<string, Uint8Array> = {};

beforeAll(async () => {
  server = await startStorageTestServer();
  setApiBase(server.url);
  for (const [key, file] of Object.entries({
    jpg: 'scans/customs-declaration.jpg',
    png: 'scans/vehicle-exterior.png',
    pdf: 'scans/deregistration-certificate.pdf',
    docx: 'scans/deregistration-certificate.docx',
    doc: 'scans/deregistration-certificate.doc',
    txt: 'scans/deregistration-certificate.txt',
    zip: 'scans/contract-bundle.zip',
    xlsx: 'excel/cars-import.xlsx',
    xls: 'excel/cars-import.xls',
  })) {
    fixtures[key] = await readFixture(file);
  }
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  forgetFileNames();
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

const stored = (extension: string, contentType = 'application/octet-stream') =>
  server.store(`/storage/document/2026/11/f-${extension}.${extension}`, fixtures[extension]!, contentType);

function open(path: string, name: string) {
  let closed = 0;
  const view = render(
    <App>
      <FileViewerDialog path={path} name={name} onClose={() => (closed += 1)} />
    </App>,
  );
  return { view, closed: () => closed };
}

/** A PDF text string as the viewer writes a title: UTF-16BE with its byte-order mark, in hex. */
const pdfTitle = (name: string) =>
  `<FEFF${Array.from(name, (character) => character.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('')}>`;

const bytesBehind = async (url: string | null) => new Uint8Array(await urls.live.get(url ?? '')!.arrayBuffer());

/** docx-preview renders into the viewer's shadow root: read its text there. */
const docxText = () => document.querySelector('.file-viewer-docx')?.shadowRoot?.textContent ?? '';

describe('FileViewerDialog', () => {
  it('shows a PDF in an iframe from a blob: URL typed application/pdf, fetched with the token, and revokes it on close', async () => {
    const path = stored('pdf', 'application/octet-stream');
    const { view } = open(path, '注销证明.pdf');
    const dialog = await screen.findByRole('dialog', { name: '注销证明.pdf' });
    const frame = await within(dialog).findByTitle('注销证明.pdf');
    expect(frame.tagName).toBe('IFRAME');
    const src = frame.getAttribute('src')!;
    expect(src).toMatch(/^blob:/);
    expect(urls.live.get(src)!.type).toBe('application/pdf');
    // The file as stored, then an update titling it with its name (Chromium's viewer heads it so).
    const shown = await bytesBehind(src);
    expect(shown.subarray(0, fixtures.pdf!.length)).toEqual(fixtures.pdf);
    expect(new TextDecoder('latin1').decode(shown.subarray(fixtures.pdf!.length))).toContain(
      `/Title ${pdfTitle('注销证明.pdf')}`,
    );
    expect(server.fileRequests).toEqual([{ path, authorization: `Bearer ${server.token}` }]);
    expect(document.body.innerHTML).not.toContain('/storage/');

    view.rerender(
      <App>
        <FileViewerDialog path={undefined} name="" onClose={() => undefined} />
      </App>,
    );
    await waitFor(() => expect(urls.revoked).toContain(src));
  });

  it('renders a Word .docx: the certificate’s text shows, kept in the viewer’s own shadow root', async () => {
    open(stored('docx'), '注销证明.docx');
    await waitFor(() => expect(docxText()).toContain('机动车注销证明书'));
    expect(docxText()).toContain('车架号：LFVAB1230RA200002');
    expect(docxText()).toContain('注销原因：出口');
    // The document's own CSS stays inside the shadow root: nothing was added to the page's head.
    expect(document.head.innerHTML).not.toContain('docx');
  });

  it('shows an .xlsx as a table, with its sheets to switch between', async () => {
    const user = userEvent.setup();
    open(stored('xlsx'), '车辆清单.xlsx');
    const table = await screen.findByRole('table', { name: '工作表 车辆清单' });
    expect(within(table).getByRole('cell', { name: 'LSVAB1235RA100000' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '255081.26' })).toBeInTheDocument();
    // Row numbers and column letters as Excel shows them; 21 rows, the header included.
    expect(within(table).getAllByRole('rowheader')).toHaveLength(21);
    expect(within(table).getByRole('columnheader', { name: 'E' })).toBeInTheDocument();

    expect(screen.getByRole('tab', { name: '车辆清单', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '说明' }));
    const notes = await screen.findByRole('table', { name: '工作表 说明' });
    expect(within(notes).getByRole('cell', { name: 'LSVAB123XRA999999' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '工作表 车辆清单' })).not.toBeInTheDocument();
  });

  it('shows a legacy .xls the same way', async () => {
    open(stored('xls'), '车辆清单.xls');
    const table = await screen.findByRole('table', { name: '工作表 车辆清单' });
    expect(within(table).getByRole('cell', { name: 'LFVAB1232RA100001' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '说明' })).toBeInTheDocument();
  });

  it('shows a .txt as its text', async () => {
    open(stored('txt', 'text/plain; charset=utf-8'), '注销证明.txt');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/车架号：LFVAB1230RA200002/)).toBeInTheDocument();
    expect(within(dialog).getByText(/机动车注销证明书/).tagName).toBe('PRE');
  });

  it('shows a picture that zooms in and out and fits again', async () => {
    const user = userEvent.setup();
    open(stored('jpg', 'image/jpeg'), '报关单.jpg');
    const picture = await screen.findByRole('img', { name: '报关单.jpg' });
    expect(await bytesBehind(picture.getAttribute('src'))).toEqual(fixtures.jpg);
    const scale = screen.getByLabelText('缩放比例');
    expect(scale).toHaveTextContent('100%');
    await user.click(screen.getByRole('button', { name: '放大' }));
    await user.click(screen.getByRole('button', { name: '放大' }));
    expect(scale).toHaveTextContent('200%');
    await user.click(screen.getByRole('button', { name: '缩小' }));
    expect(scale).toHaveTextContent('150%');
    await user.click(screen.getByRole('button', { name: '适应窗口' }));
    expect(scale).toHaveTextContent('100%');
  });

  it.each([
    ['doc', '注销证明.doc'],
    ['zip', '合同附件.zip'],
  ])(
    'says a .%s cannot be previewed, fetches nothing until 下载, then saves it under its name',
    async (extension, name) => {
      const user = userEvent.setup();
      const path = stored(extension);
      open(path, name);
      const dialog = await screen.findByRole('dialog', { name });
      expect(within(dialog).getByText('此类文件无法预览，请下载后查看')).toBeInTheDocument();
      expect(server.fileRequests).toEqual([]);
      // One 下载, in the middle of the dialog.
      const downloadButtons = within(dialog).getAllByRole('button', { name: /下\s?载/ });
      expect(downloadButtons).toHaveLength(1);
      await user.click(downloadButtons[0]!);
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(downloads.saved[0]!.name).toBe(name);
      expect(await bytesBehind(downloads.saved[0]!.href)).toEqual(fixtures[extension]);
      expect(server.fileRequests).toEqual([{ path, authorization: `Bearer ${server.token}` }]);
    },
  );

  it('offers 下载 for a previewed file too, and closes with 关闭', async () => {
    const user = userEvent.setup();
    const { closed } = open(stored('txt', 'text/plain'), '注销证明.txt');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/机动车注销证明书/);
    await user.click(within(dialog).getByRole('button', { name: /下\s?载/ }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(await bytesBehind(downloads.saved[0]!.href)).toEqual(fixtures.txt);
    await user.click(within(dialog).getByRole('button', { name: /关\s?闭/ }));
    expect(closed()).toBe(1);
  });

  it('says why in the dialog when the file cannot be fetched, without a toast', async () => {
    open('/storage/document/2026/11/missing.pdf', '缺失.pdf');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/^文件加载失败/)).toBeInTheDocument();
    expect(within(dialog).queryByTitle('缺失.pdf')).not.toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('says a corrupt workbook cannot be read rather than showing nothing', async () => {
    const path = server.store('/storage/document/2026/11/broken.xlsx', fixtures.pdf!, 'application/octet-stream');
    open(path, '坏表.xlsx');
    expect(await screen.findByText('无法读取该文件，请下载后查看')).toBeInTheDocument();
  });
});

describe('FilePreview opens every file in the viewer', () => {
  it('opens a .docx from its link and a .zip from its link, each in the same dialog', async () => {
    const user = userEvent.setup();
    const word = stored('docx');
    const zip = stored('zip');
    render(
      <App>
        <FilePreview paths={[word, zip]} names={{ [word]: '注销证明.docx', [zip]: '合同附件.zip' }} />
      </App>,
    );
    await user.click(await screen.findByRole('button', { name: '预览 注销证明.docx' }));
    expect(await screen.findByRole('dialog', { name: '注销证明.docx' })).toBeInTheDocument();
    await waitFor(() => expect(docxText()).toContain('机动车注销证明书'));
    await user.click(screen.getByRole('button', { name: /关\s?闭/ }));

    await user.click(screen.getByRole('button', { name: '预览 合同附件.zip' }));
    const dialog = await screen.findByRole('dialog', { name: '合同附件.zip' });
    expect(within(dialog).getByText('此类文件无法预览，请下载后查看')).toBeInTheDocument();
  });
});
