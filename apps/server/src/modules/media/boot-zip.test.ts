import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error';
import { descText, parseDesc } from './boot-zip';

const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err instanceof AppError ? err.key : String(err);
  }
  return null;
};

describe('desc.txt', () => {
  it('parses the header and part lines, with CRLF, comments and newer optional fields', () => {
    expect(parseDesc('1080 1920 30\r\n# intro\np 1 0 part0\r\nc 0 10 part1 #ffffff\n')).toEqual({
      width: 1080,
      height: 1920,
      fps: 30,
      parts: [
        { folder: 'part0', count: 1, pause: 0 },
        { folder: 'part1', count: 0, pause: 10 },
      ],
    });
    expect(parseDesc(descText(48, 32, 8))).toMatchObject({ width: 48, height: 32, fps: 8 });
  });

  it('refuses missing parts, bad numbers, out-of-range sizes and folders that climb', () => {
    for (const bad of [
      '',
      '48 32 8',
      '48 32 p 0 0 part0',
      '48 32 0\np 0 0 part0',
      '48 32 8 1 9\np 0 0 part0',
      '99999 32 8\np 0 0 part0',
      '48 32 8\nx 0 0 part0',
      '48 32 8\np 0 0 ..',
      '48 32 8\np 0 0 a/b',
      '48 32 8\np -1 0 part0',
    ])
      expect(
        keyOf(() => parseDesc(bad)),
        bad,
      ).toBe('bootZipDescInvalid');
  });
});
