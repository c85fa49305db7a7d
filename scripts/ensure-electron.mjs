// `npm run dist` first: an installer needs Electron's binary. Fetch it when missing, or stop with a clear
// message (no installer can be built offline without it).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { electronMessages, findElectronBinary, installElectronBinary, prepareElectron } from './electron-binary.mjs';

const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export const distMessages = {
  binaryMissing: [
    '无法打包安装程序：Electron 运行文件不存在，且下载失败（这台电脑可能无法访问互联网）。',
    '请在能访问互联网的 Windows 电脑上运行 npm run dist。',
    electronMessages.mirrorHint,
  ].join('\n'),
  ready: (binary) => `Electron 已就绪：${binary}`,
};

/** The whole decision, with every effect passed in: 0 when the binary is there (or was fetched), else 1. */
export function ensureElectron({ findBinary, install, print, printError }) {
  const prepared = prepareElectron({ findBinary, install, log: print });
  if (!prepared.ok) {
    printError(distMessages.binaryMissing);
    return 1;
  }
  print(distMessages.ready(prepared.binary));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(
    ensureElectron({
      findBinary: () => findElectronBinary(projectDir),
      install: () => installElectronBinary(projectDir),
      print: (message) => console.log(message),
      printError: (message) => console.error(message),
    }),
  );
}
