import { describe, expect, it } from 'vitest';
import { isStrongPassword, USERNAME_PATTERN } from './limits';

describe('password policy', () => {
  it.each(['Abcdef1!', 'Zz9#zzzzzz'])('accepts %s', (value) => expect(isStrongPassword(value)).toBe(true));
  it.each(['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1', 'Ab1!'])('refuses %s', (value) =>
    expect(isStrongPassword(value)).toBe(false),
  );
});

describe('username rule', () => {
  it('needs a leading letter, then letters, digits or underscores', () => {
    expect(USERNAME_PATTERN.test('admin_2')).toBe(true);
    expect(USERNAME_PATTERN.test('2admin')).toBe(false);
    expect(USERNAME_PATTERN.test('ad-min')).toBe(false);
  });
});
