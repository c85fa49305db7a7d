// The server the end-to-end specs drive: what `npm run serve` does (build the renderer for the browser,
// then serve it with the API), on a fresh database and storage folder every run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// Two developers (or two helpers) may run specs at once on different E2E_PORTs: each port has its own
// database, storage and built page.
const port = process.env.E2E_PORT ?? '8797';
const dataDir = join('tests', 'artifacts', port === '8797' ? 'e2e' : `e2e-${port}`);
const webDir = port === '8797' ? 'renderer-dist' : join(dataDir, 'web');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// Backups (issue 27) go beside the data; the folder must exist, as an office's BACKUP_DIR would.
mkdirSync(join(dataDir, 'backups'), { recursive: true });

// Tools run through this Node: npm does not always mark a package's bin file executable.
const require = createRequire(import.meta.url);
const binScript = (pkg, bin = pkg) => {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return join(dirname(manifestPath), typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin]);
};

const build = spawnSync(
  process.execPath,
  [binScript('vite'), 'build', '--mode', 'web', '--logLevel', 'warn', '--outDir', resolve(webDir)],
  {
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, [binScript('tsx'), join('server', 'src', 'main.ts'), 'serve', '--web', webDir], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: `sqlite:./${dataDir}/app.db`,
    STORAGE_DIR: `./${dataDir}/storage`,
    BACKUP_DIR: `./${dataDir}/backups`,
    PORT: port,
    HOST: '127.0.0.1',
    // Cheaper password hashing: the production parameters are asserted by the server's own test.
    PASSWORD_HASH_COST: 'test',
  },
});

const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
