/**
 * Values the server handed out or accepted earlier (ids, `updated_at`, VINs, stored file paths, whole
 * bodies), kept in named pools while a fuzz run goes on. A generated request names a pool and a pick;
 * the value is taken when the request is sent, since the pools fill only as the run goes.
 */

/**
 * A value to be taken from pools of values the server handed out or accepted (the pools named, one
 * after the other), or `fallback` while they are all empty.
 */
export class PoolPick {
  constructor(
    readonly pools: readonly string[],
    readonly pick: number,
    readonly fallback: unknown,
  ) {}
}

/**
 * A body the server accepted earlier (from `pools`), with some of its fields replaced by fresh ones:
 * close enough to a valid request to pass most checks, different enough to reach the others (a new
 * contract number with a customer type that does not exist, say).
 */
export class Blend {
  constructor(
    readonly pools: readonly string[],
    readonly pick: number,
    /** The fields the schema knows; a base's other fields are left out. */
    readonly known: readonly string[],
    readonly fresh: Readonly<Record<string, unknown>>,
    /** Per known field, whether the fresh value replaces the base's. */
    readonly replace: readonly boolean[],
  ) {}
}

/** A value sent as it is in a path (not percent-encoded), for segments such as `%zz` or `..`. */
export class RawSegment {
  constructor(readonly text: string) {}
}

export type Pools = Map<string, unknown[]>;

/** Replaces every pick with a value from its pool, recursively. */
export const resolvePicks = (value: unknown, pools: Pools): unknown => {
  if (value instanceof PoolPick) {
    const pool = value.pools.flatMap((name) => pools.get(name) ?? []);
    return pool.length === 0 ? resolvePicks(value.fallback, pools) : clone(pool[value.pick % pool.length]);
  }
  if (value instanceof Blend) {
    const bases = value.pools.flatMap((name) => pools.get(name) ?? []);
    const base = bases[value.pick % Math.max(bases.length, 1)];
    if (base === null || typeof base !== 'object') return resolvePicks(value.fresh, pools);
    const blended: Record<string, unknown> = {};
    value.known.forEach((key, index) => {
      const fresh = value.replace[index] === true || !Object.hasOwn(base, key);
      const chosen = fresh ? value.fresh[key] : (base as Record<string, unknown>)[key];
      if (chosen !== undefined) blended[key] = chosen;
    });
    return resolvePicks(blended, pools);
  }
  if (Array.isArray(value)) return value.map((item) => resolvePicks(item, pools));
  if (value !== null && typeof value === 'object' && !(value instanceof RawSegment)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty: a `__proto__` key stays an own key, as a hostile client would send it.
      Object.defineProperty(out, key, {
        value: resolvePicks(item, pools),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
};

/** A deep copy of plain objects and arrays that keeps a `__proto__` key an own key. */
export const clone = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(clone);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, { value: clone(item), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
};
