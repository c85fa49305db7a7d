import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackupRun } from '../contract/backup';
import { EMBEDDED_SECRET_HEADER } from '../contract/embedded-lock';
import { backupOverdueAtStart, createBackupFolder, defaultBackupFolder } from './backup-folder';
import { newEmbeddedSecret } from './embedded-secret';
import { createEmbeddedServer, type EmbeddedServerEvent } from './embedded-server';
import type { OpenDialogOptionsLike } from './file-dialogs';
import { nodeFork } from './testing/node-fork';
import type { KeyValueStore } from './token-store';

const memoryStore = (): KeyValueStore & { values: Map<string, unknown> } => {
  const values = new Map<string, unknown>();
  return {
    values,
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  };
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'backup-folder-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

describe('the backup folder of the embedded server', () => {
  it('is 文档\\二手车出口业务管理系统\\备份 until the clerk chooses one; only the default is made', async () => {
    const documents = join(dir, 'Documents');
    const store = memoryStore();
    const asked: OpenDialogOptionsLike[] = [];
    let answer = { canceled: true, filePaths: [] as string[] };
    let restarts = 0;
    const folder = createBackupFolder({
      store,
      documentsDir: () => documents,
      showOpenDialog: async (options) => {
        asked.push(options);
        return answer;
      },
      restartServer: async () => {
        restarts += 1;
      },
    });
    expect(folder.current()).toBe(join(documents, '二手车出口业务管理系统', '备份'));
    expect(defaultBackupFolder(documents)).toBe(folder.current());
    folder.prepare();
    expect(existsSync(folder.current())).toBe(true);

    // Cancelled: nothing changes, no restart.
    expect(await folder.choose()).toBeNull();
    expect(restarts).toBe(0);
    expect(asked[0]).toMatchObject({ defaultPath: folder.current(), properties: ['openDirectory', 'createDirectory'] });

    // A USB disk: remembered, the server restarts with it; never created when it is missing.
    const usb = join(dir, 'E盘', '备份');
    answer = { canceled: false, filePaths: [usb] };
    expect(await folder.choose()).toBe(usb);
    expect(restarts).toBe(1);
    expect(folder.current()).toBe(usb);
    folder.prepare();
    expect(existsSync(usb)).toBe(false);
  });

  it('says 已有 N 天没有成功备份 with the reason at start after 3 days, not before', () => {
    const data = join(dir, 'data');
    mkdirSync(data, { recursive: true });
    const now = new Date('2026-11-27T09:00:00Z');
    expect(backupOverdueAtStart(dir, now)).toBeNull();
    const write = (status: object) => writeFileSync(join(data, 'app.backup-status.json'), JSON.stringify(status));
    write({
      since: '2026-11-01T00:00:00Z',
      lastSuccess: { at: '2026-11-23T08:00:00Z', size: 1, path: 'x' },
      lastFailure: { at: '2026-11-26T08:00:00Z', reason: '备份文件夹不存在或无法访问：E:\\备份' },
    });
    expect(backupOverdueAtStart(dir, now)).toBe('已有 4 天没有成功备份：备份文件夹不存在或无法访问：E:\\备份');
    write({ since: '2026-11-01T00:00:00Z', lastSuccess: { at: '2026-11-25T08:00:00Z', size: 1, path: 'x' } });
    expect(backupOverdueAtStart(dir, now)).toBeNull();
    // Never one success: counted from the first attempt.
    write({
      since: '2026-11-20T00:00:00Z',
      lastFailure: { at: '2026-11-26T08:00:00Z', reason: '备份文件夹所在磁盘空间不足' },
    });
    expect(backupOverdueAtStart(dir, now)).toBe('已有 7 天没有成功备份：备份文件夹所在磁盘空间不足');
    writeFileSync(join(data, 'app.backup-status.json'), 'not json');
    expect(backupOverdueAtStart(dir, now)).toBeNull();
  });
});

const md5md5 = (text: string) => createHash('md5').update(createHash('md5').update(text).digest('hex')).digest('hex');

describe('a restore with the real embedded server', () => {
  it(
    'backs up into the chosen folder; a restore stops the server, switches at its start and starts it on its port',
    { timeout: 120_000 },
    async () => {
      const userDataDir = join(dir, 'userData');
      const backups = join(dir, 'backups');
      mkdirSync(backups, { recursive: true });
      const secret = newEmbeddedSecret();
      const events: EmbeddedServerEvent[] = [];
      const server = createEmbeddedServer({
        fork: nodeFork(),
        entryPath: join(import.meta.dirname, 'server-process.ts'),
        userDataDir,
        baseEnv: process.env,
        secret,
        backupDir: () => backups,
        onEvent: (event) => events.push(event),
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      const url = await server.start();
      try {
        const send = async <T>(method: string, path: string, token: string | null, body?: object) => {
          const response = await fetch(`${url}${path}`, {
            method,
            headers: {
              [EMBEDDED_SECRET_HEADER]: secret,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          const answer = (await response.json()) as { code: number; message: string; data: T };
          if (!response.ok) throw new Error(`${path}: ${answer.message}`);
          return answer.data;
        };
        const password = md5md5('Admin@2026');
        await send('POST', '/api/setup', null, {
          username: 'admin',
          nickname: '管理员',
          phone_number: '13800000000',
          password,
        });
        const { token } = await send<{ token: string }>('POST', '/api/login', null, { username: 'admin', password });
        const status = await send<{ folder: string; restoreAllowed: boolean }>('GET', '/api/backup/status', token);
        expect(status).toMatchObject({ folder: backups, restoreAllowed: true });

        let run = await send<BackupRun>('POST', '/api/backup/run', token);
        while (run.state === 'running') {
          await new Promise((resolve) => setTimeout(resolve, 100));
          run = await send<BackupRun>('GET', `/api/backup/run/${run.id}`, token);
        }
        expect(run.state).toBe('done');
        const name = run.backup!.name;
        expect(readdirSync(backups)).toContain(name);

        // After the backup: an account the restore takes away.
        await send('POST', '/api/user', token, {
          username: 'later',
          nickname: '备份之后',
          phone_number: '13900000000',
          password: md5md5('Later@2026'),
        });
        const usernames = async () =>
          (await send<{ data: { username: string }[] }>('GET', '/api/user?page=1&limit=50', token)).data.map(
            (staff) => staff.username,
          );
        expect(await usernames()).toContain('later');

        await send('POST', '/api/backup/restore', token, { name });
        // The server asked main to restart it: same port, the page's address stays right.
        for (let i = 0; i < 300 && !events.some((event) => event.type === 'restarted'); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(events).toContainEqual({ type: 'restarted', url, moved: false });
        expect(server.status()).toEqual({ url });
        expect(await usernames()).not.toContain('later');
        const aside = join(userDataDir, 'data', 'before-restore');
        expect(readdirSync(aside)).toHaveLength(1);
        expect(existsSync(join(aside, readdirSync(aside)[0]!, 'app.db'))).toBe(true);
        // The success is what the next start reads: nothing to say.
        expect(backupOverdueAtStart(userDataDir)).toBeNull();
      } finally {
        await server.stop();
      }
    },
  );
});
