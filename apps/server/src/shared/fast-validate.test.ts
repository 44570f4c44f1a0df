import { HeartbeatSchema, LocationSchema, UP_SCHEMAS } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileCheck, fastSafeParse } from './fast-validate';

/** A small deterministic generator, so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** Values of every kind JSON can carry, near the bounds the contracts use and far from them. */
const candidates = (rnd: () => number): unknown[] => [
  0,
  -1,
  1.5,
  100,
  101,
  -150,
  -151,
  Math.floor(rnd() * 2 ** 40),
  2 ** 53,
  rnd() * 400 - 200,
  '',
  'wifi',
  'gps',
  'x'.repeat(64),
  'x'.repeat(65),
  true,
  false,
  null,
  [],
  {},
  { inTransaction: true, unsettled: false },
  { inTransaction: true },
];

/** Well-formed messages as a terminal sends them, to start from. */
const BASES: Record<string, Record<string, unknown>> = {
  heartbeat: {
    ts: 1_795_900_000_000,
    battery: 57,
    charging: false,
    network: 'wifi',
    signal: -61,
    ip: '10.1.2.3',
    storageFreeMb: 9000,
    memoryFreeMb: 700,
    uptimeSec: 3600,
    dataUsageBytes: 120_000,
    mobileBytes: 20_000,
    wifiBytes: 100_000,
    payment: { inTransaction: false, unsettled: true },
  },
  location: { ts: 1_795_900_000_000, lat: 31.2, lng: 121.5, accuracy: 12.5, source: 'gps' },
  status: { online: true },
  alarm: { type: 'raise', name: 'paperOut', severity: 'high', at: '2026-12-07T10:00:00+08:00', detail: '' },
};

/**
 * Messages near the well-formed one: a few of its keys dropped or given any of the values above,
 * now and then a key the schema does not know.
 */
const messagesFor = (kind: string, schema: z.ZodObject, rnd: () => number, n: number) => {
  // A union (alarms) has no shape of its own: vary the keys of its well-formed message instead.
  const shape = 'shape' in schema ? schema.shape : (BASES[kind] ?? {});
  const keys = [...Object.keys(shape), 'unknownKey'];
  const values = candidates(rnd);
  return Array.from({ length: n }, () => {
    const o: Record<string, unknown> = { ...BASES[kind] };
    const changes = Math.floor(rnd() * 3);
    for (let i = 0; i < changes; i++) {
      const key = keys[Math.floor(rnd() * keys.length)];
      if (rnd() < 0.3) delete o[key];
      else o[key] = values[Math.floor(rnd() * values.length)];
    }
    return o;
  });
};

describe('fast validation compiled from a contract', () => {
  it('compiles the heartbeat and location contracts the fleet sends most', () => {
    expect(compileCheck(HeartbeatSchema)).not.toBeNull();
    expect(compileCheck(LocationSchema)).not.toBeNull();
  });

  it('never answers anything but what the schema answers, over thousands of valid and invalid messages', () => {
    const rnd = random(7);
    for (const [kind, schema] of Object.entries(UP_SCHEMAS)) {
      const parse = fastSafeParse(schema);
      const accepts = compileCheck(schema);
      let fast = 0;
      for (const value of messagesFor(kind, schema as z.ZodObject, rnd, 4000)) {
        const expected = schema.safeParse(value);
        const got = parse(value);
        expect(got.success, `${kind} ${JSON.stringify(value)}`).toBe(expected.success);
        if (expected.success) expect(got.data, `${kind} ${JSON.stringify(value)}`).toEqual(expected.data);
        if (accepts?.(value)) {
          fast++;
          // What the fast path lets through is exactly what the schema would give back.
          expect(expected.data, `${kind} ${JSON.stringify(value)}`).toEqual(value);
        }
      }
      // Most of them go the fast way (a third or more are changed into something it leaves to zod).
      if (kind === 'heartbeat' || kind === 'location') expect(fast).toBeGreaterThan(1000);
    }
  });

  it('takes a well-formed heartbeat as it is, and leaves unknown keys, bad values and defaults to the schema', () => {
    const parse = fastSafeParse(HeartbeatSchema);
    const beat = { ts: 1, battery: 50, charging: false, network: 'wifi', ip: '10.0.0.1' };
    const taken = parse(beat);
    expect(taken.success && taken.data).toBe(beat);
    // Stripped by the schema: a new object without the unknown key.
    const extra = parse({ ...beat, colour: 'red' });
    expect(extra.success && extra.data).toEqual(beat);
    expect(parse({ battery: 50.5 }).success).toBe(false);
    expect(parse({ battery: 101 }).success).toBe(false);
    expect(parse({ network: 'satellite' }).success).toBe(false);
    expect(parse({ payment: { inTransaction: true } }).success).toBe(false);
    expect(parse([]).success).toBe(false);
    expect(parse(null).success).toBe(false);
    // The location's source has a default: filled in by the schema when absent.
    const fix = fastSafeParse(LocationSchema)({ lat: 1, lng: 2 });
    expect(fix.success && fix.data).toEqual({ lat: 1, lng: 2, source: 'gps' });
  });

  it('leaves to the schema what it does not know how to check', () => {
    expect(compileCheck(z.object({ id: z.string().regex(/^a/) }))).toBeNull();
    expect(compileCheck(z.object({ n: z.number().multipleOf(5) }))).toBeNull();
    expect(compileCheck(z.object({ n: z.number().nullable() }))).toBeNull();
    expect(compileCheck(z.object({ a: z.string() }).passthrough())).toBeNull();
    expect(compileCheck(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    const parse = fastSafeParse(z.object({ id: z.string().regex(/^a/) }));
    expect(parse({ id: 'abc' }).success).toBe(true);
    expect(parse({ id: 'xbc' }).success).toBe(false);
  });
});
