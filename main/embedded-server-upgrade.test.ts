import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../server/src/db/database';
import { migrations } from '../server/src/db/migrate';
import {
  createEmbeddedServer,
  embeddedServerMessages,
  type ForkFn,
  type LoggerLike,
  type UtilityProcessLike,
} from './embedded-server';
import type { ServerProcessMessage } from './server-process-messages';
import { nodeFork } from './testing/node-fork';

const entry = join(import.meta.dirname, 'server-process.ts');

function memoryLog(): LoggerLike & { lines: string[] } {
  const lines: string[] = [];
  const write = (...values: unknown[]) => void lines.push(values.map(String).join(' '));
  return { lines, info: write, warn: write, error: write };
}

/** A utility process played by hand: the test says what the server process reports and when. */
function scriptedFork(): ForkFn & { send(message: ServerProcessMessage): void; killed: () => boolean } {
  const events = new EventEmitter();
  let killed = false;
  const proc: UtilityProcessLike = {
    stdout: null,
    stderr: null,
    on: (event: string, listener: (value: never) => void) => events.on(event, listener as (...args: unknown[]) => void),
    once: (event: string, listener: (code: number) => void) =>
      events.once(event, listener as (...args: unknown[]) => void),
    postMessage: () => undefined,
    kill: () => {
      killed = true;
      events.emit('exit', 1);
      return true;
    },
  };
  return Object.assign(() => proc, {
    send: (message: ServerProcessMessage) => void events.emit('message', message),
    killed: () => killed,
  });
}

let userDataDir: string;

beforeEach(() => {
  userDataDir = mkdtempSync(join(tmpdir(), 'embedded-upgrade-'));
});
afterEach(() => rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 }));

describe('the embedded server upgrading its database', () => {
  it('shows a failed upgrade in Chinese with the backup beside the database', { timeout: 60_000 }, async () => {
    // The clerk's database at the previous release, with a trigger someone made by hand that refuses the
    // row recording a migration as done: the real last migration fails in the real server process.
    const names = Object.keys(migrations);
    const file = join(userDataDir, 'data', 'app.db');
    const db = createDatabase({ kind: 'sqlite', file });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(names[names.length - 2]!)).error).toBeUndefined();
      // Whatever the last migration changes, it fails (a table it clashes with would follow each release).
      await sql`create trigger hand_made_refuses before insert on kysely_migration
        begin select raise(abort, 'refused by a hand-made trigger'); end`.execute(db);
    } finally {
      await db.destroy();
    }

    const log = memoryLog();
    const server = createEmbeddedServer({ fork: nodeFork(), entryPath: entry, userDataDir, baseEnv: process.env, log });
    const failure = await server.start().then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^内置服务器启动失败：数据库升级失败（迁移 \S+ 出错），所有改动已撤销/);
    const backup = /升级前的备份在：(.+?\.db)。/.exec(failure ?? '')?.[1];
    expect(backup?.startsWith(join(userDataDir, 'data', 'app.upgrade-backup.'))).toBe(true);
    expect(existsSync(backup!)).toBe(true);
    expect(server.status()).toEqual({ url: '', error: failure });
    expect(log.lines.some((line) => line.includes('backing up and upgrading the database'))).toBe(true);
  });

  it('does not end an upgrade at the start timeout, only a hung one at the upgrade timeout', async () => {
    const slow = scriptedFork();
    const log = memoryLog();
    const base = { entryPath: entry, userDataDir, baseEnv: {}, log, startTimeoutMs: 50 };
    const upgrading = createEmbeddedServer({ ...base, fork: slow, upgradeTimeoutMs: 5_000 });
    const started = upgrading.start();
    slow.send({ type: 'upgrading' });
    await new Promise((resolve) => setTimeout(resolve, 200)); // four start timeouts
    slow.send({ type: 'ready', url: 'http://127.0.0.1:1234' });
    expect(await started).toBe('http://127.0.0.1:1234');
    expect(slow.killed()).toBe(false);

    const hung = scriptedFork();
    const stuck = createEmbeddedServer({ ...base, fork: hung, upgradeTimeoutMs: 100 });
    const starting = stuck.start();
    hung.send({ type: 'upgrading' });
    await expect(starting).rejects.toThrow(embeddedServerMessages.upgradeTimeout);
    expect(hung.killed()).toBe(true);

    // Without an upgrade the start timeout still ends a server that never reports.
    const silent = scriptedFork();
    await expect(createEmbeddedServer({ ...base, fork: silent }).start()).rejects.toThrow(
      embeddedServerMessages.startTimeout,
    );
    expect(silent.killed()).toBe(true);
  });
});
