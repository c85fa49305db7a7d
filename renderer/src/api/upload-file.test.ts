import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadMessages } from '../../../contract/upload';
import { useSession } from '../stores/session';
import { ApiError, setApiBase, setHttpFeedback } from './http-client';
import { uploadFile } from './upload-file';
import { fetchFileBlob, isStoragePath } from './file-blob';
import { readFixture, startStorageTestServer, type StorageTestServer } from '../testing/storage-test-server';

let server: StorageTestServer;
const toasts: string[] = [];
let restoreFeedback: () => void;

beforeAll(async () => {
  server = await startStorageTestServer();
  setApiBase(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  toasts.length = 0;
  useSession.setState({ token: server.token });
  restoreFeedback = setHttpFeedback({ error: (text) => toasts.push(text), sessionEnded: () => undefined });
});
afterEach(() => restoreFeedback());

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('uploadFile', () => {
  it('sends the file and its slot as multipart with the token, and reports progress up to 100', async () => {
    const scan = await readFixture('scans/customs-declaration.jpg');
    const progress: number[] = [];
    const answer = await uploadFile(new File([scan], '报关单.jpg', { type: 'image/jpeg' }), 'image', (percent) =>
      progress.push(percent),
    );
    expect(answer).toEqual({ url: '/storage/image/2026/11/upload-1.jpg', name: '报关单.jpg', size: scan.length });
    expect(server.uploads).toEqual([
      {
        dir: 'image',
        name: '报关单.jpg',
        size: scan.length,
        contentType: 'image/jpeg',
        authorization: `Bearer ${server.token}`,
      },
    ]);
    expect(progress.at(-1)).toBe(100);
    expect(toasts).toEqual([]);
  });

  it('rejects with the server message and no toast of its own (the slot says it)', async () => {
    server.nextUploads.push({ kind: 'fail', status: 422, message: uploadMessages.contentMismatch });
    const error = await uploadFile(new File(['MZ'], 'invoice.pdf'), 'contract').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: uploadMessages.contentMismatch });
    expect(toasts).toEqual([]);
  });

  it('rejects as a network failure when the line is cut', async () => {
    server.nextUploads.push({ kind: 'drop' });
    const error = await uploadFile(new File(['x'], 'a.pdf'), 'contract').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, kind: 'network' });
  });
});

describe('fetchFileBlob', () => {
  it('fetches the stored bytes with the bearer header, never with a token in the URL', async () => {
    const pdf = await readFixture('scans/deregistration-certificate.pdf');
    const path = server.store('/storage/document/2026/11/cert.pdf', pdf, 'application/pdf');
    const blob = await fetchFileBlob(path);
    expect(await bytesOf(blob)).toEqual(pdf);
    expect(blob.type).toBe('application/pdf');
    expect(server.fileRequests).toEqual([{ path, authorization: `Bearer ${server.token}` }]);
  });

  it('rejects with the server message for a missing file, silently by default', async () => {
    const error = await fetchFileBlob('/storage/image/2026/11/gone.png').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, message: '文件不存在' });
    expect(toasts).toEqual([]);
  });

  it('refuses anything but a /storage/ path before any request', async () => {
    for (const path of ['http://evil.example/storage/a.png', '/storage/../data/app.db', '/api/user', '//x/a.png']) {
      expect(isStoragePath(path)).toBe(false);
      await expect(fetchFileBlob(path)).rejects.toMatchObject({ message: '文件地址不正确' });
    }
    expect(server.fileRequests).toEqual([]);
    expect(isStoragePath('/storage/contract/2026/11/a.pdf')).toBe(true);
  });
});
