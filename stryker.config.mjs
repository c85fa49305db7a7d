// Mutation testing of the files that hold the rules (issue 21): `npm run test:mutation`. Not part of
// `npm test`: it takes far longer than 5 minutes here. Reports in tests/artifacts/mutation/.
// A mutant that survives is a change to a rule that no test notices: kill it with a test that states the
// spec's value, or say in docs/decisions.md why it cannot matter.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'contract/stage.ts',
    'contract/upload.ts',
    'contract/fields.ts',
    'contract/vehicle.ts',
    'server/src/lifecycle/**/*.ts',
    '!server/src/lifecycle/**/*.test.ts',
    'server/src/modules/{pickup,registry,filed,vehicle}/*.repository.ts',
    'server/src/modules/release/release-list.repository.ts',
    'server/src/modules/release/release-pass.repository.ts',
  ],
  // Anchored: a bare 'release' would also leave out server/src/modules/release.
  ignorePatterns: [
    '/.stryker-tmp-*',
    '/.bench',
    '/tests/artifacts',
    '/release',
    '/dist-electron',
    '/renderer-dist',
    '/data',
    '/coverage',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // `--incremental` reuses the results of mutants whose code and covering tests are unchanged (one file per
  // run keeps the other files' results). Not the default: a static mutant (a table's value) has no
  // covering tests of its own, so a survivor is reused even after a test that kills it was added; score
  // with a full run (docs/mutation.md).
  incrementalFile: 'tests/artifacts/mutation/stryker-incremental.json',
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'tests/artifacts/mutation/index.html' },
  jsonReporter: { fileName: 'tests/artifacts/mutation/report.json' },
  thresholds: { high: 80, low: 60, break: null },
};
