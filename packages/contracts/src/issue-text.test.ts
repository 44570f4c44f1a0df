import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bilingual, toFieldErrors } from './issue-text';

const Schema = z.strictObject({
  name: z.string().min(2).max(4),
  email: z.email(),
  kind: z.enum(['a', 'b']),
  code: z.string().refine((v) => v === 'ok', bilingual('代码无效', 'Invalid code')),
});

const errorsOf = (value: unknown) => {
  const parsed = Schema.safeParse(value, { reportInput: true });
  if (parsed.success) throw new Error('expected failure');
  return Object.fromEntries(toFieldErrors(parsed.error.issues, 'body').map((e) => [e.field, e]));
};

describe('toFieldErrors', () => {
  it('gives every field both texts', () => {
    const errors = errorsOf({ name: 'x', email: 'nope', kind: 'c', code: 'bad', more: 1 });
    expect(errors['body.name']).toMatchObject({
      message: '长度不能少于 2 个字符',
      messageEn: 'Must be at least 2 characters',
    });
    expect(errors['body.email']).toMatchObject({
      message: '邮箱格式不正确',
      messageEn: 'Not a valid email address',
    });
    expect(errors['body.kind'].messageEn).toBe('Must be one of: a / b');
    expect(errors['body.code']).toMatchObject({ message: '代码无效', messageEn: 'Invalid code' });
    expect(errors.body.messageEn).toBe('Unknown fields: more');
  });

  it('tells a missing field from a wrong type', () => {
    const errors = errorsOf({ name: 5, kind: 'a', code: 'ok' });
    expect(errors['body.name'].messageEn).toBe('Expected string');
    expect(errors['body.email'].messageEn).toBe('This field is required');
  });
});
