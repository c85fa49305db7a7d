// Finds import loops among the project's own files, counting what ESLint's import/no-cycle skips: type-only
// imports (`import type`), re-exports and dynamic `import()`. A loop hidden from the linter by a type import
// or a lazy import is still a loop: the files cannot be understood, tested or moved one at a time.
// Prints each loop and exits 1 when there is one.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const folders = ['contract', 'server', 'renderer/src', 'main', 'preload'];
const sourceFile = /\.(ts|tsx|mjs|cjs)$/;
const skipped = new Set(['node_modules', 'dist', 'dist-electron', 'renderer-dist']);

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    if (skipped.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return sourceFile.test(name) ? [path] : [];
  });

const files = folders.filter((folder) => existsSync(join(root, folder))).flatMap((folder) => walk(join(root, folder)));
const known = new Set(files);

// `from '…'` (imports and re-exports, type-only included), `import('…')`, `vi.mock('…')` is left out: a
// mock names a module without depending on it.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
const candidates = (base) => ['', '.ts', '.tsx', '.mjs', '.cjs', '/index.ts'].map((ext) => base + ext);

const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const targets = new Set();
  for (const match of text.matchAll(specifiers)) {
    const base = resolve(dirname(file), match[1]);
    const target = candidates(base).find((candidate) => known.has(candidate));
    if (target) targets.add(target);
  }
  graph.set(file, [...targets]);
}

// Tarjan's strongly connected components: every component of more than one file is a loop.
let index = 0;
const indices = new Map();
const lowLinks = new Map();
const stack = [];
const onStack = new Set();
const loops = [];
const visit = (file) => {
  indices.set(file, index);
  lowLinks.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!indices.has(target)) {
      visit(target);
      lowLinks.set(file, Math.min(lowLinks.get(file), lowLinks.get(target)));
    } else if (onStack.has(target)) {
      lowLinks.set(file, Math.min(lowLinks.get(file), indices.get(target)));
    }
  }
  if (lowLinks.get(file) === indices.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) loops.push(component);
  }
};
for (const file of files) if (!indices.has(file)) visit(file);

if (loops.length === 0) {
  console.log(`import cycles: none among ${files.length} files`);
} else {
  for (const loop of loops) {
    console.error(
      `import cycle through ${loop.length} files:\n  ${loop
        .map((file) => relative(root, file))
        .sort()
        .join('\n  ')}`,
    );
  }
  process.exit(1);
}
