import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, ConfigProvider, Form } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { uploadMessages, type UploadDir } from '../../../contract/upload';
import { useSession } from '../stores/session';
import { setApiBase, setHttpFeedback } from '../api/http-client';
import { readFixture, startStorageTestServer, type StorageTestServer } from '../testing/storage-test-server';
import { UploadSlot, type UploadSlotProps } from './upload-slot';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from './object-url-stand-in';
import { captureDownloads, type CapturedDownloads } from './download-capture';

const MB = 1024 * 1024;

// Real requests to a real server on a machine shared with other work: give answers time to come.
configure({ asyncUtilTimeout: 5000 });

let server: StorageTestServer;
let urls: ObjectUrlRegistry;
let downloads: CapturedDownloads;
let restoreFeedback: () => void;
const sessionDialogs: string[] = [];
const fixtures: Record<string, Uint8Array<ArrayBuffer>> = {};

beforeAll(async () => {
  server = await startStorageTestServer();
  setApiBase(server.url);
  fixtures.jpg = await readFixture('scans/customs-declaration.jpg');
  fixtures.png = await readFixture('scans/vehicle-exterior.png');
  fixtures.pdf = await readFixture('scans/deregistration-certificate.pdf');
  fixtures.docx = await readFixture('scans/deregistration-certificate.docx');
  fixtures.zip = await readFixture('scans/contract-bundle.zip');
  fixtures.exe = await readFixture('bad-uploads/setup.exe');
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sessionDialogs.length = 0;
  useSession.setState({ token: server.token });
  urls = installObjectUrlStandIn();
  downloads = captureDownloads();
  restoreFeedback = setHttpFeedback({ sessionEnded: (text) => sessionDialogs.push(text) });
});
afterEach(() => {
  urls.restore();
  downloads.stop();
  restoreFeedback();
});

const fixtureFile = (key: string, name: string, type = '') => new File([fixtures[key]!], name, { type });
const sizedFile = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

// jsdom ends no CSS transition: without motion, closed dialogs leave the page at once.
const noMotion = { token: { motion: false } };

/** A form field as a screen holds it: the value lives outside, every change is recorded. */
function Field({
  changes,
  initial = [],
  ...props
}: Omit<UploadSlotProps, 'value' | 'onChange'> & {
  changes: string[][];
  initial?: string[];
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <ConfigProvider locale={zhCN} theme={noMotion}>
      <App>
        <UploadSlot
          {...props}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      </App>
    </ConfigProvider>
  );
}

const dropzone = () => screen.getByRole('button', { name: /^上传文件：/ });
/** A full single-file slot: its file on one row, a drop target, no drop area. */
const fullLine = () => screen.getByRole('group', { name: /^上传文件（拖入新文件即替换）：/ });
const picker = () => document.querySelector('.upload-slot input[type="file"]') as HTMLInputElement;

/** What a drag from the desktop delivers: a drop event whose dataTransfer carries the files. */
async function dropFiles(files: File[], target: () => HTMLElement = dropzone) {
  const dataTransfer = {
    files,
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    types: ['Files'],
  };
  await act(async () => {
    fireEvent.dragEnter(target(), { dataTransfer });
    fireEvent.drop(target(), { dataTransfer });
  });
}

const bytesBehind = async (url: string | null) => new Uint8Array(await urls.live.get(url ?? '')!.arrayBuffer());

function renderField(props: Omit<UploadSlotProps, 'value' | 'onChange'> & { initial?: string[] }) {
  const changes: string[][] = [];
  const view = render(<Field changes={changes} {...props} />);
  return { changes, view };
}

