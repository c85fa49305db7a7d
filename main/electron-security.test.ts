import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkElectronSecurity } from '../scripts/check-electron-security.mjs';

/** Electronegativity in `npm test` (issue 13, point 9): offline, every finding reviewed, a new one fails. */
describe('the Electron security scan', () => {
  const copies: string[] = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  it('finds nothing unreviewed in the desktop app, and parses every file', async () => {
    const result = await checkElectronSecurity();
    expect(result.parseErrors).toEqual([]);
    expect(result.unreviewed).toEqual([]);
    expect(result.electronVersion).toMatch(/^45\./);
  }, 60_000);

  it('fails on a window that would give the page Node', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'app-copy-'));
    copies.push(copy);
    for (const part of ['main', 'preload', 'renderer/index.html', 'package.json']) {
      cpSync(join(process.cwd(), part), join(copy, part), { recursive: true });
    }
    writeFileSync(
      join(copy, 'main', 'careless-window.ts'),
      [
        "import { BrowserWindow } from 'electron';",
        'export const open = () =>',
        '  new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });',
        '',
      ].join('\n'),
    );
    const result = await checkElectronSecurity(copy);
    const found = result.unreviewed.filter((issue) => issue.file === 'main/careless-window.ts').map((i) => i.id);
    expect(found).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK']));
  }, 60_000);
});
