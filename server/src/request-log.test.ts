import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../tests/helpers/build-app';
import { boundedLogStream } from './request-log';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A disk that finishes a write only when the test says so. */
const slowDisk = () => {
  const writes: string[] = [];
  const pending: Array<() => void> = [];
  return {
    writes,
    write: (_fd: number, data: string, callback: (error: NodeJS.ErrnoException | null) => void) => {
      writes.push(data);
      pending.push(() => callback(null));
    },
    finishAll: () => {
      for (const done of pending.splice(0)) done();
    },
  };
};

describe('the bounded log', () => {
  it('writes every line waiting in one write, however many a turn of the loop makes', async () => {
    const disk = slowDisk();
    const log = boundedLogStream({ write: disk.write });
    for (let n = 0; n < 5000; n += 1) log.write(`{"n":${n}}\n`);
    await turn();
    expect(disk.writes).toHaveLength(1);
    expect(disk.writes[0]?.split('\n')).toHaveLength(5001);
    // Written while that write is on the disk: they go together in the next one.
    for (let n = 0; n < 3000; n += 1) log.write(`{"m":${n}}\n`);
    disk.finishAll();
    await turn();
    expect(disk.writes).toHaveLength(2);
    expect(disk.writes[1]?.split('\n')).toHaveLength(3001);
  });

  it('holds at most its bound while the disk lags, drops the rest and says how many in the log', async () => {
    const disk = slowDisk();
    const log = boundedLogStream({ write: disk.write, maxBufferedBytes: 100 * 1024 });
    log.write('{"first":true}\n');
    await turn(); // the first write is now on the (stuck) disk
    const line = `{"msg":"${'x'.repeat(89)}"}\n`; // 100 bytes
    for (let n = 0; n < 5000; n += 1) log.write(line);
    expect(log.dropped).toBe(5000 - 1024);
    disk.finishAll();
    await turn();
    const next = disk.writes[1] ?? '';
    const [said, ...kept] = next.trimEnd().split('\n');
    expect(JSON.parse(said ?? '{}')).toMatchObject({ level: 40, msg: '日志写入跟不上，丢弃了 3976 行', dropped: 3976 });
    expect(kept).toHaveLength(1024);
    // Said once: the next write has only its own lines.
    log.write('{"after":true}\n');
    disk.finishAll();
    await turn();
    expect(disk.writes[2]).toBe('{"after":true}\n');
  });
});

describe("the server's request log", () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes one line per request, with its method, path, status and time, to a real file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'request-log-'));
    const file = join(dir, 'server.log');
    const fd = openSync(file, 'w');
    const t = await buildTestApp({ logger: { level: 'info', stream: boundedLogStream({ fd }) } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/order' })).statusCode).toBe(401);
      await turn();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await t.close();
      closeSync(fd);
    }
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map(
        (text) =>
          JSON.parse(text) as {
            msg: string;
            method?: string;
            url?: string;
            statusCode?: number;
            remoteAddress?: string;
            responseTime?: number;
          },
      );
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.method, line.url, line.statusCode, line.remoteAddress])).toEqual([
      ['GET', '/api/health', 200, '127.0.0.1'],
      ['GET', '/api/order', 401, '127.0.0.1'],
    ]);
    expect(requests.every((line) => typeof line.responseTime === 'number')).toBe(true);
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
  });
});
