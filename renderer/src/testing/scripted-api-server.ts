/*
 * Test helper, never bundled. The renderer's TypeScript has no Node types on purpose (the renderer must not
 * use Node), so node:http is loaded at run time under the few shapes used here.
 */

interface IncomingMessage {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  on(event: 'data', listener: (chunk: Uint8Array) => void): void;
  on(event: 'end', listener: () => void): void;
}

interface ServerResponse {
  setHeader(name: string, value: string): void;
  writeHead(status: number, headers?: Record<string, string>): ServerResponse;
  end(body?: string): void;
  destroy(): void;
}

interface Server {
  listen(port: number, host: string, callback: () => void): void;
  address(): { port: number } | string | null;
  close(callback: () => void): void;
  closeAllConnections(): void;
}

interface NodeHttp {
  createServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Server;
}

const loadNodeHttp = async (): Promise<NodeHttp> => (await import(/* @vite-ignore */ `node:${'http'}`)) as NodeHttp;

/** What a test's server saw: the renderer's real request, after it crossed a real socket. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

export interface ScriptedAnswer {
  status: number;
  /** A JSON body; a string is sent as text/plain. */
  body?: unknown;
  /** Never answers (for time-outs). */
  hang?: boolean;
}

export type ScriptedHandler = (request: SeenRequest) => ScriptedAnswer;

export interface ScriptedApiServer {
  base: string;
  requests: SeenRequest[];
  /**
   * Forgets the requests seen so far, once the server has been quiet for a moment: a request the previous
   * test set off just before it ended (a debounced lookup, say) lands there, not in the next test's list.
   */
  forget(): Promise<void>;
  /** Sets the answer of `METHOD /path` (path without the query). */
  on(route: string, handler: ScriptedHandler | ScriptedAnswer): void;
  close(): Promise<void>;
}

/** The envelope of API.md: `code` equals the HTTP status. */
export const envelope = (status: number, data: unknown = null, message = 'ok'): ScriptedAnswer => ({
  status,
  body: { code: status, message, data },
});

function concat(chunks: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}

const readBody = (request: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    const chunks: Uint8Array[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const text = new TextDecoder().decode(concat(chunks));
      if (!text) return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(text);
      }
    });
  });

/**
 * A real HTTP server on 127.0.0.1 answering what each test scripts, for renderer tests that must go through
 * axios, the browser's XHR and a socket rather than a mocked client. It answers CORS as the real server does
 * for an allowed origin, because jsdom's page lives on another origin.
 */
export async function startScriptedApiServer(): Promise<ScriptedApiServer> {
  const handlers = new Map<string, ScriptedHandler>();
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let generation = 0;
  let lastArrival = 0;
  let reading = 0;

  const { createServer } = await loadNodeHttp();
  const server: Server = createServer((request, response) => {
    lastArrival = Date.now();
    const arrivedIn = generation;
    const origin = request.headers.origin;
    response.setHeader('Access-Control-Allow-Origin', typeof origin === 'string' ? origin : '*');
    response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    reading += 1;
    void readBody(request).then((body) => {
      reading -= 1;
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const seen: SeenRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        authorization: typeof request.headers.authorization === 'string' ? request.headers.authorization : undefined,
        body,
      };
      // Set off before the last `forget`: it belongs to the test that is over.
      if (arrivedIn === generation) requests.push(seen);
      const handler = handlers.get(`${seen.method} ${seen.path}`);
      const answer = handler ? handler(seen) : envelope(404, null, '记录不存在');
      if (answer.hang) {
        hanging.add(response);
        return;
      }
      if (answer.status === 204 || answer.body === undefined) {
        response.writeHead(answer.status).end();
      } else if (typeof answer.body === 'string') {
        response.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' }).end(answer.body);
      } else {
        response
          .writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' })
          .end(JSON.stringify(answer.body));
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    async forget() {
      const quiet = 50;
      const until = Date.now() + 1000;
      while (Date.now() < until && (reading > 0 || Date.now() - lastArrival < quiet)) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      generation += 1;
      requests.length = 0;
    },
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    async close() {
      hanging.forEach((response) => response.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(resolve));
    },
  };
}
