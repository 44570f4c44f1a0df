import { RunCommandBodySchema } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { specOf, valuesOf } from './commandForm';

const date = (iso: string) => ({ toISOString: () => new Date(iso).toISOString() });

describe('command form', () => {
  it('keeps only the fields of the chosen op, which the contract then accepts', () => {
    const spec = specOf({ op: 'ping', host: 'localhost', count: 3, packageName: 'com.a.b', command: 'id' });
    expect(spec).toEqual({ op: 'ping', host: 'localhost', count: 3 });
    expect(RunCommandBodySchema.safeParse({ sns: ['SN0001'], command: spec }).success).toBe(true);
  });

  it('turns a date range into from and to, and back', () => {
    const spec = specOf({
      op: 'upload_logs',
      range: [date('2026-01-01T00:00:00Z'), date('2026-01-01T06:00:00Z')],
    });
    expect(spec).toEqual({
      op: 'upload_logs',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-01T06:00:00.000Z',
    });
    const back = valuesOf(spec as Record<string, unknown>, date);
    expect(back.op).toBe('upload_logs');
    expect(back.range?.[1].toISOString()).toBe('2026-01-01T06:00:00.000Z');
  });

  it('leaves a missing field out so the contract names it', () => {
    const spec = specOf({ op: 'dns', host: '' });
    const parsed = RunCommandBodySchema.safeParse({ sns: ['SN0001'], command: spec });
    expect(parsed.success).toBe(false);
  });

  it('a shell line with a hidden reboot is refused by the contract', () => {
    const parsed = RunCommandBodySchema.safeParse({
      sns: ['SN0001'],
      command: specOf({ op: 'shell', command: 'echo ok && busybox reboot' }),
    });
    expect(parsed.success).toBe(false);
  });
});
