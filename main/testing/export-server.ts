import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real workbook made by LibreOffice (190 kB: big enough to arrive in several pieces). */
export const exportFixture = readFileSync('../shared/fixtures/excel/cars-import-too-big.xlsx');
export const exportToken = 'tok_export_0123456789abcdef';

/** How the server answers the next `/storage/exports/…` request. */
export type ExportBehaviour =
  | 'xlsx'
  /** The workbook in 16 pieces, 10 ms apart. */
  | 'slow'
  | 'not-found'
  | 'server-error'
  | 'html'
  /** Half the workbook, then the connection is cut. */
  | 'cut'
  /** The headers and one piece, then nothing more. */
  | 'stall'
  | 'redirect';

export interface ExportRequest {
  path: string;
  authorization: string | undefined;
}

/**
 * A real HTTP server on 127.0.0.1 that plays the API's export storage: `/storage/exports/…` answers the
 * workbook to the right bearer token only, or misbehaves as asked.
 */
export async function startExportServer() {
  let behaviour: ExportBehaviour = 'xlsx';
  const requests: ExportRequest[] = [];
  const open = new Set<ServerResponse>();

  const sendEnvelope = (res: ServerResponse, status: number, message: string) =>
    void res
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify({ code: status, message, data: null }));

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ path, authorization: req.headers.authorization });
    if (!path.startsWith('/storage/exports/')) return sendEnvelope(res, 404, '记录不存在');
    if (req.headers.authorization !== `Bearer ${exportToken}`) return sendEnvelope(res, 401, '登录已过期，请重新登录');
    const headers = {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-length': exportFixture.length,
    };
    switch (behaviour) {
      case 'xlsx':
        return void res.writeHead(200, headers).end(exportFixture);
      case 'not-found':
        return sendEnvelope(res, 404, '文件不存在');
      case 'server-error':
        return void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      case 'html':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>login</body></html>');
      case 'redirect':
        return void res.writeHead(302, { location: '/elsewhere/leak.xlsx' }).end();
      case 'cut':
        res.writeHead(200, headers);
        res.write(exportFixture.subarray(0, exportFixture.length / 2));
        return void setTimeout(() => res.socket?.destroy(), 20);
      case 'stall':
        open.add(res);
        res.writeHead(200, headers);
        return void res.write(exportFixture.subarray(0, 4096));
      case 'slow': {
        open.add(res);
        res.writeHead(200, headers);
        const piece = Math.ceil(exportFixture.length / 16);
        let offset = 0;
        const next = () => {
          if (res.destroyed) return;
          if (offset >= exportFixture.length) return void res.end();
          res.write(exportFixture.subarray(offset, offset + piece));
          offset += piece;
          setTimeout(next, 10);
        };
        return next();
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    behave(next: ExportBehaviour) {
      behaviour = next;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type ExportServer = Awaited<ReturnType<typeof startExportServer>>;
