import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  moveFailedMessage,
  movedMarker,
  oldFolderNote,
  settleUserData,
  userDataPaths,
  type UserDataPaths,
} from './user-data-location';

const scans = join(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'scans');
const product = '二手车出口业务管理系统';

let root: string;
let paths: UserDataPaths;
const retiredName = () => `${paths.roaming}（旧数据，已移走）`;

/** Every file below `dir` with its SHA-256: what the clerk's data is, byte for byte. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        files[relative(dir, path).replaceAll('\\', '/')] = createHash('sha256')
          .update(readFileSync(path))
          .digest('hex');
    }
  };
  walk(dir);
  return files;
}

/** An install's Roaming folder as the app leaves it: database with its WAL, scans, settings, token, log. */
function existingInstall() {
  const dir = paths.roaming;
  mkdirSync(join(dir, 'data', 'storage', 'scans', '2026', '11'), { recursive: true });
  writeFileSync(join(dir, 'data', 'app.db'), Buffer.alloc(256 * 1024, 7));
  writeFileSync(join(dir, 'data', 'app.db-wal'), Buffer.alloc(32 * 1024, 9));
  for (const name of ['customs-declaration.jpg', 'deregistration-certificate.pdf', 'vehicle-exterior.png']) {
    copyFileSync(join(scans, name), join(dir, 'data', 'storage', 'scans', '2026', '11', name));
  }
  writeFileSync(join(dir, 'settings.json'), '{"connection":{"mode":"embedded"}}');
  writeFileSync(join(dir, 'session.json'), '{"token":"djEwAAAA"}');
  mkdirSync(join(dir, 'logs'));
  writeFileSync(join(dir, 'logs', 'main.log'), '[info] starting\n');
  mkdirSync(join(dir, 'data', 'exports'));
  // Chromium's cache: rebuilt on demand, not moved.
  mkdirSync(join(dir, 'Cache', 'Cache_Data'), { recursive: true });
  writeFileSync(join(dir, 'Cache', 'Cache_Data', 'data_0'), 'cache');
  return snapshot(dir);
}

const movedFiles = (before: Record<string, string>) =>
  Object.fromEntries(Object.entries(before).filter(([path]) => !path.startsWith('Cache/')));

