import type { z } from 'zod';

/** Whether a value certainly passes a schema unchanged; false means "ask the schema". */
type Accepts = (value: unknown) => boolean;

/** What this reads of a zod schema's definition (zod 4's `_zod.def`). */
type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  innerType?: z.ZodType;
  entries?: Record<string, unknown>;
};
type CheckDef = {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  maximum?: number;
  minimum?: number;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A number check as a predicate, or null when it is one this does not know. */
const numberCheck = (c: CheckDef): ((v: number) => boolean) | null => {
  const bound = c.value;
  switch (c.check) {
    case 'number_format':
      return c.format === 'safeint' ? Number.isSafeInteger : null;
    case 'greater_than':
      if (typeof bound !== 'number') return null;
      return c.inclusive ? (v) => v >= bound : (v) => v > bound;
    case 'less_than':
      if (typeof bound !== 'number') return null;
      return c.inclusive ? (v) => v <= bound : (v) => v < bound;
    default:
      return null;
  }
};

const stringCheck = (c: CheckDef): ((v: string) => boolean) | null => {
  const { maximum, minimum } = c;
  if (c.check === 'max_length' && typeof maximum === 'number') return (v) => v.length <= maximum;
  if (c.check === 'min_length' && typeof minimum === 'number') return (v) => v.length >= minimum;
  return null;
};

/**
 * Every check of a schema compiled by `compile`, or null when one of them is not known. A known check's
 * `when` (zod runs a length check only on a value of the right type) holds wherever these run: only
 * after the value's type was checked.
 */
const checksOf = <T>(def: Def, compile: (c: CheckDef) => ((v: T) => boolean) | null) => {
  const out: ((v: T) => boolean)[] = [];
  for (const check of def.checks ?? []) {
    const fn = compile(check._zod.def);
    if (!fn) return null;
    out.push(fn);
  }
  return out;
};

const all =
  <T>(checks: ((v: T) => boolean)[]) =>
  (v: T) => {
    for (const check of checks) if (!check(v)) return false;
    return true;
  };

type Field = { key: string; optional: boolean; accepts: Accepts };

const compileObject = (def: Def): Accepts | null => {
  // A catchall (passthrough, strict) changes what unknown keys mean: left to the schema.
  if (!def.shape || def.catchall !== undefined || def.checks?.length) return null;
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const fieldDef = defOf(field);
    // An optional field may be absent; a defaulted one must be present here (the schema fills it in).
    const optional = fieldDef.type === 'optional';
    const inner = fieldDef.type === 'optional' || fieldDef.type === 'default' ? fieldDef.innerType : field;
    const accepts = inner ? compileCheck(inner) : null;
    if (!accepts) return null;
    fields.push({ key, optional, accepts });
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    let present = 0;
    for (const f of fields) {
      const v = record[f.key];
      if (v === undefined) {
        // An own key holding undefined is not what JSON carries; the schema decides.
        if (!f.optional || Object.hasOwn(record, f.key)) return false;
        continue;
      }
      if (!Object.hasOwn(record, f.key) || !f.accepts(v)) return false;
      present++;
    }
    // A key the schema does not know would be stripped from its output: the schema does that.
    let keys = 0;
    for (const key in record) if (Object.hasOwn(record, key)) keys++;
    return keys === present;
  };
};

/**
 * A predicate that answers true only for values a zod schema accepts and returns unchanged (no
 * unknown keys to strip, no default to fill in, no transform), compiled from the schema's own
 * definition, or null when the schema uses something this does not know. Objects of numbers,
 * booleans, strings and enums with the usual bounds are known; anything else is left to zod.
 */
export const compileCheck = (schema: z.ZodType): Accepts | null => {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return compileObject(def);
    case 'number': {
      const checks = checksOf(def, numberCheck);
      if (!checks) return null;
      const ok = all(checks);
      return (v) => typeof v === 'number' && Number.isFinite(v) && ok(v);
    }
    case 'string': {
      const checks = checksOf(def, stringCheck);
      if (!checks) return null;
      const ok = all(checks);
      return (v) => typeof v === 'string' && ok(v);
    }
    case 'boolean':
      return def.checks?.length ? null : (v) => typeof v === 'boolean';
    case 'enum': {
      if (def.checks?.length || !def.entries) return null;
      const values = Object.values(def.entries);
      if (!values.every((v) => typeof v === 'string')) return null;
      const known = new Set(values);
      return (v) => typeof v === 'string' && known.has(v);
    }
    default:
      return null;
  }
};

/**
 * `schema.safeParse` for hot paths: a value the compiled check accepts is the schema's output as it
 * stands (no copy, no issue list built); anything else, valid or not, goes through the schema
 * itself, so the answer is always the schema's. Terminals send thousands of these a second.
 */
export const fastSafeParse = <S extends z.ZodType>(schema: S) => {
  const accepts = compileCheck(schema);
  return (value: unknown): z.ZodSafeParseResult<z.output<S>> =>
    accepts?.(value)
      ? { success: true, data: value as z.output<S> }
      : (schema.safeParse(value) as z.ZodSafeParseResult<z.output<S>>);
};
