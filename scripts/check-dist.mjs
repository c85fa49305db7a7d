// `npm run dist` second step: the Windows installer carries SQLite's native module, and npm installs only
// the current platform's `@libsql/*` binary. An installer built without `@libsql/win32-x64-msvc` would
// install fine and then fail at its first start; stop here with the reason instead.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const WINDOWS_LIBSQL = '@libsql/win32-x64-msvc';

export const distCheckMessages = {
  libsqlMissing: [
    `无法打包安装程序：缺少 Windows 版 SQLite 模块 ${WINDOWS_LIBSQL}。`,
    'npm 只安装当前系统的版本，在其他系统上打出的安装包启动时会因缺少数据库模块而失败。',
    '请在 Windows 电脑上运行 npm install 后再运行 npm run dist。',
  ].join('\n'),
  unsigned: '提示：未设置 CSC_LINK 和 CSC_KEY_PASSWORD，安装程序不会签名，Windows 可能提示“未知发布者”。',
};

/** 0 when the installer can be built here; prints why not (and the signing notice) otherwise. */
export function checkDist({ projectDir, env, print, printError }) {
  const binary = join(projectDir, 'node_modules', ...WINDOWS_LIBSQL.split('/'), 'package.json');
  if (!existsSync(binary)) {
    printError(distCheckMessages.libsqlMissing);
    return 1;
  }
  if (!env.CSC_LINK || !env.CSC_KEY_PASSWORD) print(distCheckMessages.unsigned);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(
    checkDist({
      projectDir: join(dirname(fileURLToPath(import.meta.url)), '..'),
      env: process.env,
      print: (message) => console.log(message),
      printError: (message) => console.error(message),
    }),
  );
}
