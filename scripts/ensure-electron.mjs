// `npm run dist` first: an installer needs Electron's binary. Fetch it when missing, or stop with a clear
// message (no installer can be built offline without it).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronMessages, findElectronBinary, installElectronBinary, prepareElectron } from './electron-binary.mjs';

const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..');

const prepared = prepareElectron({
  findBinary: () => findElectronBinary(projectDir),
  install: () => installElectronBinary(projectDir),
  log: (message) => console.log(message),
});

if (!prepared.ok) {
  console.error(
    [
      '无法打包安装程序：Electron 运行文件不存在，且下载失败（这台电脑可能无法访问互联网）。',
      '请在能访问互联网的 Windows 电脑上运行 npm run dist。',
      electronMessages.mirrorHint,
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`Electron 已就绪：${prepared.binary}`);
