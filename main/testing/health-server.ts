import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HealthBehaviour = 'ours' | 'foreign' | 'error' | 'hang' | 'redirect';

/** A real HTTP server on 127.0.0.1 whose /api/health behaves as asked. */
export async function startHealthServer(initial: HealthBehaviour = 'ours') {
  let behaviour = initial;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (behaviour === 'hang') return;
    if (req.url !== '/api/health') return void res.writeHead(404).end();
    if (behaviour === 'redirect') return void res.writeHead(302, { location: 'http://example.com/' }).end();
    if (behaviour === 'error') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{}');
    const body =
      behaviour === 'ours'
        ? { code: 200, message: 'ok', data: { status: 'ok', version: '0.1.0', database: 'sqlite' } }
        : { hello: 'world' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    behave(next: HealthBehaviour) {
      behaviour = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
