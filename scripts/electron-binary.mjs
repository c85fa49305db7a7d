// Finding, and where missing fetching, Electron's binary. The package installs without it (npm's
// allowScripts skips its download so that `npm ci` works offline); `npm start` and `npm run dist` fetch it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The binary's path, or null when Electron's package has no binary yet. */
export function findElectronBinary(projectDir) {
  try {
    // `require('electron')` answers the binary's path, and throws when path.txt is missing.
    const binary = createRequire(join(projectDir, 'package.json'))('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/**
 * Runs Electron's own download script; true when it succeeded. Its error is a long stack trace: show only
 * the first line (for example `RequestError: getaddrinfo ENOTFOUND github.com`).
 */
export function installElectronBinary(projectDir, log = (message) => console.error(message)) {
  const script = join(projectDir, 'node_modules', 'electron', 'install.js');
  if (!existsSync(script)) return false;
  const result = spawnSync(process.execPath, [script], {
    cwd: projectDir,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status === 0) return true;
  const reason = (result.stderr ?? '').split('\n').find((line) => line.trim() !== '');
  if (reason) log(`下载失败：${reason.trim()}`);
  return false;
}

/**
 * The binary if present, otherwise one download attempt. `findBinary` and `install` are passed in so the
 * decision can be tested without a network or a binary.
 */
export function prepareElectron({ findBinary, install, log = () => {} }) {
  const present = findBinary();
  if (present) return { ok: true, binary: present, downloaded: false };
  log('未找到 Electron 运行文件，正在下载（约 100 MB）……');
  const binary = install() ? findBinary() : null;
  if (binary) return { ok: true, binary, downloaded: true };
  return { ok: false };
}

export const electronMessages = {
  mirrorHint:
    '如果网络较慢（例如在中国大陆），可以先设置镜像再重试：ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/',
};
