import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where Electron's `userData` lives on Windows: under %LOCALAPPDATA%, never the Roaming %APPDATA%. With
 * roaming profiles or folder redirection in a Windows domain, Roaming is copied at every logon or sits on a
 * network share, and SQLite in WAL mode on a share corrupts. An install that kept its data in Roaming has it
 * moved once, at start, before anything opens it: copy into a staging folder, verify (file list, sizes,
 * SHA-256 of every file), switch (rename the staging folder into place: the one step that commits), and only
 * then rename the old folder with a note in it. Any failure before the switch leaves the old folder as it
 * was and in use; the next start tries again.
 */

export interface UserDataPaths {
  /** Electron's default on Windows: %APPDATA%\<productName>. */
  roaming: string;
  /** Where the data belongs: %LOCALAPPDATA%\<productName>. */
  local: string;
}

/** What the start-up did, for the log and the clerk. */
export type UserDataPlace =
  /** Nothing to move (a new install, or moved before). */
  | { state: 'local'; dir: string }
  /** Moved now; `retired` says whether the old folder could be renamed too (else again next start). */
  | { state: 'moved'; dir: string; files: number; bytes: number; retired: boolean }
  /** The move failed: the old folder is in use, untouched; `reason` is for the clerk, in Chinese. */
  | { state: 'kept'; dir: string; reason: string; error: unknown }
  /** Another copy of the app is moving the data right now: this one hands over (quits). */
  | { state: 'busy'; dir: string };

export interface MoveOptions {
  /** Copies one file; a test makes it fail half way. */
  copyFile?: (from: string, to: string) => void;
  /** Free bytes on the volume holding `dir`. */
  freeBytes?: (dir: string) => number;
  now?: () => Date;
  pid?: number;
  isAlive?: (pid: number) => boolean;
  /** Renames a folder; a test plays Windows refusing for a moment. */
  rename?: (from: string, to: string) => void;
}

/** In the moved folder: proof that it is complete (written before the switch). */
export const movedMarker = 'moved-from-roaming.json';
/** In the old folder: where the data went, for whoever opens it. */
export const oldFolderNote = '数据已移走-请看这里.txt';
/** Chromium's caches, rebuilt on demand, and Electron's single-instance lock: not worth moving. */
const notMoved = new Set(['Cache', 'Code Cache', 'GPUCache', 'DawnGraphiteCache', 'DawnWebGPUCache', 'lockfile']);
/** A move lock older than this is a leftover, even if its process id is in use again. */
const lockLifetimeMs = 30 * 60 * 1000;
/** Room left on the disk after the copy, so the database can still grow. */
const spareBytes = 64 * 1024 * 1024;

/** Windows only, and only when %LOCALAPPDATA% is known; elsewhere Electron's default stays. */
export function userDataPaths(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  electronDefault: string,
  productName: string,
): UserDataPaths | null {
  const localAppData = env.LOCALAPPDATA;
  if (platform !== 'win32' || !localAppData) return null;
  return { roaming: electronDefault, local: join(localAppData, productName) };
}

class MoveError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

