/**
 * Test helper (never bundled): a small real HTTP server that speaks the upload and storage part of
 * API.md, so the renderer's upload and file tests go through axios, jsdom's XMLHttpRequest, CORS and
 * a socket exactly as in the app. It answers `POST /api/upload` with the envelope and serves the
 * stored bytes at `GET /storage/…` to a request carrying the right bearer token only.
 *
 * The renderer's TypeScript has no Node types on purpose (the renderer must not use Node), so the Node
 * modules are loaded at run time under the few shapes used here.
 */

interface IncomingRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  on(event: 'data', listener: (chunk: Uint8Array) => void): void;
  on(event: 'end' | 'error', listener: (error?: unknown) => void): void;
  socket: { destroy(): void };
}

interface OutgoingResponse {
  writeHead(status: number, headers: Record<string, string | number>): void;
  flushHeaders(): void;
  write(body: Uint8Array | string): void;
  end(body?: Uint8Array | string): void;
}

interface NodeServer {
  listen(port: number, host: string, callback: () => void): void;
  address(): { port: number } | string | null;
  close(callback: () => void): void;
  closeAllConnections(): void;
}

interface NodeHttp {
  createServer(handler: (request: IncomingRequest, response: OutgoingResponse) => void): NodeServer;
}

interface NodeFs {
  readFile(path: string): Promise<Uint8Array>;
}

const loadNode = async <T>(name: string): Promise<T> => (await import(/* @vite-ignore */ `node:${name}`)) as T;

export interface ReceivedUpload {
  dir: string;
  name: string;
  size: number;
  contentType: string;
  authorization: string | undefined;
}

export interface StoredTestFile {
  bytes: Uint8Array;
  contentType: string;
}

/** What the server does with the next uploads: answer normally, fail with an envelope, or cut the line. */
export type UploadBehaviour =
  | { kind: 'accept' }
  | { kind: 'fail'; status: number; message: string }
  | { kind: 'drop' }
  /** Sends the answer's headers (the upload is then complete for the client) and waits for `release()`. */
  | { kind: 'hold' };

export interface StorageTestServer {
  url: string;
  token: string;
  uploads: ReceivedUpload[];
  /** Every `GET /storage/…` seen, with the Authorization header it carried. */
  fileRequests: Array<{ path: string; authorization: string | undefined }>;
  files: Map<string, StoredTestFile>;
  /** The names files were uploaded under, by stored path (`GET /api/upload/names` answers from it). */
  uploadedNames: Map<string, string>;
  /** The `paths` of every `GET /api/upload/names` seen. */
  nameRequests: string[][];
  /** When set, `GET /api/upload/names` answers 404, as an office server of an older version would. */
  namesMissing: boolean;
  /** Behaviours used in turn by the next uploads; when empty, uploads are accepted. */
  nextUploads: UploadBehaviour[];
  /** Puts a file in storage as if uploaded earlier (under `uploadedName` when given); answers its path. */
  store(path: string, bytes: Uint8Array, contentType: string, uploadedName?: string): string;
  /** Ends every held upload with a normal answer. */
  release(): void;
  heldCount(): number;
  reset(): void;
  close(): Promise<void>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

interface MultipartPart {
  name: string;
  filename?: string;
  contentType: string;
  body: Uint8Array;
}

/** Just enough of multipart/form-data for the two fields of an upload. */
function parseMultipart(body: Uint8Array, contentType: string): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const delimiter = encoder.encode(`--${boundary[1] ?? boundary[2]}`);
  const headerEnd = encoder.encode('\r\n\r\n');
  const parts: MultipartPart[] = [];
  let start = indexOf(body, delimiter, 0);
  while (start >= 0) {
    const partStart = start + delimiter.length + 2; // the CRLF after the delimiter
    const next = indexOf(body, delimiter, partStart);
    if (next < 0) break;
    const headersEnd = indexOf(body, headerEnd, partStart);
    if (headersEnd < 0 || headersEnd > next) break;
    const headers = decoder.decode(body.subarray(partStart, headersEnd));
    const name = /name="([^"]*)"/.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(headers)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '';
    parts.push({ name, filename, contentType: type, body: body.subarray(headersEnd + 4, next - 2) });
    start = next;
  }
  return parts;
}

