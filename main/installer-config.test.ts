import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDist } from '../scripts/check-dist.mjs';

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

  it('leaves the source maps out', async () => {
    const { files } = await loadBuilderConfig();
    // electron-builder's loader wraps the list as one file set: `[{ filter: [...] }]`.
    const patterns = (files as { filter: string[] }[]).flatMap((set) => set.filter);
    expect(patterns).toContain('!**/*.map');
    expect(patterns).toContain('dist-electron/**');
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

  it('goes on with it, and says when the installer will not be signed', async () => {
    projectDir = await mkdtemp(join(tmpdir(), 'dist-check-'));
    const windows = join(projectDir, 'node_modules', '@libsql', 'win32-x64-msvc');
    await mkdir(windows, { recursive: true });
    await writeFile(join(windows, 'package.json'), '{"name":"@libsql/win32-x64-msvc"}');
    const unsigned = run({});
    expect(unsigned.code).toBe(0);
    expect(unsigned.printed.join('\n')).toContain('安装程序不会签名');
    const signed = run({ CSC_LINK: 'C:\\certs\\office.pfx', CSC_KEY_PASSWORD: 'secret' });
    expect(signed.code).toBe(0);
    expect(signed.printed).toEqual([]);
  });
});
