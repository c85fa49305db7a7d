// `npm run dist` second step: the Windows installer carries SQLite's native module, and npm installs only
// the current platform's `@libsql/*` binary. An installer built without `@libsql/win32-x64-msvc` would
// install fine and then fail at its first start; stop here with the reason instead. It also says how the
// installer will be signed (scripts/windows-signing.mjs), and plainly what an unsigned one means for updates.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { signingEnv, windowsSigning } from './windows-signing.mjs';

export const WINDOWS_LIBSQL = '@libsql/win32-x64-msvc';

export const distCheckMessages = {
  libsqlMissing: [
    `无法打包安装程序：缺少 Windows 版 SQLite 模块 ${WINDOWS_LIBSQL}。`,
    'npm 只安装当前系统的版本，在其他系统上打出的安装包启动时会因缺少数据库模块而失败。',
    '请在 Windows 电脑上运行 npm install 后再运行 npm run dist。',
  ].join('\n'),
  unsigned: [
    '注意：没有设置代码签名，这次打出的安装程序不会签名。',
    '· Windows 会提示“未知发布者”；',
    '· 装了它的电脑不会自动安装任何更新：发现新版本时只提示“有新版本 X，请联系管理员安装”，由管理员手动安装；',
    `· 要签名，请设置 CSC_LINK 和 CSC_KEY_PASSWORD（.pfx 证书）、${signingEnv.storeSha1}（硬件令牌里的证书）、`,
    `  ${signingEnv.command}（自己的签名命令）或 ${signingEnv.azureEndpoint} 等（Azure Trusted Signing），见 README。`,
  ].join('\n'),
  signed: (method, publisher) =>
    `安装程序将签名（${signingMethodNames[method]}）${publisher ? `，发布者：${publisher}` : '，发布者取自证书'}。` +
    '装好的程序只自动安装同一发布者签名的更新。',
  signingProblems: (problems) => ['无法打包安装程序：签名设置不完整。', ...problems].join('\n'),
};

const signingMethodNames = {
  pfx: '.pfx 证书',
  'certificate-store': 'Windows 证书存储中的证书（如硬件令牌）',
  command: `${signingEnv.command} 指定的签名命令`,
  azure: 'Azure Trusted Signing',
};

/** 0 when the installer can be built here; prints why not (and the signing notice) otherwise. */
export function checkDist({ projectDir, env, print, printError }) {
  const binary = join(projectDir, 'node_modules', ...WINDOWS_LIBSQL.split('/'), 'package.json');
  if (!existsSync(binary)) {
    printError(distCheckMessages.libsqlMissing);
    return 1;
  }
  const signing = windowsSigning(env);
  if (signing.problems.length > 0) {
    printError(distCheckMessages.signingProblems(signing.problems));
    return 1;
  }
  print(
    signing.method === 'none'
      ? distCheckMessages.unsigned
      : distCheckMessages.signed(signing.method, signing.publisher),
  );
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
