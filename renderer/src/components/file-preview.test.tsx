import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../stores/session';
import { setApiBase, setHttpFeedback } from '../api/http-client';
import { readFixture, startStorageTestServer, type StorageTestServer } from '../testing/storage-test-server';
import { FilePreview } from './file-preview';
import { forgetFileNames } from './use-file-names';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from './object-url-stand-in';
import { captureDownloads, type CapturedDownloads } from './download-capture';

// Real requests to a real server on a machine shared with other work: give answers time to come.
configure({ asyncUtilTimeout: 5000 });

let server: StorageTestServer;
let urls: ObjectUrlRegistry;
let downloads: CapturedDownloads;
let restoreFeedback: () => void;
const toasts: string[] = [];
const fixtures: Record<string, Uint8Array> = {};

beforeAll(async () => {
  server = await startStorageTestServer();
  setApiBase(server.url);
  fixtures.jpg = await readFixture('scans/customs-declaration.jpg');
  fixtures.png = await readFixture('scans/vehicle-exterior.png');
  fixtures.pdf = await readFixture('scans/deregistration-certificate.pdf');
  fixtures.docx = await readFixture('scans/deregistration-certificate.docx');
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

const bytesBehind = async (url: string | null) => new Uint8Array(await urls.live.get(url ?? '')!.arrayBuffer());

const paths = () => ({
  declaration: server.store('/storage/image/2026/11/a1.jpg', fixtures.jpg!, 'image/jpeg'),
  exterior: server.store('/storage/image/2026/11/b2.png', fixtures.png!, 'image/png'),
  certificate: server.store('/storage/document/2026/11/c3.pdf', fixtures.pdf!, 'application/pdf'),
  word: server.store('/storage/document/2026/11/d4.docx', fixtures.docx!, 'application/octet-stream'),
});

describe('FilePreview', () => {
  it('names each file by the name it was uploaded under, asking the server once for all of them', async () => {
    const agreement = server.store(
      '/storage/agreement/2026/11/e5.zip',
      fixtures.pdf!,
      'application/zip',
      '代付协议.zip',
    );
    const certificate = server.store(
      '/storage/document/2026/11/f6.pdf',
      fixtures.pdf!,
      'application/pdf',
      '注销证明.pdf',
    );
    const unnamed = server.store('/storage/document/2026/11/g7.pdf', fixtures.pdf!, 'application/pdf');
    const view = render(
      <FilePreview paths={[agreement, certificate, unnamed]} names={{ [certificate]: '证明.pdf' }} />,
    );

    expect(await screen.findByRole('button', { name: '预览 代付协议.zip' })).toBeInTheDocument();
    // The record's own name wins; a file the server has no name for keeps its stored one.
    expect(screen.getByRole('button', { name: '预览 证明.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '预览 g7.pdf' })).toBeInTheDocument();
    expect(server.nameRequests).toEqual([[agreement, unnamed]]);

    // Shown again (another screen, the same files): nothing more is asked.
    view.unmount();
    render(<FilePreview paths={[agreement, unnamed]} />);
    expect(await screen.findByRole('button', { name: '预览 代付协议.zip' })).toBeInTheDocument();
    expect(server.nameRequests).toHaveLength(1);
  });

  it('keeps the stored names, without a toast, when the server cannot name files, and does not ask again', async () => {
    server.namesMissing = true;
    const agreement = server.store(
      '/storage/agreement/2026/11/h8.zip',
      fixtures.pdf!,
      'application/zip',
      '代付协议.zip',
    );
    const view = render(<FilePreview paths={[agreement]} />);
    await waitFor(() => expect(server.nameRequests).toHaveLength(1));
    expect(await screen.findByRole('button', { name: '预览 h8.zip' })).toBeInTheDocument();
    view.rerender(<FilePreview paths={[agreement]} names={{}} />);
    view.unmount();
    render(<FilePreview paths={[agreement]} />);
    expect(await screen.findByRole('button', { name: '预览 h8.zip' })).toBeInTheDocument();
    expect(server.nameRequests).toHaveLength(1);
    expect(toasts).toEqual([]);
  });

  it('shows pictures as 160x160 thumbnails from object URLs fetched with the token', async () => {
    const { declaration, exterior, certificate, word } = paths();
    render(<FilePreview paths={[declaration, certificate, exterior, word]} names={{ [declaration]: '报关单.jpg' }} />);

    const thumbnail = await screen.findByRole('img', { name: '报关单.jpg' });
    expect(thumbnail).toHaveAttribute('width', '160');
    expect(thumbnail).toHaveAttribute('height', '160');
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:/);
    expect(await bytesBehind(thumbnail.getAttribute('src'))).toEqual(fixtures.jpg);
    const second = await screen.findByRole('img', { name: 'b2.png' });
    expect(await bytesBehind(second.getAttribute('src'))).toEqual(fixtures.png);

    // Only pictures are fetched up front, each with the bearer header; nothing links to /storage.
    expect(server.fileRequests.map((request) => request.path).sort()).toEqual([declaration, exterior]);
    expect(server.fileRequests.every((request) => request.authorization === `Bearer ${server.token}`)).toBe(true);
    expect(document.body.innerHTML).not.toContain('/storage/');
    expect(document.body.innerHTML).not.toContain(server.token);
    expect(screen.getByRole('button', { name: '预览 c3.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '预览 d4.docx' })).toBeInTheDocument();
  });

  it('names a picture under its thumbnail, and keeps every name to its width with the whole name on hover', async () => {
    const { declaration, certificate } = paths();
    const long = '2026年11月海外合同盖章扫描件第一页第二页第三页合并版本最终版.pdf';
    render(
      <FilePreview paths={[declaration, certificate]} names={{ [declaration]: '合同.jpg', [certificate]: long }} />,
    );
    const thumbnail = await screen.findByRole('img', { name: '合同.jpg' });
    const caption = thumbnail.closest('figure')?.querySelector('figcaption');
    expect(caption).toHaveTextContent('合同.jpg');
    const linkName = within(screen.getByRole('button', { name: `预览 ${long}` })).getByTitle(long);
    // Cut with … rather than running on into the next column of a table.
    expect(linkName).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    expect(caption?.querySelector('[title="合同.jpg"]')).toHaveStyle({ textOverflow: 'ellipsis' });
  });

  it('takes the thumbnail size from its prop', async () => {
    const { exterior } = paths();
    render(<FilePreview paths={[exterior]} size={96} />);
    const thumbnail = await screen.findByRole('img', { name: 'b2.png' });
    expect(thumbnail).toHaveAttribute('width', '96');
  });

  it('opens the image preview from a thumbnail with the keyboard', async () => {
    const user = userEvent.setup();
    const { exterior } = paths();
    render(<FilePreview paths={exterior} names={{ [exterior]: '外观照片.png' }} />);
    const opener = await screen.findByRole('button', { name: '预览 外观照片.png' });
    const thumbnailUrl = within(opener).getByRole('img').getAttribute('src');
    opener.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).not.toBeNull());
    const big = document.querySelector<HTMLImageElement>('.ant-image-preview img.ant-image-preview-img');
    expect(big?.getAttribute('src')).toBe(thumbnailUrl);
  });

  it('opens a PDF in a dialog, from an object URL in an iframe', async () => {
    const user = userEvent.setup();
    const { certificate } = paths();
    render(<FilePreview paths={[certificate]} names={{ [certificate]: '注销证明.pdf' }} />);
    expect(server.fileRequests).toEqual([]);
    await user.click(screen.getByRole('button', { name: '预览 注销证明.pdf' }));
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('注销证明.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    // The stored bytes, then the update titling them with the file's name (file-viewer-pdf-title.ts).
    const shown = await bytesBehind(frame.getAttribute('src'));
    expect(shown.subarray(0, fixtures.pdf!.length)).toEqual(fixtures.pdf);

    const frameUrl = frame.getAttribute('src')!;
    await user.click(within(dialog).getByRole('button', { name: /^关\s?闭$/ }));
    await waitFor(() => expect(urls.revoked).toContain(frameUrl));
  });

  it('downloads a file from the 下载 beside its link, through the blob path, under its Chinese name', async () => {
    const user = userEvent.setup();
    const { word } = paths();
    render(<FilePreview paths={[word]} names={{ [word]: '注销证明.docx' }} />);
    await user.click(screen.getByRole('button', { name: '下载 注销证明.docx' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const [saved] = downloads.saved;
    expect(saved!.name).toBe('注销证明.docx');
    expect(saved!.href).toMatch(/^blob:/);
    expect(await bytesBehind(saved!.href)).toEqual(fixtures.docx);
    expect(server.fileRequests).toEqual([{ path: word, authorization: `Bearer ${server.token}` }]);
  });

  it('revokes every object URL when it goes away', async () => {
    const { declaration, exterior } = paths();
    const view = render(<FilePreview paths={[declaration, exterior]} />);
    await screen.findByRole('img', { name: 'a1.jpg' });
    await screen.findByRole('img', { name: 'b2.png' });
    expect(urls.live.size).toBe(2);
    view.unmount();
    expect(urls.live.size).toBe(0);
    expect(urls.revoked).toHaveLength(urls.created.length);
  });

  it('says so in place of a picture that cannot be fetched, without a toast', async () => {
    render(<FilePreview paths={['/storage/image/2026/11/missing.png']} />);
    expect(await screen.findByRole('img', { name: 'missing.png：图片加载失败' })).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('shows its empty text, or nothing, when there is no file', () => {
    const view = render(<FilePreview paths={[]} emptyText="暂无相关记录" />);
    expect(screen.getByText('暂无相关记录')).toBeInTheDocument();
    view.rerender(<FilePreview paths={[null, '']} />);
    expect(view.container).toBeEmptyDOMElement();
  });
});
