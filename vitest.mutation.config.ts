import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** ../shared/fixtures beside the checkout, found from StrykerJS's sandbox inside it. */
const sharedFixtures = (): string => {
  let dir = process.cwd();
  while (!existsSync(join(dir, '..', 'shared', 'fixtures')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, '..', 'shared', 'fixtures');
};

const allRuleTests = [
  'contract/**/*.test.ts',
  'server/src/lifecycle/**/*.test.ts',
  'server/src/modules/{pickup,registry,release,filed,upload,vehicle}/**/*.test.ts',
  // The lifecycle's history events (what a record or a hand-over changed) are asserted here.
  'server/src/history.test.ts',
];

/**
 * MUTATION_TESTS (comma-separated globs) narrows the tests for one run, e.g. the contract and lifecycle
 * tests while mutating contract/fields.ts: a mutant of a table runs at module load ("static"), so StrykerJS
 * runs every test for it, and the whole set costs about 35 s a mutant here. Docs/mutation.md says which
 * set each file's score was taken with.
 */
const include = process.env.MUTATION_TESTS?.split(',').filter((glob) => glob.trim() !== '') ?? allRuleTests;

/** Fast files first: a mutant is killed at its first failing test (bail), so a cheap test should see it first. */
const rank = (file: string): number =>
  file.startsWith('contract/') ? 0 : file.startsWith('server/src/lifecycle/') ? 1 : 2;

class FastFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (spec: TestSpecification) => relative(spec.project.config.root, spec.moduleId);
    return Promise.resolve(
      [...files].sort((a, b) => rank(key(a)) - rank(key(b)) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
    );
  }
}

/**
 * The tests StrykerJS runs against each mutant (`npm run test:mutation`, stryker.config.mjs): the
 * tests of the rules' own files and of the part-2 areas whose lists and records use them, on SQLite. One
 * project, because Stryker's vitest runner measures coverage per test across a single one.
 */
export default defineConfig({
  test: {
    include,
    environment: 'node',
    // One database per run; files share it, so they run one after another (as in vitest.config.ts).
    fileParallelism: false,
    sequence: { sequencer: FastFirst },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { TEST_DB: 'sqlite', SHARED_FIXTURES_DIR: sharedFixtures() },
  },
});
