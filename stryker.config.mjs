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
    'server/src/modules/exports/release-list.repository.ts',
    'server/src/modules/release/release-pass.repository.ts',
  ],
  // Anchored: a bare 'release' would also leave out server/src/modules/release.
  ignorePatterns: ['/.bench', '/tests/artifacts', '/release', '/dist-electron', '/renderer-dist', '/data', '/coverage'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'tests/artifacts/mutation/index.html' },
  jsonReporter: { fileName: 'tests/artifacts/mutation/report.json' },
  thresholds: { high: 80, low: 60, break: null },
};
