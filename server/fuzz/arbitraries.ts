import fc from 'fast-check';
import { z } from 'zod';
import {
  CONTROL_TEXT,
  HOSTILE_DATES,
  hostileKey,
  HOSTILE_NUMBERS,
  HOSTILE_TEXT,
  hostileValue,
  LONG_TEXT,
  LOOSE_IDS,
} from './hostile';
import { applyMutations, mutationsArbitrary } from './mutations';
import { Blend, PoolPick } from './pools';

/**
 * Request values derived from a route's own zod schema: the schema becomes JSON Schema (input side),
 * which becomes fast-check arbitraries of values the schema accepts; a mutation step then puts hostile
 * values, unknown keys and wrong shapes into some of them. Values the server handed out earlier (ids,
 * `updated_at`, VINs, stored file paths) are named by pool and picked when the request is sent, so that
 * plausible requests reach the handlers' deep code, not only the validation.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  format?: string;
}

/** The input side of a route's zod schema as JSON Schema; throws if the schema is not zod. */
export const jsonSchemaOf = (schema: unknown): JsonSchema => {
  if (!(schema instanceof z.ZodType)) throw new Error('not a zod schema');
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const INT32 = 2147483647;

/** Which pool of handed-out values a field draws from, by its name and pattern. */
const isIdKey = (key: string) => key === 'id' || /_id$|Id$/.test(key);

export const poolOf = (key: string, schema: JsonSchema): string => {
  if (schema.pattern?.includes('storage') || key === 'url' || key === 'paths') return 'file';
  if (isIdKey(key)) return 'id';
  if (/^vin/i.test(key)) return 'vin';
  return key;
};

const isDateKey = (key: string) => /(_at|date|_time)$/.test(key);

/** Real calendar days, the far ends of the range included (API.md: 9999-12-31 is a day like any other). */
const validDate = fc.oneof(
  { arbitrary: fc.constantFrom('9999-12-31', '1900-01-01', '2024-02-29', '2026-12-31'), weight: 1 },
  {
    arbitrary: fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    weight: 3,
  },
);

const isDatePattern = (schema: JsonSchema) => schema.pattern?.includes('\\d{4}-\\d{2}') === true;

/**
 * A hostile value fitted to a field: impossible dates for a date, loose spellings for an id or a
 * number, control characters and long text for text; any other hostile value now and then.
 */
const hostileFor = (key: string, schema: JsonSchema): fc.Arbitrary<unknown> => {
  const fitted: unknown[] = [];
  if (isDateKey(key) || isDatePattern(schema)) fitted.push(...HOSTILE_DATES);
  if (schema.type === 'integer' || schema.type === 'number' || isIdKey(key) || schema.pattern?.startsWith('^\\d')) {
    fitted.push(...LOOSE_IDS, ...HOSTILE_NUMBERS);
  }
  if (schema.type === 'string' || schema.type === undefined) fitted.push(...CONTROL_TEXT, ...HOSTILE_TEXT);
  const choices: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: hostileValue, weight: 1 }];
  if (fitted.length > 0) choices.push({ arbitrary: fc.constantFrom(...fitted), weight: 3 });
  if (schema.type === 'string') choices.push({ arbitrary: LONG_TEXT, weight: 1 });
  return fc.oneof(...choices);
};

/** A valid VIN (17 characters, no I, O or Q), as the spec's forms check it. */
const vinText = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'),
  minLength: 17,
  maxLength: 17,
});

const textUnit = fc.oneof(
  { arbitrary: fc.constantFrom(...'客户合同丰田卡罗拉海外代理人甲乙'), weight: 1 },
  { arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 _-.'), weight: 3 },
);

/** fast-check reads most patterns; assertions it cannot (lookahead) are dropped, the rest still fits. */
const patternArbitrary = (pattern: string): fc.Arbitrary<string> | undefined => {
  for (const source of [pattern, pattern.replace(/\(\?[=!][^)]*\)/g, '')]) {
    try {
      const arbitrary = fc.stringMatching(new RegExp(source), { size: 'small' });
      fc.sample(arbitrary, { numRuns: 1, seed: 1 });
      return arbitrary;
    } catch {
      // try the next form
    }
  }
  return undefined;
};

const integerIn = (low: number, high: number): fc.Arbitrary<number> => {
  const lo = Math.max(low, -MAX_SAFE);
  const hi = Math.min(high, MAX_SAFE);
  if (lo > hi) return fc.constant(lo);
  const near = fc.integer({ min: Math.max(lo, -INT32), max: Math.min(hi, Math.max(lo, -INT32) + 20, INT32) });
  if (hi <= INT32 && lo >= -INT32) return fc.oneof({ arbitrary: near, weight: 3 }, fc.integer({ min: lo, max: hi }));
  const wide = fc.maxSafeInteger().filter((n) => n >= lo && n <= hi);
  return fc.oneof({ arbitrary: near, weight: 3 }, wide);
};

export interface SchemaContext {
  root: JsonSchema;
  /** Whether a field may be given a hostile value fitted to it (about one field in five). */
  spicy: boolean;
}

