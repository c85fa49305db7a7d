import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** ../shared/fixtures beside the checkout, found from StrykerJS's sandbox inside it. */
const sharedFixtures = (): string => {
  let dir = process.cwd();
  while (!existsSync(join(dir, '..', 'shared', 'fixtures')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, '..', 'shared', 'fixtures');
};

/**
 * The tests StrykerJS runs against each mutant (`npm run test:mutation`, stryker.config.json): the
 * tests of the rules' own files and of the part-2 areas whose lists and records use them, on SQLite. One
 * project, because Stryker's vitest runner measures coverage per test across a single one.
 */
export default defineConfig({
  test: {
    include: [
      'contract/**/*.test.ts',
      'server/src/lifecycle/**/*.test.ts',
      'server/src/modules/{pickup,registry,release,exports,filed,upload,vehicle}/**/*.test.ts',
    ],
    environment: 'node',
    // One database per run; files share it, so they run one after another (as in vitest.config.ts).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { TEST_DB: 'sqlite', SHARED_FIXTURES_DIR: sharedFixtures() },
  },
});
