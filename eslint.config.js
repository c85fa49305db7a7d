import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';

// Features never import each other: one zone per feature folder, made from what exists.
const featuresDir = './renderer/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
const featureZones = features.map((feature) => ({
  target: `${featuresDir}/${feature}`,
  from: featuresDir,
  except: [`./${feature}`],
}));

// Boundaries of DESIGN.md: contract imports only zod; renderer, server and main stay apart.
const boundaryZones = [
  { target: './contract', from: ['./server', './renderer', './main', './preload'] },
  { target: './renderer', from: ['./server', './main', './preload'] },
  { target: './server', from: ['./renderer', './main', './preload'] },
  // The server's platform (storage, counters, jobs, history) sits below the areas and the lifecycle.
  { target: './server/src/platform', from: ['./server/src/modules', './server/src/lifecycle'] },
  { target: './main', from: ['./renderer', './server/src/modules'] },
  { target: './preload', from: ['./renderer', './server', './main'] },
];

const sharedLayers = ['components', 'api', 'stores', 'platform'];

// Only server/src/lifecycle/ writes a vehicle's flow or stage values and an overseas contract's status
// (DESIGN.md, issue 8). Repositories' own patch types leave those columns out as well.
const lifecycleOnly = [
  {
    selector:
      'CallExpression[callee.property.name=/^(set|values)$/] Property[key.name=/^(flow|no_entry|entry|plate|release|transfer|exports|drawback|archive|freight)$/]',
    message: 'Only server/src/lifecycle/ moves a vehicle or sets its stage values.',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(set|values)$/][callee.object.arguments.0.value='orders'] Property[key.name='status']",
    message: 'Only server/src/lifecycle/ sets an overseas contract’s status.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-electron',
      'renderer-dist',
      'release',
      'data',
      'test-results',
      'playwright-report',
      'tests/artifacts',
      '.stryker-tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': 'error',
      'import/no-default-export': 'off',
      // Boundaries of DESIGN.md: contract imports only zod; renderer, server and main stay apart;
      // features meet in app/.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [...boundaryZones, ...featureZones],
        },
      ],
    },
  },
  {
    // Shared renderer layers sit below the screens and never reach up into them. Their tests may: a test
    // of the HTTP client renders it inside the app's providers, as the app runs it.
    files: sharedLayers.map((layer) => `renderer/src/${layer}/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaryZones,
            ...featureZones,
            ...sharedLayers.map((layer) => ({
              target: `./renderer/src/${layer}`,
              from: ['./renderer/src/features', './renderer/src/app', './renderer/src/layout'],
            })),
          ],
        },
      ],
    },
  },
  {
    // Rules of the house: SQL lives in repositories; a service holds the rules and the transaction.
    files: ['server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom|selectNoFrom)$/]',
          message: 'SQL belongs in the module’s repository, not in its service.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL belongs in the module’s repository, not in its service.',
        },
        ...lifecycleOnly,
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/modules/**/*.service.ts',
      'server/src/lifecycle/**',
      'server/src/db/migrations/**',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...lifecycleOnly] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A query key starts from renderer/src/api/query-keys.ts, so that a save in one area refreshes another's
    // lists through a name: a copied literal silently stops matching when the key changes.
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['renderer/src/api/query-keys.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Property[key.name=/^(queryKey|staleQueries)$/] ArrayExpression > Literal:first-child, VariableDeclarator[id.name=/(QueryKey|QUERY_KEY)$/] ArrayExpression > Literal:first-child',
          message: 'A query key starts from queryKeys (renderer/src/api/query-keys.ts), never a copied literal.',
        },
        {
          // antd's own clear button is announced "Clear" / "close-circle" (issue 24); MoneyInput's boolean
          // allowClear is its own and passes clearable on.
          selector:
            "JSXOpeningElement[name.name!='MoneyInput'] > JSXAttribute[name.name='allowClear'][value=null], JSXOpeningElement[name.name!='MoneyInput'] > JSXAttribute[name.name='allowClear'] > JSXExpressionContainer > Literal[value=true]",
          message: 'A clear button takes allowClear={clearable} (components/clearable.tsx), announced 清除.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
  },
  {
    files: ['scripts/**/*.{mjs,cjs}', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