const header = (request: IncomingRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startStorageTestServer(token = 'test-token-0123456789'): Promise<StorageTestServer> {
  const { createServer } = await loadNode<NodeHttp>('http');
  let sequence = 0;
  let held: Array<() => void> = [];
  /** Releases asked for before any answer was held (see `release`). */
  let releasedEarly = 0;

  const state: Omit<StorageTestServer, 'url' | 'close'> = {
    token,
    uploads: [],
    fileRequests: [],
    files: new Map(),
    uploadedNames: new Map(),
    nameRequests: [],
    namesMissing: false,
    nextUploads: [],
    store(path, bytes, contentType, uploadedName) {
      state.files.set(path, { bytes, contentType });
      if (uploadedName) state.uploadedNames.set(path, uploadedName);
      return path;
    },
    release() {
      const waiting = held;
      held = [];
      // A test releases once it sees the upload on screen, which may be before its request reaches this
      // server on a busy machine: that answer then goes at once instead of being held for ever.
      if (waiting.length === 0) releasedEarly += 1;
      waiting.forEach((finish) => finish());
    },
    heldCount: () => held.length,
    reset() {
      sequence = 0;
      state.uploads.length = 0;
      state.fileRequests.length = 0;
      state.files.clear();
      state.uploadedNames.clear();
      state.nameRequests.length = 0;
      state.namesMissing = false;
      state.nextUploads.length = 0;
      state.release();
      releasedEarly = 0;
    },
  };

  const server = createServer((request, response) => {
    const origin = header(request, 'origin');
    const cors: Record<string, string> = origin
      ? {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Headers': 'Authorization, Content-Type',
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
          Vary: 'Origin',
        }
      : {};
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      response.writeHead(status, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
      response.end(text);
    };
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
    const authorized = header(request, 'authorization') === `Bearer ${token}`;

    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors);
      response.end();
      return;
    }

    if (request.method === 'GET' && path.startsWith('/storage/')) {
      state.fileRequests.push({ path, authorization: header(request, 'authorization') });
      if (!authorized) return send(401, { code: 401, message: '登录已过期，请重新登录', data: null });
      const file = state.files.get(path);
      if (!file) return send(404, { code: 404, message: '文件不存在', data: null });
      response.writeHead(200, { ...cors, 'Content-Type': file.contentType, 'Content-Length': file.bytes.length });
      response.end(file.bytes);
      return;
    }

    if (request.method === 'POST' && path === '/api/upload') {
      const chunks: Uint8Array[] = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
        chunks.reduce((offset, chunk) => (body.set(chunk, offset), offset + chunk.length), 0);
        const parts = parseMultipart(body, header(request, 'content-type') ?? '');
        const dir = parts.find((part) => part.name === 'dir');
        const file = parts.find((part) => part.name === 'file');
        const behaviour = state.nextUploads.shift() ?? { kind: 'accept' };
        const received: ReceivedUpload = {
          dir: dir ? decoder.decode(dir.body) : '',
          name: file?.filename ?? '',
          size: file?.body.length ?? 0,
          contentType: file?.contentType ?? '',
          authorization: header(request, 'authorization'),
        };
        state.uploads.push(received);
        if (behaviour.kind === 'drop') return request.socket.destroy();
        if (behaviour.kind === 'fail') {
          return send(behaviour.status, { code: behaviour.status, message: behaviour.message, data: null });
        }
        if (!authorized) return send(401, { code: 401, message: '登录已过期，请重新登录', data: null });
        if (!file) return send(422, { code: 422, message: '请选择要上传的文件', data: null });
        sequence += 1;
        const extension = extensionOf(received.name);
        const stored = `/storage/${received.dir}/2026/11/upload-${sequence}.${extension}`;
        state.store(stored, file.body.slice(), contentTypes[extension] ?? 'application/octet-stream', received.name);
        const answer = JSON.stringify({
          code: 200,
          message: 'ok',
          data: { url: stored, name: received.name, size: received.size },
        });
        if (behaviour.kind === 'hold' && releasedEarly > 0) {
          releasedEarly -= 1;
        } else if (behaviour.kind === 'hold') {
          response.writeHead(200, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
          response.flushHeaders();
          held.push(() => response.end(answer));
          return;
        }
        response.writeHead(200, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
        response.end(answer);
      });
      return;
    }

    if (request.method === 'GET' && path === '/api/upload/names') {
      if (!authorized) return send(401, { code: 401, message: '登录已过期，请重新登录', data: null });
      const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
      const paths = (query.get('paths') ?? '').split(',').filter(Boolean);
      state.nameRequests.push(paths);
      if (state.namesMissing) return send(404, { code: 404, message: '记录不存在', data: null });
      const names = Object.fromEntries(
        paths.flatMap((stored) => {
          const name = state.uploadedNames.get(stored);
          return name ? [[stored, name]] : [];
        }),
      );
      return send(200, { code: 200, message: 'ok', data: { names } });
    }

    send(404, { code: 404, message: '记录不存在', data: null });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const close = async () => {
    state.release();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(resolve));
  };
  return Object.assign(state, { url: `http://127.0.0.1:${port}`, close });
}

/** Reads a file of `../shared/fixtures` (paths from the project root, where vitest runs). */
export async function readFixture(relativePath: string): Promise<Uint8Array<ArrayBuffer>> {
  const { readFile } = await loadNode<NodeFs>('fs/promises');
  return new Uint8Array(await readFile(`../shared/fixtures/${relativePath}`));
}
