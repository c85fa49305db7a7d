// One name per area in all three programs (issue 22): every folder of server/src/modules/ has its
// contract/<name>.ts and its renderer/src/features/<name>/ holding code, so that a clerk's word for an
// area finds its endpoints, its server code and its screens. `upload` and `search` have no feature:
// their renderer sides are shared (UploadSlot, the top bar's search box). Prints each area that breaks
// the rule and exits 1 when there is one.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const modulesDir = join(root, 'server/src/modules');
const featuresDir = join(root, 'renderer/src/features');
const contractDir = join(root, 'contract');

/** Areas whose renderer side is shared rather than a feature, with the reason printed when asked. */
const withoutFeature = new Map([
  ['upload', 'its renderer side is UploadSlot in renderer/src/components/'],
  ['search', "its renderer side is the top bar's box in renderer/src/layout/global-search.tsx, on every page"],
]);

const sourceFile = /\.(ts|tsx)$/;
const holdsCode = (dir) =>
  readdirSync(dir).some((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? holdsCode(path) : sourceFile.test(name);
  });

const areas = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
const problems = [];
for (const area of areas.sort()) {
  if (!existsSync(join(contractDir, `${area}.ts`))) {
    problems.push(`server/src/modules/${area}/ has no contract/${area}.ts`);
  }
  if (withoutFeature.has(area)) continue;
  const feature = join(featuresDir, area);
  if (!existsSync(feature) || !statSync(feature).isDirectory()) {
    problems.push(`server/src/modules/${area}/ has no renderer/src/features/${area}/`);
  } else if (!holdsCode(feature)) {
    problems.push(`renderer/src/features/${area}/ holds no .ts or .tsx file: a feature is the area's renderer code`);
  }
}

if (problems.length > 0) {
  console.error('Area names: each server module needs its contract file and renderer feature of the same name');
  console.error('(docs/decisions.md, "One name per area"; merge the module into an area or add what is missing):');
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(
  `Area names: ${areas.length} areas, each with its contract file and renderer feature (upload and search shared)`,
);
