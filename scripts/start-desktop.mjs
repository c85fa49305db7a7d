// `npm start`: fetch Electron's binary when missing, build, and open the desktop app. Where the binary
// cannot be fetched (no internet), say so in Chinese and point to the browser version (`npm run serve`).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { electronMessages, findElectronBinary, installElectronBinary, prepareElectron } from './electron-binary.mjs';

const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export const startMessages = {
  binaryMissing: [
    '无法启动桌面应用：Electron 运行文件不存在，且下载失败（这台电脑可能无法访问互联网）。',
    '',
    '可以改用浏览器版本，功能相同：',
    '  npm run serve',
    '然后在浏览器中打开 http://127.0.0.1:8787',
    '',
    '联网后再次运行 npm start 会自动下载 Electron。',
    electronMessages.mirrorHint,
  ].join('\n'),
  buildFailed: '构建失败，桌面应用没有启动。请查看上面的错误信息。',
};

/**
 * The whole decision, with every effect passed in: present binary → build → launch; missing binary and a
 * failed download → the message above and exit code 1.
 */
export async function startDesktop({ findBinary, install, build, launch, print, printError }) {
  const prepared = prepareElectron({ findBinary, install, log: print });
  if (!prepared.ok) {
    printError(startMessages.binaryMissing);
    return 1;
  }
  if (!build()) {
    printError(startMessages.buildFailed);
    return 1;
  }
  return launch(prepared.binary);
}

function buildApp() {
  const vite = join(projectDir, 'node_modules', 'vite', 'bin', 'vite.js');
  return spawnSync(process.execPath, [vite, 'build'], { cwd: projectDir, stdio: 'inherit' }).status === 0;
}

function launchElectron(binary) {
  const env = { ...process.env };
  // Set by some editors' terminals; it would make Electron behave as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  return new Promise((resolve) => {
    const child = spawn(binary, ['.'], { cwd: projectDir, stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(`无法启动 Electron：${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await startDesktop({
    findBinary: () => findElectronBinary(projectDir),
    install: () => installElectronBinary(projectDir),
    build: buildApp,
    launch: launchElectron,
    print: (message) => console.log(message),
    printError: (message) => console.error(message),
  });
  process.exit(code);
}
