/**
 * A Word or Excel file that unpacks too big to show (issue 20): the probe's .docx unpacked 1.36 GB in the
 * viewer and never finished. Made here from the real certificate and car list, one part padded with
 * blanks (valid XML) past the viewer's bound; served by the storage test server like any stored file.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import JSZip from 'jszip';
import { useSession } from '../stores/session';
import { setApiBase } from '../api/http-client';
import { readFixture, startStorageTestServer, type StorageTestServer } from '../testing/storage-test-server';
import { FileViewerDialog } from './file-viewer-dialog';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from './object-url-stand-in';
import { captureDownloads, type CapturedDownloads } from './download-capture';
import { VIEWER_MAX_UNPACKED_TEXT_BYTES } from './file-viewer-kind';
import { officeFit } from './file-viewer-too-big';
import { unpackedWithin, zipParts } from './office-zip';

configure({ asyncUtilTimeout: 10_000 });

const MB = 1024 * 1024;
const tooBig = '文件内容过大（解压后超过 20MB），无法预览，请下载后查看';

let server: StorageTestServer;
let urls: ObjectUrlRegistry;
let downloads: CapturedDownloads;
let docx: Uint8Array;
let xlsx: Uint8Array;

/** The file with `part` padded to `size` bytes: blanks inserted after `after` (whitespace XML allows). */
async function padded(file: Uint8Array, part: string, after: string, size: number): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(file);
  const text = await zip.file(part)!.async('string');
  const at = text.indexOf(after) + after.length;
  const blanks = ' '.repeat(size - new TextEncoder().encode(text).length);
  zip.file(part, text.slice(0, at) + blanks + text.slice(at));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

beforeAll(async () => {
  server = await startStorageTestServer();
  setApiBase(server.url);
  docx = await readFixture('scans/deregistration-certificate.docx');
  xlsx = await readFixture('excel/cars-import.xlsx');
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  useSession.setState({ token: server.token });
  urls = installObjectUrlStandIn();
  downloads = captureDownloads();
});
afterEach(() => {
  urls.restore();
  downloads.stop();
});

function open(path: string, name: string) {
  render(
    <App>
      <FileViewerDialog path={path} name={name} onClose={() => undefined} />
    </App>,
  );
}

const bytesBehind = async (url: string) => new Uint8Array(await urls.live.get(url)!.arrayBuffer());

describe('a Word or Excel file too big to show', () => {
  it('a .docx whose document.xml unpacks past 20 MB says so and offers 下载 instead of rendering', async () => {
    const user = userEvent.setup();
    const bomb = await padded(docx, 'word/document.xml', '<w:body>', VIEWER_MAX_UNPACKED_TEXT_BYTES + MB);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const path = server.store('/storage/document/2026/11/bomb.docx', bomb, 'application/octet-stream');
    open(path, '报关单.docx');
    const dialog = await screen.findByRole('dialog', { name: '报关单.docx' });
    expect(await within(dialog).findByText(tooBig)).toBeInTheDocument();
    // docx-preview never saw the file.
    expect(dialog.querySelector('.file-viewer-docx')).toBeNull();

    const buttons = within(dialog).getAllByRole('button', { name: /下\s?载/ });
    await user.click(buttons[0]!);
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0]!.name).toBe('报关单.docx');
    expect(await bytesBehind(downloads.saved[0]!.href)).toEqual(bomb);
  });

  it('an .xlsx whose sheet unpacks past 20 MB says so instead of reading it', async () => {
    const bomb = await padded(xlsx, 'xl/worksheets/sheet1.xml', '<sheetData>', VIEWER_MAX_UNPACKED_TEXT_BYTES + MB);
    const path = server.store('/storage/document/2026/11/bomb.xlsx', bomb, 'application/octet-stream');
    open(path, '车辆清单.xlsx');
    const dialog = await screen.findByRole('dialog', { name: '车辆清单.xlsx' });
    expect(await within(dialog).findByText(tooBig)).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('the same files just under the bound are shown', async () => {
    const near = await padded(docx, 'word/document.xml', '<w:body>', 18 * MB);
    expect(await officeFit(new Blob([near as BlobPart]))).toBe('fits');
    expect(await officeFit(new Blob([docx as BlobPart]))).toBe('fits');
    const path = server.store('/storage/document/2026/11/sheet.xlsx', xlsx, 'application/octet-stream');
    open(path, '车辆清单.xlsx');
    expect(await screen.findByRole('table', { name: '工作表 车辆清单' })).toBeInTheDocument();
  });

  it('the measure stops at the bound and does not believe the declared sizes', async () => {
    const bomb = await padded(docx, 'word/document.xml', '<w:body>', 40 * MB);
    // Make every declared unpacked size in the central directory say 1 kB.
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    for (let at = 0; at + 4 < lying.length; at += 1) {
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 1000, true);
    }
    expect(zipParts(lying)).not.toBeNull();
    expect(await unpackedWithin(lying, 20 * MB)).toBe('over');
    expect(await unpackedWithin(lying, 64 * MB)).toBe('within');
  });
});