/** Decides where userData is this run, moving it first when it is still in Roaming. Synchronous: before `ready`. */
export function settleUserData(paths: UserDataPaths, options: MoveOptions = {}): UserDataPlace {
  const { roaming, local } = paths;
  if (!isDirectory(roaming)) return { state: 'local', dir: local };
  if (existsSync(join(local, movedMarker))) {
    // Moved before, but the old folder could not be renamed then (a file open in it): try again.
    retire(paths, options.now?.() ?? new Date(), options.rename);
    return { state: 'local', dir: local };
  }

  let lock: (() => void) | null;
  try {
    lock = takeLock(`${local}.moving.lock`, options);
  } catch (error) {
    // %LOCALAPPDATA% not writable (a policy, a full disk): nothing touched, the old folder serves.
    return { state: 'kept', dir: roaming, reason: reasonOf(error), error };
  }
  if (!lock) return { state: 'busy', dir: roaming };
  const staging = `${local}.moving`;
  let moved: { files: number; bytes: number };
  try {
    moved = copyVerified(paths, staging, options);
    writeFileSync(
      join(staging, movedMarker),
      JSON.stringify({ from: roaming, at: (options.now?.() ?? new Date()).toISOString(), ...moved }, null, 2),
    );
    // A folder here without the marker is none of ours (made by hand?): set aside, never deleted.
    const rename = patientRename(options.rename);
    if (existsSync(local)) rename(local, `${local}.before-move-${stamp(options.now?.() ?? new Date())}`);
    rename(staging, local);
  } catch (error) {
    // Left behind if Windows holds a file in it: the next attempt clears it first, under the lock.
    quietly(() => rmSync(staging, { recursive: true, force: true, maxRetries: 2 }));
    return { state: 'kept', dir: roaming, reason: reasonOf(error), error };
  } finally {
    quietly(lock);
  }
  return {
    state: 'moved',
    dir: local,
    ...moved,
    retired: retire(paths, options.now?.() ?? new Date(), options.rename),
  };
}

/** The message box after the window opens when the move failed (Electron's `dialog.showMessageBox`). */
export function moveFailedMessage(place: Extract<UserDataPlace, { state: 'kept' }>, local: string) {
  return {
    type: 'warning',
    title: '数据位置',
    message: '数据没有移到本机的数据文件夹，本次仍使用原来的位置',
    detail: `原因：${place.reason}\n数据完好，可以照常使用；下次启动时会再试一次。\n原来的位置：${place.dir}\n新的位置：${local}`,
    buttons: ['知道了'],
    noLink: true,
  } as const;
}

function copyVerified(paths: UserDataPaths, staging: string, options: MoveOptions) {
  const copy = options.copyFile ?? ((from: string, to: string) => copyFileSync(from, to, constants.COPYFILE_EXCL));
  const files = listFiles(paths.roaming);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  mkdirSync(dirname(paths.local), { recursive: true });
  const free = (options.freeBytes ?? freeBytesOn)(dirname(paths.local));
  if (free < bytes + spareBytes) {
    throw new MoveError(`磁盘空间不足（需要约 ${megabytes(bytes + spareBytes)} MB，可用 ${megabytes(free)} MB）`);
  }
  // A staging folder left by a start that stopped half way (power cut): ours, under the lock.
  rmSync(staging, { recursive: true, force: true, maxRetries: 2 });
  mkdirSync(staging);
  for (const dir of listDirectories(paths.roaming)) mkdirSync(join(staging, dir), { recursive: true });
  for (const file of files) {
    try {
      copy(join(paths.roaming, file.path), join(staging, file.path));
    } catch (error) {
      throw new MoveError(copyFailure(error, file.path), { cause: error });
    }
  }
  // Verify: the same files, each of the same size and content.
  const copied = listFiles(staging);
  if (copied.map((file) => file.path).join('\n') !== files.map((file) => file.path).join('\n')) {
    throw new MoveError('复制后的文件列表与原文件夹不一致');
  }
  for (const [index, file] of files.entries()) {
    const copy = copied[index];
    if (copy?.size !== file.size || sha256(join(staging, file.path)) !== sha256(join(paths.roaming, file.path))) {
      throw new MoveError(`复制后的文件与原文件不一致：${file.path}`);
    }
  }
  return { files: files.length, bytes };
}

/** The old folder gets the note, then a new name; false when Windows keeps it (a file open in it). */
function retire({ roaming, local }: UserDataPaths, now: Date, rename?: MoveOptions['rename']): boolean {
  try {
    // An empty folder (something made it again) holds nothing to keep: it just goes.
    if (readdirSync(roaming).length === 0) {
      rmSync(roaming, { recursive: true });
      return true;
    }
    writeFileSync(join(roaming, oldFolderNote), noteText(local, now));
    let target = `${roaming}（旧数据，已移走）`;
    if (existsSync(target)) target = `${target}-${stamp(now)}`;
    patientRename(rename)(roaming, target);
    return true;
  } catch {
    return false;
  }
}