const roomy = { freeBytes: () => 10 * 1024 ** 3 };

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'user-data-'));
  paths = { roaming: join(root, 'Roaming', product), local: join(root, 'Local', product) };
  mkdirSync(join(root, 'Roaming'));
  mkdirSync(join(root, 'Local'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('where userData is', () => {
  it('is under %LOCALAPPDATA% on Windows; elsewhere Electron’s default stays', () => {
    expect(
      userDataPaths('win32', { LOCALAPPDATA: 'C:\\Users\\li\\AppData\\Local' }, 'C:\\Roaming\\x', product),
    ).toEqual({ roaming: 'C:\\Roaming\\x', local: join('C:\\Users\\li\\AppData\\Local', product) });
    expect(userDataPaths('linux', { LOCALAPPDATA: '/x' }, '/home/li/.config/x', product)).toBeNull();
    expect(userDataPaths('darwin', {}, '/Users/li/Library/Application Support/x', product)).toBeNull();
    expect(userDataPaths('win32', {}, 'C:\\Roaming\\x', product)).toBeNull();
  });

  it('a new install starts in Local AppData and moves nothing', () => {
    expect(settleUserData(paths, roomy)).toEqual({ state: 'local', dir: paths.local });
    expect(readdirSync(join(root, 'Local'))).toEqual([]);
  });
});

describe('moving an existing install out of Roaming', () => {
  it('copies, verifies, switches, then renames the old folder with a Chinese note saying where the data went', () => {
    const before = existingInstall();
    const place = settleUserData(paths, { ...roomy, now: () => new Date('2026-11-24T07:52:29Z') });
    expect(place).toMatchObject({ state: 'moved', dir: paths.local, files: 8, retired: true });

    const moved = snapshot(paths.local);
    expect(moved[movedMarker]).toBeDefined();
    delete moved[movedMarker];
    expect(moved).toEqual(movedFiles(before));
    expect(existsSync(join(paths.local, 'data', 'exports'))).toBe(true);

    // The old folder: kept whole under a new name, with the note.
    expect(existsSync(paths.roaming)).toBe(false);
    const old = snapshot(retiredName());
    const note = readFileSync(join(retiredName(), oldFolderNote), 'utf8');
    delete old[oldFolderNote];
    expect(old).toEqual(before);
    expect(note).toContain('已不再使用');
    expect(note).toContain(paths.local);
    expect(note).toContain('%LOCALAPPDATA%\\二手车出口业务管理系统');
    expect(note.startsWith('\uFEFF')).toBe(true);
    // Nothing of the work left beside it.
    expect(readdirSync(join(root, 'Local'))).toEqual([product]);

    // The next start finds it moved and moves nothing.
    expect(settleUserData(paths, roomy)).toEqual({ state: 'local', dir: paths.local });
    expect(readdirSync(join(root, 'Roaming'))).toEqual([`${product}（旧数据，已移走）`]);
  });

  it('a copy that fails half way (disk full) keeps the old folder as it was and in use; the next start moves it', () => {
    const before = existingInstall();
    let copies = 0;
    const place = settleUserData(paths, {
      ...roomy,
      copyFile: (from, to) => {
        if (++copies === 4) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        copyFileSync(from, to);
      },
    });
    expect(place).toMatchObject({ state: 'kept', dir: paths.roaming });
    expect(place.state === 'kept' && place.reason).toMatch(/^磁盘空间不足（复制到 .+ 时）$/);
    expect(snapshot(paths.roaming)).toEqual(before);
    expect(readdirSync(join(root, 'Local'))).toEqual([]);

    expect(settleUserData(paths, roomy)).toMatchObject({ state: 'moved', dir: paths.local, retired: true });
    expect(snapshot(retiredName())).toMatchObject(before);
  });

  it('a locked file (another program has the database open) keeps the old folder and names the file', () => {
    const before = existingInstall();
    const place = settleUserData(paths, {
      ...roomy,
      copyFile: (from, to) => {
        if (from.endsWith('app.db'))
          throw Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' });
        copyFileSync(from, to);
      },
    });
    expect(place).toMatchObject({
      state: 'kept',
      dir: paths.roaming,
      reason: `文件被占用或无权访问：${join('data', 'app.db')}`,
    });
    expect(snapshot(paths.roaming)).toEqual(before);
    expect(readdirSync(join(root, 'Local'))).toEqual([]);
  });

  it('a copy whose content differs (same size) fails the verification and switches nothing', () => {
    const before = existingInstall();
    const place = settleUserData(paths, {
      ...roomy,
      copyFile: (from, to) => {
        copyFileSync(from, to);
        // A bit flipped on the way: same length, other bytes.
        if (from.endsWith('.pdf')) {
          const bytes = readFileSync(to);
          bytes[100] = (bytes[100] ?? 0) ^ 0xff;
          writeFileSync(to, bytes);
        }
      },
    });
    expect(place).toMatchObject({
      state: 'kept',
      dir: paths.roaming,
      reason: `复制后的文件与原文件不一致：${join('data', 'storage', 'scans', '2026', '11', 'deregistration-certificate.pdf')}`,
    });
    expect(snapshot(paths.roaming)).toEqual(before);
    expect(existsSync(paths.local)).toBe(false);
  });

  it('a copy that loses a file fails the verification too', () => {
    existingInstall();
    const place = settleUserData(paths, {
      ...roomy,
      copyFile: (from, to) => {
        if (!from.endsWith('main.log')) copyFileSync(from, to);
      },
    });
    expect(place).toMatchObject({ state: 'kept', reason: '复制后的文件列表与原文件夹不一致' });
    expect(existsSync(paths.local)).toBe(false);
  });

  it('too little free space is found before anything is copied, and told in megabytes', () => {
    const before = existingInstall();
    const place = settleUserData(paths, { freeBytes: () => 10 * 1024 * 1024 });
    expect(place).toMatchObject({ state: 'kept', reason: '磁盘空间不足（需要约 65 MB，可用 10 MB）' });
    expect(snapshot(paths.roaming)).toEqual(before);
    expect(readdirSync(join(root, 'Local'))).toEqual([]);
  });

  it('an old folder Windows will not let go of is renamed at a later start; the data is switched already', () => {
    const before = existingInstall();
    // Where the note goes something stands in the way (as a file held open would stop the rename).
    mkdirSync(join(paths.roaming, oldFolderNote));
    const first = settleUserData(paths, roomy);
    expect(first).toMatchObject({ state: 'moved', dir: paths.local, retired: false });
    expect(statSync(join(paths.local, 'data', 'app.db')).size).toBe(256 * 1024);

    // Still held: the data stays where it went, nothing copied again.
    expect(settleUserData(paths, roomy)).toEqual({ state: 'local', dir: paths.local });
    expect(existsSync(paths.roaming)).toBe(true);

    rmSync(join(paths.roaming, oldFolderNote), { recursive: true });
    expect(settleUserData(paths, roomy)).toEqual({ state: 'local', dir: paths.local });
    expect(existsSync(paths.roaming)).toBe(false);
    expect(snapshot(retiredName())).toMatchObject(before);
  });

  it('waits out Windows refusing a rename for a moment (an antivirus reading the new files)', () => {
    const before = existingInstall();
    let refusals = 0;
    const place = settleUserData(paths, {
      ...roomy,
      rename: (from, to) => {
        if (refusals++ < 3) throw Object.assign(new Error('EPERM: operation not permitted, rename'), { code: 'EPERM' });
        renameSync(from, to);
      },
    });
    expect(place).toMatchObject({ state: 'moved', retired: true });
    expect(snapshot(retiredName())).toMatchObject(before);

    // One that never lets go: the copy is dropped, the old folder stays in use.
    rmSync(paths.local, { recursive: true });
    renameSync(retiredName(), paths.roaming);
    const refused = settleUserData(paths, {
      ...roomy,
      rename: () => {
        throw Object.assign(new Error('EPERM: operation not permitted, rename'), { code: 'EPERM' });
      },
    });
    expect(refused).toMatchObject({ state: 'kept', dir: paths.roaming, reason: '文件被占用或无权访问' });
    expect(readdirSync(join(root, 'Local'))).toEqual([]);
  });

  it('hands over when another copy of the app is moving the data right now; a stale lock is ignored', () => {
    const before = existingInstall();
    writeFileSync(`${paths.local}.moving.lock`, '4242');
    expect(settleUserData(paths, { ...roomy, isAlive: (pid) => pid === 4242 })).toEqual({
      state: 'busy',
      dir: paths.roaming,
    });
    expect(snapshot(paths.roaming)).toEqual(before);

    // Half an hour on, the id belongs to some other program: the lock is stale all the same.
    const later = new Date(Date.now() + 31 * 60 * 1000);
    expect(
      settleUserData(paths, {
        ...roomy,
        isAlive: () => true,
        copyFile: () => {
          throw Object.assign(new Error('EBUSY'), { code: 'EBUSY' });
        },
        now: () => later,
      }),
    ).toMatchObject({ state: 'kept' });
    writeFileSync(`${paths.local}.moving.lock`, '4242');

    // That process is gone (the PC was switched off mid-move): this start moves the data.
    expect(settleUserData(paths, { ...roomy, isAlive: () => false })).toMatchObject({ state: 'moved' });
    expect(existsSync(`${paths.local}.moving.lock`)).toBe(false);
  });

  it('sets aside, never deletes, a folder already in Local AppData that no move made', () => {
    existingInstall();
    mkdirSync(paths.local);
    writeFileSync(join(paths.local, 'notes.txt'), 'by hand');
    const now = new Date('2026-11-24T07:52:29Z');
    expect(settleUserData(paths, { ...roomy, now: () => now })).toMatchObject({ state: 'moved' });
    expect(readFileSync(join(`${paths.local}.before-move-2026-11-24T07-52-29`, 'notes.txt'), 'utf8')).toBe('by hand');
    expect(existsSync(join(paths.local, 'notes.txt'))).toBe(false);
  });

  it('tells the clerk in Chinese that the old location is still used and why', () => {
    const message = moveFailedMessage(
      { state: 'kept', dir: 'C:\\Roaming\\x', reason: '磁盘空间不足', error: null },
      'C:\\Local\\x',
    );
    expect(message.message).toBe('数据没有移到本机的数据文件夹，本次仍使用原来的位置');
    expect(message.detail).toContain('原因：磁盘空间不足');
    expect(message.detail).toContain('下次启动时会再试一次');
    expect(message.buttons).toEqual(['知道了']);
  });
});