describe('UploadSlot: picking and dropping', () => {
  it('uploads a picked picture, says 文件上传成功 and shows it as a thumbnail from the blob', async () => {
    const user = userEvent.setup();
    const { changes } = renderField({ dir: 'image', accept: ['jpg', 'png', 'jpeg'], maxCount: 9 });
    expect(picker()).toHaveAttribute('accept', '.jpg,.png,.jpeg');
    expect(screen.getByText('支持 jpg、png、jpeg，单个文件不超过 3MB，最多 9 个')).toBeInTheDocument();

    await user.upload(picker(), fixtureFile('jpg', '报关单.jpg', 'image/jpeg'));

    expect(await screen.findByText(uploadMessages.success)).toBeInTheDocument();
    expect(changes).toEqual([['/storage/image/2026/11/upload-1.jpg']]);
    expect(server.uploads).toMatchObject([{ dir: 'image', name: '报关单.jpg', size: fixtures.jpg!.length }]);
    const thumbnail = await screen.findByRole('img', { name: '报关单.jpg' });
    // Its name beside it (issue 7: a JPG contract file showed no name).
    expect(thumbnail.closest('.upload-slot-file')?.querySelector('.stored-file-name')).toHaveTextContent('报关单.jpg');
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:/);
    expect(await bytesBehind(thumbnail.getAttribute('src'))).toEqual(fixtures.jpg);
    expect(server.fileRequests).toEqual([
      { path: '/storage/image/2026/11/upload-1.jpg', authorization: `Bearer ${server.token}` },
    ]);
    expect(document.body.innerHTML).not.toContain('/storage/');
  });

  it('takes files dragged onto it, and shows a document as a link under its own name', async () => {
    const user = userEvent.setup();
    const { changes } = renderField({ dir: 'contract', maxCount: 5 });
    await dropFiles([
      fixtureFile('pdf', '海外合同.pdf', 'application/pdf'),
      fixtureFile('png', '外观.png', 'image/png'),
    ]);

    await waitFor(() => expect(changes).toHaveLength(2));
    expect(server.uploads.map((upload) => [upload.dir, upload.name]).sort()).toEqual([
      ['contract', '外观.png'],
      ['contract', '海外合同.pdf'],
    ]);
    expect(changes.at(-1)).toHaveLength(2);
    // One 文件上传成功 for the drop, not one per file.
    await screen.findAllByText(uploadMessages.success);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(uploadMessages.success)).toHaveLength(1);
    const link = screen.getByRole('button', { name: '预览 海外合同.pdf' });
    expect(await screen.findByRole('img', { name: '外观.png' })).toBeInTheDocument();

    // A PDF opens in the preview dialog, from the blob.
    await user.click(link);
    const frame = await within(await screen.findByRole('dialog')).findByTitle('海外合同.pdf');
    // The stored bytes, then the update titling them with the file's name (file-viewer-pdf-title.ts).
    const shown = await bytesBehind(frame.getAttribute('src'));
    expect(shown.subarray(0, fixtures.pdf!.length)).toEqual(fixtures.pdf);
  });

  it('downloads a file that is neither a picture nor a PDF, through the blob, under its name', async () => {
    const user = userEvent.setup();
    renderField({ dir: 'agreement', maxCount: 1 });
    await user.upload(picker(), fixtureFile('zip', '代付协议.zip', 'application/zip'));
    await user.click(await screen.findByRole('button', { name: '下载 代付协议.zip' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0]!.name).toBe('代付协议.zip');
    expect(await bytesBehind(downloads.saved[0]!.href)).toEqual(fixtures.zip);
  });

  it('opens an uploaded Word file and an uploaded zip in the file viewer: the text, or why not with 下载', async () => {
    const user = userEvent.setup();
    renderField({ dir: 'agreement', maxCount: 1 });
    await user.upload(picker(), fixtureFile('docx', '代付协议.docx'));
    await user.click(await screen.findByRole('button', { name: '预览 代付协议.docx' }));
    const dialog = await screen.findByRole('dialog', { name: '代付协议.docx' });
    await waitFor(() =>
      expect(dialog.querySelector('.file-viewer-docx')?.shadowRoot?.textContent).toContain('车架号：LFVAB1230RA200002'),
    );
    await user.keyboard('{Escape}');

    // The zip takes the Word file's place; it cannot be shown, and says so.
    await user.upload(picker(), fixtureFile('zip', '代付协议.zip', 'application/zip'));
    await user.click(await screen.findByRole('button', { name: '预览 代付协议.zip' }));
    const zipDialog = await screen.findByRole('dialog', { name: '代付协议.zip' });
    expect(within(zipDialog).getByText('此类文件无法预览，请下载后查看')).toBeInTheDocument();
    await user.click(within(zipDialog).getByRole('button', { name: /下\s?载/ }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(await bytesBehind(downloads.saved[0]!.href)).toEqual(fixtures.zip);
  });

  it('opens the file picker from the keyboard (Enter on the drop area)', async () => {
    const user = userEvent.setup();
    renderField({ dir: 'document', maxCount: 3 });
    let opened = 0;
    picker().addEventListener('click', () => (opened += 1));
    dropzone().focus();
    await user.keyboard('{Enter}');
    expect(opened).toBe(1);
  });
});

describe('UploadSlot: checks before uploading, in the spec’s words', () => {
  // The picker's `accept` filter can be switched to "all files" in the dialog, so a wrong type can
  // still come through it; drops are never filtered.
  const anyFile = () => userEvent.setup({ applyAccept: false });

  it.each<[UploadDir, string]>([
    ['contract', '文件类型错误!'],
    ['image', '文件类型错误!'],
    ['document', '文件类型错误, 请检查后重新上传!'],
  ])('refuses a type its %s slot does not take: %s', async (dir, text) => {
    const { changes } = renderField({ dir, maxCount: 5 });
    await anyFile().upload(picker(), fixtureFile('exe', 'setup.exe'));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(server.uploads).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('refuses a type outside its narrower accept list although the slot would take it', async () => {
    renderField({ dir: 'image', accept: ['jpg', 'png', 'jpeg'], maxCount: 9 });
    await dropFiles([fixtureFile('pdf', '回单.pdf', 'application/pdf')]);
    expect(await screen.findByText('文件类型错误!')).toBeInTheDocument();
    expect(server.uploads).toEqual([]);
  });

  it('refuses a file over 3MB in a 3 MB slot, and sends the others of the pick', async () => {
    const { changes } = renderField({ dir: 'contract', maxCount: 5 });
    await dropFiles([sizedFile('扫描件.pdf', 3 * MB + 1), fixtureFile('pdf', '合同.pdf')]);
    expect(await screen.findByText('上传文件大小不能超过 3MB!')).toBeInTheDocument();
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(server.uploads.map((upload) => upload.name)).toEqual(['合同.pdf']);
  });

  it('refuses a file over 20MB in the document slot', async () => {
    renderField({ dir: 'document', maxCount: 5 });
    await anyFile().upload(picker(), sizedFile('报关资料.pdf', 20 * MB + 1));
    expect(await screen.findByText('上传文件大小不能超过20MB, 请检查后重新上传!')).toBeInTheDocument();
    expect(server.uploads).toEqual([]);
  });

  it('refuses a pick that would hold more files than the slot allows, counting the stored ones', async () => {
    const { changes } = renderField({
      dir: 'image',
      maxCount: 2,
      initial: [server.store('/storage/image/2026/11/old.png', fixtures.png!, 'image/png')],
    });
    await dropFiles([fixtureFile('jpg', 'a.jpg'), fixtureFile('png', 'b.png')]);
    expect(await screen.findByText('当前限制选择 2 个文件，请检查后重新尝试')).toBeInTheDocument();
    expect(server.uploads).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('counts files still uploading against the limit', async () => {
    server.nextUploads.push({ kind: 'hold' });
    renderField({ dir: 'image', maxCount: 1 });
    await dropFiles([fixtureFile('jpg', 'a.jpg')]);
    await screen.findByRole('listitem', { name: '正在上传 a.jpg' });
    await dropFiles([fixtureFile('png', 'b.png')]);
    expect(await screen.findByText('当前限制选择 1 个文件，请检查后重新尝试')).toBeInTheDocument();
    server.release();
    await screen.findByRole('img', { name: 'a.jpg' });
    expect(server.uploads.map((upload) => upload.name)).toEqual(['a.jpg']);
  });

  it('lists the files of a drop in the order they were dropped, whichever upload finishes first', async () => {
    // The first upload to reach the server is held, the second answered at once.
    server.nextUploads.push({ kind: 'hold' });
    const old = server.store('/storage/image/2026/11/old.png', fixtures.png!, 'image/png', '旧.png');
    const { changes } = renderField({ dir: 'image', maxCount: 5, initial: [old] });
    await dropFiles([fixtureFile('jpg', '正面.jpg'), fixtureFile('png', '侧面.png')]);
    await waitFor(() => expect(changes).toHaveLength(1));
    server.release();
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes.at(-1)!.map((path) => server.uploadedNames.get(path))).toEqual(['旧.png', '正面.jpg', '侧面.png']);
  });

  it('says 只能上传一份文件! when two files are dropped on a full single-file agreement slot, and keeps its file', async () => {
    const old = server.store('/storage/agreement/2026/11/old.pdf', fixtures.pdf!, 'application/pdf');
    const { changes } = renderField({ dir: 'agreement', maxCount: 1, exceedMessage: 'onlyOne', initial: [old] });
    await dropFiles([fixtureFile('docx', '协议.docx'), fixtureFile('pdf', '协议.pdf')], fullLine);
    expect(await screen.findByText('只能上传一份文件!')).toBeInTheDocument();
    expect(server.uploads).toEqual([]);
    expect(changes).toEqual([]);
    expect(screen.getByRole('button', { name: '预览 old.pdf' })).toBeInTheDocument();
  });

  it('says 只能上传一份文件! when a one-per-pick slot gets two files at once, and takes one', async () => {
    const { changes } = renderField({ dir: 'agreement', maxCount: 5, onePerPick: true });
    expect(picker()).not.toHaveAttribute('multiple');
    await dropFiles([fixtureFile('pdf', '一.pdf'), fixtureFile('pdf', '二.pdf')]);
    expect(await screen.findByText('只能上传一份文件!')).toBeInTheDocument();
    expect(server.uploads).toEqual([]);
    await dropFiles([fixtureFile('pdf', '一.pdf')]);
    await waitFor(() => expect(changes).toHaveLength(1));
  });
});

describe('UploadSlot: progress and failures', () => {
  it('shows a progress bar per file while it uploads, then the file', async () => {
    server.nextUploads.push({ kind: 'hold' });
    const { changes } = renderField({ dir: 'document', maxCount: 3 });
    await dropFiles([fixtureFile('pdf', '注销证明.pdf', 'application/pdf')]);

    const row = await screen.findByRole('listitem', { name: '正在上传 注销证明.pdf' });
    const bar = within(row).getByRole('progressbar');
    // The server has the whole body and holds its answer: the bar is full, the file not yet added.
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(server.heldCount()).toBe(1);
    expect(changes).toEqual([]);
    expect(screen.queryByRole('button', { name: '预览 注销证明.pdf' })).not.toBeInTheDocument();

    server.release();
    expect(await screen.findByRole('button', { name: '预览 注销证明.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: '正在上传 注销证明.pdf' })).not.toBeInTheDocument();
    expect(changes).toEqual([['/storage/document/2026/11/upload-1.pdf']]);
  });

  it('tells the server’s reason in a 文件上传失败 notification and does not add the file', async () => {
    server.nextUploads.push({ kind: 'fail', status: 422, message: uploadMessages.contentMismatch });
    const { changes } = renderField({ dir: 'contract', maxCount: 5 });
    await dropFiles([fixtureFile('exe', 'invoice.pdf')]);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(uploadMessages.failedTitle);
    expect(notice).toHaveTextContent(uploadMessages.contentMismatch);
    expect(changes).toEqual([]);
    expect(screen.queryByRole('listitem', { name: /正在上传/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '预览 invoice.pdf' })).not.toBeInTheDocument();
  });

  it('falls back to 文件上传失败，请重新上传 when the server gives no reason', async () => {
    server.nextUploads.push({ kind: 'fail', status: 500, message: '' });
    renderField({ dir: 'contract', maxCount: 5 });
    await dropFiles([fixtureFile('pdf', '合同.pdf')]);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('文件上传失败');
    expect(notice).toHaveTextContent('文件上传失败，请重新上传');
  });

  it('says 上传错误 when the connection breaks', async () => {
    server.nextUploads.push({ kind: 'drop' });
    const { changes } = renderField({ dir: 'contract', maxCount: 5 });
    await dropFiles([fixtureFile('pdf', '合同.pdf')]);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('文件上传失败');
    expect(notice).toHaveTextContent('上传错误');
    expect(changes).toEqual([]);
  });

  it('leaves an expired session to the client’s login dialog', async () => {
    useSession.setState({ token: 'expired-token' });
    const { changes } = renderField({ dir: 'contract', maxCount: 5 });
    await dropFiles([fixtureFile('pdf', '合同.pdf')]);
    await waitFor(() => expect(sessionDialogs).toEqual(['登录已过期，请重新登录']));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /正在上传/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(changes).toEqual([]);
  });

  it('cancels an upload on request without a failure notice', async () => {
    const user = userEvent.setup();
    server.nextUploads.push({ kind: 'hold' });
    const { changes } = renderField({ dir: 'contract', maxCount: 5 });
    await dropFiles([fixtureFile('pdf', '合同.pdf')]);
    await user.click(await screen.findByRole('button', { name: '取消上传 合同.pdf' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /正在上传/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(changes).toEqual([]);
  });
});

describe('UploadSlot: a full single-file slot', () => {
  it('shows its file on one row with 替换 and 删除, without the drop area', async () => {
    const photo = server.store('/storage/image/2026/11/wg.png', fixtures.png!, 'image/png');
    renderField({ dir: 'image', accept: ['jpg', 'png', 'jpeg'], maxCount: 1, initial: [photo] });
    expect(await screen.findByRole('img', { name: 'wg.png' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^上传文件：/ })).not.toBeInTheDocument();
    expect(screen.queryByText('点击上传')).not.toBeInTheDocument();
    expect(within(fullLine()).getByRole('button', { name: '替换 wg.png' })).toHaveTextContent('替换');
    expect(within(fullLine()).getByRole('button', { name: '删除 wg.png' })).toBeInTheDocument();
    // Still what the slot takes, for the picker and a drop.
    expect(picker()).toHaveAttribute('accept', '.jpg,.png,.jpeg');
    expect(picker()).not.toHaveAttribute('multiple');
  });

  it('takes a file dropped onto the line in the old one’s place, once it is uploaded', async () => {
    const old = server.store('/storage/document/2026/11/old.pdf', fixtures.pdf!, 'application/pdf');
    server.nextUploads.push({ kind: 'hold' });
    const { changes } = renderField({ dir: 'document', maxCount: 1, initial: [old] });
    await dropFiles([fixtureFile('pdf', '行驶证.pdf', 'application/pdf')], fullLine);
    await screen.findByRole('listitem', { name: '正在上传 行驶证.pdf' });
    // While it uploads the old file is still the slot's.
    expect(screen.getByRole('button', { name: '预览 old.pdf' })).toBeInTheDocument();
    expect(changes).toEqual([]);
    server.release();
    // A busy machine: the answer, then the name, may take a while.
    await waitFor(() => expect(changes).toEqual([['/storage/document/2026/11/upload-1.pdf']]), { timeout: 10_000 });
    expect(await screen.findByRole('button', { name: '预览 行驶证.pdf' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '预览 old.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '替换 行驶证.pdf' })).toBeInTheDocument();
  });

  it('opens the picker from the keyboard on 替换, and replaces with the picked file', async () => {
    const user = userEvent.setup();
    const old = server.store('/storage/image/2026/11/old.png', fixtures.png!, 'image/png');
    const { changes } = renderField({ dir: 'image', maxCount: 1, initial: [old] });
    let opened = 0;
    picker().addEventListener('click', () => (opened += 1));
    screen.getByRole('button', { name: '替换 old.png' }).focus();
    await user.keyboard('{Enter}');
    expect(opened).toBe(1);
    await user.upload(picker(), fixtureFile('jpg', '离场.jpg', 'image/jpeg'));
    expect(await screen.findByRole('img', { name: '离场.jpg' })).toBeInTheDocument();
    expect(changes).toEqual([['/storage/image/2026/11/upload-1.jpg']]);
    expect(screen.queryByRole('img', { name: 'old.png' })).not.toBeInTheDocument();
  });

  it('keeps the old file when the replacement is refused, and says why', async () => {
    const old = server.store('/storage/image/2026/11/old.png', fixtures.png!, 'image/png');
    server.nextUploads.push({ kind: 'fail', status: 422, message: uploadMessages.contentMismatch });
    const { changes } = renderField({ dir: 'image', maxCount: 1, initial: [old] });
    await dropFiles([fixtureFile('exe', '放行条.png', 'image/png')], fullLine);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(uploadMessages.failedTitle);
    expect(notice).toHaveTextContent(uploadMessages.contentMismatch);
    expect(changes).toEqual([]);
    expect(screen.getByRole('img', { name: 'old.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '替换 old.png' })).toBeInTheDocument();
  });

  it('refuses a replacement of the wrong type with the slot’s message, and shows the drop area again once emptied', async () => {
    const user = userEvent.setup();
    const old = server.store('/storage/image/2026/11/old.png', fixtures.png!, 'image/png');
    const { changes } = renderField({ dir: 'image', accept: ['jpg', 'png', 'jpeg'], maxCount: 1, initial: [old] });
    await dropFiles([fixtureFile('pdf', '回单.pdf', 'application/pdf')], fullLine);
    expect(await screen.findByText('文件类型错误!')).toBeInTheDocument();
    expect(server.uploads).toEqual([]);
    await user.click(screen.getByRole('button', { name: '删除 old.png' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(changes).toEqual([[]]));
    expect(dropzone()).toBeInTheDocument();
  });

  it('when disabled shows the file without 替换 or 删除 and takes nothing dropped', async () => {
    const old = server.store('/storage/image/2026/11/old.png', fixtures.png!, 'image/png');
    renderField({ dir: 'image', maxCount: 1, initial: [old], disabled: true });
    expect(await screen.findByRole('img', { name: 'old.png' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /替换|删除/ })).not.toBeInTheDocument();
    await dropFiles([fixtureFile('jpg', 'a.jpg')], fullLine);
    expect(server.uploads).toEqual([]);
  });
});

describe('UploadSlot: stored files', () => {
  it('asks 此操作将永久删除该文件, 是否继续? before removing a file', async () => {
    const user = userEvent.setup();
    const photo = server.store('/storage/image/2026/11/p1.png', fixtures.png!, 'image/png');
    const slip = server.store('/storage/image/2026/11/s2.pdf', fixtures.pdf!, 'application/pdf');
    const { changes } = renderField({ dir: 'image', maxCount: 9, initial: [photo, slip] });
    await screen.findByRole('img', { name: 'p1.png' });

    await user.click(screen.getByRole('button', { name: '删除 p1.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(uploadMessages.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes).toEqual([]);

    await user.click(screen.getByRole('button', { name: '删除 p1.png' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(changes).toEqual([[slip]]));
    expect(screen.queryByRole('img', { name: 'p1.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '预览 s2.pdf' })).toBeInTheDocument();
  });

  it('gives a long name the width of the row, on two lines, and the whole name on hover, in every kind of slot', async () => {
    // 30 characters: a scanner's name with the clerk's words after it.
    const photoName = '行驶证扫描件-正面-2026年11月20日上午提交版.jpg';
    const documentName = '注销证明书-LFVAB1230RA200002-第1.pdf';
    expect([photoName.length, documentName.length]).toEqual([30, 30]);
    const photo = server.store('/storage/image/2026/11/p1.jpg', fixtures.jpg!, 'image/jpeg');
    const scan = server.store('/storage/document/2026/11/d1.pdf', fixtures.pdf!, 'application/pdf');
    const names = { [photo]: photoName, [scan]: documentName };
    const several = renderField({ dir: 'contract', maxCount: 5, initial: [photo, scan], names });
    await screen.findByRole('img', { name: photoName });
    const shownNames = () => Array.from(document.querySelectorAll<HTMLElement>('.upload-slot .stored-file-name'));
    const looksWhole = (name: string) => {
      const element = shownNames().find((candidate) => candidate.textContent === name);
      expect(element, name).toBeDefined();
      expect(element).toHaveAttribute('title', name);
      // Beside the thumbnail on the row's width, wrapping on every character, two lines before it is cut.
      expect(element).toHaveStyle({ whiteSpace: 'normal', wordBreak: 'break-all', WebkitLineClamp: '2' });
      expect(element!.closest('figure')).toBeNull();
    };
    looksWhole(photoName);
    looksWhole(documentName);
    several.view.unmount();

    // A full single-file slot: the same row, with 替换 and 删除 under the name.
    renderField({ dir: 'image', maxCount: 1, initial: [photo], names });
    await screen.findByRole('img', { name: photoName });
    looksWhole(photoName);
    expect(within(fullLine()).getByRole('button', { name: `替换 ${photoName}` })).toBeInTheDocument();
  });

  it('shows names the record knows, and when disabled takes nothing and removes nothing', async () => {
    const photo = server.store('/storage/image/2026/11/p1.png', fixtures.png!, 'image/png');
    renderField({ dir: 'image', maxCount: 9, initial: [photo], names: { [photo]: '车辆外观.png' }, disabled: true });
    expect(await screen.findByRole('img', { name: '车辆外观.png' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();
    expect(dropzone()).toHaveAttribute('aria-disabled', 'true');
    await dropFiles([fixtureFile('jpg', 'a.jpg')]);
    expect(server.uploads).toEqual([]);
  });

  it('works as an antd Form field: the stored path becomes the field’s value', async () => {
    const user = userEvent.setup();
    const submitted: unknown[] = [];
    render(
      <App>
        <Form onFinish={(values) => submitted.push(values)}>
          <Form.Item name="contracts" label="合同文件" initialValue={[]}>
            <UploadSlot dir="contract" maxCount={5} />
          </Form.Item>
          <Button htmlType="submit">保存</Button>
        </Form>
      </App>,
    );
    expect(screen.getByLabelText('合同文件')).toBe(picker());
    await user.upload(picker(), fixtureFile('pdf', '合同.pdf', 'application/pdf'));
    await screen.findByRole('button', { name: '预览 合同.pdf' });
    await user.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(submitted).toEqual([{ contracts: ['/storage/contract/2026/11/upload-1.pdf'] }]));
  });

  it('revokes its thumbnails’ object URLs when it goes away', async () => {
    const photo = server.store('/storage/image/2026/11/p1.png', fixtures.png!, 'image/png');
    const { view } = renderField({ dir: 'image', maxCount: 9, initial: [photo] });
    await screen.findByRole('img', { name: 'p1.png' });
    expect(urls.live.size).toBe(1);
    view.unmount();
    expect(urls.live.size).toBe(0);
  });
});