function noteText(local: string, now: Date): string {
  const lines = [
    '这是「二手车出口业务管理系统」以前存放数据的文件夹，已不再使用。',
    '',
    `${now.toLocaleString('zh-CN')} 起，数据（数据库、上传的扫描件、设置、登录信息和日志）存放在：`,
    local,
    '（即 %LOCALAPPDATA%\\二手车出口业务管理系统）',
    '',
    '数据是逐个文件复制并核对过（文件、大小、内容）之后才换过去的。',
    '本文件夹留作备份：确认应用中的数据无误后，可以删除。',
  ];
  // A BOM and CRLF: Notepad of every Windows version then shows it as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * Windows refuses to rename a folder while something still reads a file in it, typically an antivirus
 * scanning what was just written: a few tries over about a second before the move counts as failed.
 */
function patientRename(rename: (from: string, to: string) => void = renameSync) {
  return (from: string, to: string) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        rename(from, to);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (attempt >= 8 || (code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES')) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25 * attempt);
      }
    }
  };
}

/** An exclusive lock file with our process id; a lock whose process is gone is stale. */
function takeLock(path: string, options: MoveOptions): (() => void) | null {
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? processIsAlive;
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, String(pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      // Old, it is stale whatever process now has that id (Windows reuses them): never locked out for good.
      const fresh = (options.now?.() ?? new Date()).getTime() - statSync(path).mtimeMs < lockLifetimeMs;
      if (fresh && holder !== pid && Number.isInteger(holder) && holder > 0 && isAlive(holder)) return null;
      unlinkSync(path);
    }
  }
  return null;
}

/** Clean-up that must not turn a kept start into a crash (a stale lock is noticed by its process id). */
function quietly(action: () => void): void {
  try {
    action();
  } catch {
    // nothing to do: see above
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface ListedFile {
  path: string;
  size: number;
}

/** Regular files below `root`, relative, sorted; the top level's caches and lock left out. */
function listFiles(root: string): ListedFile[] {
  const files: ListedFile[] = [];
  walk(root, '', (path, stats) => {
    if (stats.isFile()) files.push({ path, size: stats.size });
  });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function listDirectories(root: string): string[] {
  const dirs: string[] = [];
  walk(root, '', (path, stats) => {
    if (stats.isDirectory()) dirs.push(path);
  });
  return dirs;
}

function walk(root: string, relative: string, visit: (path: string, stats: Stats) => void) {
  for (const name of readdirSync(join(root, relative))) {
    if (!relative && notMoved.has(name)) continue;
    const path = relative ? join(relative, name) : name;
    const stats = lstatSync(join(root, path));
    visit(path, stats);
    if (stats.isDirectory()) walk(root, path, visit);
  }
}

function sha256(path: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1024 * 1024);
  const fd = openSync(path, 'r');
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

function freeBytesOn(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function copyFailure(error: unknown, file: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return `磁盘空间不足（复制到 ${file} 时）`;
  if (code === 'EBUSY' || code === 'EPERM' || code === 'EACCES') return `文件被占用或无权访问：${file}`;
  return `复制 ${file} 失败（${code ?? (error instanceof Error ? error.message : String(error))}）`;
}

function reasonOf(error: unknown): string {
  if (error instanceof MoveError) return error.reason;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return '磁盘空间不足';
  if (code === 'EBUSY' || code === 'EPERM' || code === 'EACCES') return '文件被占用或无权访问';
  return `未能完成（${code ?? (error instanceof Error ? error.message : String(error))}）`;
}

function megabytes(bytes: number): number {
  return Math.ceil(bytes / (1024 * 1024));
}

/** 2026-11-24T07-52-29: a time that can be part of a Windows file name. */
function stamp(now: Date): string {
  return now.toISOString().slice(0, 19).replaceAll(':', '-');
}
