import { describe, expect, it } from 'vitest';
import { startDesktop, startMessages } from '../scripts/start-desktop.mjs';
import { distMessages, ensureElectron } from '../scripts/ensure-electron.mjs';

/** Runs the decision of `npm start` with every effect recorded instead of performed. */
async function run(condition: { binary: 'present' | 'missing'; download: 'works' | 'fails'; build?: boolean }) {
  const steps: string[] = [];
  const errors: string[] = [];
  let installed = condition.binary === 'present';
  const code = await startDesktop({
    findBinary: () => (installed ? '/electron/electron' : null),
    install: () => {
      steps.push('install');
      if (condition.download === 'works') installed = true;
      return condition.download === 'works';
    },
    build: () => {
      steps.push('build');
      return condition.build ?? true;
    },
    launch: (binary) => {
      steps.push(`launch ${binary}`);
      return 0;
    },
    print: () => undefined,
    printError: (message) => errors.push(message),
  });
  return { code, steps, errors };
}

describe('npm start', () => {
  it('stops with a Chinese message naming npm run serve when the binary is missing and cannot be fetched', async () => {
    const { code, steps, errors } = await run({ binary: 'missing', download: 'fails' });
    expect(code).not.toBe(0);
    expect(steps).toEqual(['install']); // no build, no launch
    expect(errors).toEqual([startMessages.binaryMissing]);
    expect(startMessages.binaryMissing).toContain('npm run serve');
    expect(startMessages.binaryMissing).toMatch(/Electron 运行文件不存在，且下载失败/);
  });

  it('fetches a missing binary, then builds and launches', async () => {
    const { code, steps, errors } = await run({ binary: 'missing', download: 'works' });
    expect(code).toBe(0);
    expect(steps).toEqual(['install', 'build', 'launch /electron/electron']);
    expect(errors).toEqual([]);
  });

  it('does not download when the binary is there', async () => {
    const { steps } = await run({ binary: 'present', download: 'fails' });
    expect(steps).toEqual(['build', 'launch /electron/electron']);
  });

  it('does not launch a failed build', async () => {
    const { code, steps, errors } = await run({ binary: 'present', download: 'works', build: false });
    expect(code).toBe(1);
    expect(steps).toEqual(['build']);
    expect(errors).toEqual([startMessages.buildFailed]);
  });
});

describe('npm run dist', () => {
  const prepare = (binary: 'present' | 'missing', download: 'works' | 'fails') => {
    const printed: string[] = [];
    const errors: string[] = [];
    let installed = binary === 'present';
    let installs = 0;
    const code = ensureElectron({
      findBinary: () => (installed ? '/electron/electron' : null),
      install: () => {
        installs += 1;
        installed = download === 'works';
        return installed;
      },
      print: (message) => printed.push(message),
      printError: (message) => errors.push(message),
    });
    return { code, printed, errors, installs };
  };

  it('stops before packaging with a Chinese message when the binary cannot be fetched', () => {
    const { code, errors, installs } = prepare('missing', 'fails');
    expect(code).toBe(1);
    expect(installs).toBe(1);
    expect(errors).toEqual([distMessages.binaryMissing]);
    expect(distMessages.binaryMissing).toMatch(/^无法打包安装程序：Electron 运行文件不存在，且下载失败/);
    expect(distMessages.binaryMissing).toContain('npm run dist');
  });

  it('goes on once the binary is there, fetching it when missing', () => {
    expect(prepare('present', 'fails')).toMatchObject({ code: 0, installs: 0, errors: [] });
    const fetched = prepare('missing', 'works');
    expect(fetched).toMatchObject({ code: 0, installs: 1, errors: [] });
    expect(fetched.printed).toContain('Electron 已就绪：/electron/electron');
  });
});