const resolveRef = (schema: JsonSchema, context: SchemaContext): JsonSchema => {
  if (!schema.$ref) return schema;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(schema.$ref);
  const target = match ? context.root[match[1] as '$defs' | 'definitions']?.[match[2] ?? ''] : undefined;
  if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`);
  return target;
};

const stringArbitrary = (key: string, schema: JsonSchema): fc.Arbitrary<unknown> => {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  const choices: fc.WeightedArbitrary<unknown>[] = [];
  const fromPattern = schema.pattern ? patternArbitrary(schema.pattern) : undefined;
  if (fromPattern) {
    choices.push({ arbitrary: fromPattern, weight: 4 });
    // Money and counts travel as numbers from the JSON forms and as text from the spreadsheet ones.
    if (schema.pattern?.startsWith('^\\d')) {
      choices.push({ arbitrary: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100), weight: 2 });
    }
  } else {
    choices.push({ arbitrary: fc.string({ unit: textUnit, minLength, maxLength }), weight: 4 });
  }
  if (isDateKey(key)) choices.push({ arbitrary: validDate, weight: 4 });
  if (/^vin/i.test(key)) choices.push({ arbitrary: vinText, weight: 12 });
  return fc.oneof(...choices);
};

/** Values the schema accepts (mostly), for a field named `key`. */
export const valueArbitrary = (schema: JsonSchema, context: SchemaContext, key = ''): fc.Arbitrary<unknown> => {
  const own = resolveRef(schema, context);
  const plain = plainArbitrary(own, context, key);
  // Fields draw, half of the time, from what the server handed out under that name (ids, versions,
  // VINs, stored files).
  const poolable = !own.type || ['string', 'integer', 'number', 'array'].includes(String(own.type));
  const scalar = own.type !== 'object' && own.type !== 'array';
  const choices: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: plain, weight: 2 }];
  if (key && poolable && !own.enum && own.const === undefined) {
    const pools = [poolOf(key, own)];
    choices.push({
      arbitrary: fc.tuple(fc.nat(), plain).map(([pick, fallback]) => new PoolPick(pools, pick, fallback)),
      weight: 2,
    });
  }
  if (context.spicy && key && scalar) choices.push({ arbitrary: hostileFor(key, own), weight: 1 });
  return choices.length === 1 ? plain : fc.oneof(...choices);
};

const plainArbitrary = (schema: JsonSchema, context: SchemaContext, key: string): fc.Arbitrary<unknown> => {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => valueArbitrary(alternative, context, key)));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    // Good enough for a fuzz: the first part gives the shape, the server judges the rest.
    return valueArbitrary(schema.allOf[0] as JsonSchema, context, key);
  }
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => plainArbitrary({ ...schema, type }, context, key)));
  }
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema, context);
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(items ? valueArbitrary(items, context, key) : fc.jsonValue({ maxDepth: 1 }), {
        minLength,
        maxLength,
      });
    }
    case 'string':
      return stringArbitrary(key, schema);
    case 'integer': {
      const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -MAX_SAFE);
      const high = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? MAX_SAFE);
      const number = integerIn(low, high);
      // Query strings and forms carry numbers as text; a coercing schema must take both.
      return fc.oneof({ arbitrary: number, weight: 3 }, number.map(String));
    }
    case 'number':
      return fc.oneof(fc.constantFrom(0, 1, 2), fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // `{}`: the schema takes anything (an `unrepresentable` part of the zod schema, say).
      return fc.jsonValue({ maxDepth: 2 });
  }
};

const objectArbitrary = (schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> => {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = valueArbitrary(property, context, name);
  const required = (schema.required ?? []).filter((name) => name in model);
  const record = fc.record(model, { requiredKeys: required });
  if (!context.spicy) return record;
  // One object in four gets a field its schema does not know (a prototype's name half of the time).
  return fc
    .tuple(record, fc.option(fc.tuple(hostileKey, fc.oneof(hostileValue, fc.string({ maxLength: 4 }))), { freq: 3 }))
    .map(([value, extra]) => {
      if (!extra) return value;
      const out = { ...value };
      Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
      return out;
    });
};

/** Values the schema accepts (mostly: pools may hold values of another record), for a whole schema part. */
export const schemaArbitrary = (schema: unknown, spicy = false): fc.Arbitrary<unknown> => {
  const json = jsonSchemaOf(schema);
  return valueArbitrary(json, { root: json, spicy });
};

/**
 * A schema part as the fuzz sends it: plausible (to reach the handler's deep code), with hostile values
 * fitted to some fields, or with hostile changes anywhere (unknown keys, wrong shapes, the whole part
 * replaced).
 */
export const partArbitrary = (schema: unknown, blendPools: readonly string[] = []): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: blendArbitrary(schema, blendPools), weight: blendPools.length > 0 ? 3 : 0 },
    { arbitrary: schemaArbitrary(schema), weight: 3 },
    { arbitrary: schemaArbitrary(schema, true), weight: 4 },
    {
      arbitrary: fc
        .tuple(schemaArbitrary(schema), mutationsArbitrary)
        .map(([value, mutations]) => applyMutations(value, mutations)),
      weight: 3,
    },
  );

const blendArbitrary = (schema: unknown, pools: readonly string[]): fc.Arbitrary<unknown> => {
  const json = jsonSchemaOf(schema);
  const known = Object.keys(json.properties ?? {});
  return fc
    .tuple(
      fc.nat(),
      fc.oneof(schemaArbitrary(schema), schemaArbitrary(schema, true)),
      // About one field in three is fresh; the rest is what the server accepted before.
      fc.array(
        fc.nat(2).map((n) => n === 0),
        { minLength: known.length, maxLength: known.length },
      ),
    )
    .map(([pick, fresh, replace]) => new Blend(pools, pick, known, (fresh ?? {}) as Record<string, unknown>, replace));
};
