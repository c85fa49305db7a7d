import fc from 'fast-check';
import { hostileKey, hostileValue } from './hostile';
import { Blend, clone, PoolPick, RawSegment } from './pools';

/**
 * Hostile changes anywhere in a generated value (a value replaced, a key dropped or added, a value
 * wrapped in an array): what a schema-derived value cannot reach on its own.
 */

/** One change to a generated value; `at` picks a place in it (modulo the places there are). */
export type Mutation =
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'addKey'; at: number; key: string; value: unknown }
  | { kind: 'wrap'; at: number };

export const mutationsArbitrary: fc.Arbitrary<Mutation[]> = fc.array(
  fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: hostileValue }), weight: 6 },
    { arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant('addKey' as const),
        at: fc.nat(),
        key: hostileKey,
        value: fc.oneof(hostileValue, fc.constant({ polluted: true })),
      }),
      weight: 1,
    },
    { arbitrary: fc.record({ kind: fc.constant('wrap' as const), at: fc.nat() }), weight: 1 },
  ),
  { minLength: 1, maxLength: 3 },
);

type Path = (string | number)[];

/** Every place in a value (the root first), not looking into picks. */
const placesOf = (value: unknown, path: Path = [], out: Path[] = []): Path[] => {
  out.push(path);
  if (value instanceof PoolPick || value instanceof RawSegment || value instanceof Blend) return out;
  if (Array.isArray(value)) value.forEach((item, index) => placesOf(item, [...path, index], out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], out);
  }
  return out;
};

const getAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

const setAt = (root: unknown, path: Path, next: unknown): unknown => {
  if (path.length === 0) return next;
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  Object.defineProperty(parent, path[path.length - 1] as string | number, {
    value: next,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return root;
};

const dropAt = (root: unknown, path: Path): unknown => {
  if (path.length === 0) return undefined;
  const parent = getAt(root, path.slice(0, -1));
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete (parent as Record<string, unknown>)[last];
  return root;
};

/** The generated value with the mutations applied, in order. */
export const applyMutations = (value: unknown, mutations: readonly Mutation[]): unknown => {
  let current = clone(value);
  for (const mutation of mutations) {
    const places = placesOf(current);
    if (mutation.kind === 'addKey') {
      const objects = places.filter((path) => {
        const node = getAt(current, path);
        return node !== null && typeof node === 'object' && !Array.isArray(node) && !(node instanceof PoolPick);
      });
      const target = objects[mutation.at % Math.max(objects.length, 1)];
      if (!target) continue;
      const node = getAt(current, target) as Record<string, unknown>;
      Object.defineProperty(node, mutation.key, {
        value: clone(mutation.value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    const place = places[mutation.at % places.length] as Path;
    // A copy: hostile shapes are shared constants, and a later change must not reach them (nor make a cycle).
    if (mutation.kind === 'set') current = setAt(current, place, clone(mutation.value));
    else if (mutation.kind === 'drop') current = dropAt(current, place);
    else current = setAt(current, place, [getAt(current, place)]);
  }
  return current;
};
