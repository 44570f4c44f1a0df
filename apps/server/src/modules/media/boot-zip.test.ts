import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { errorKeyOf } from '../../test-support/error-keys';
import { descText, inspectBootZip, parseDesc } from './boot-zip';
import { centralRecords, pngOf, storedZip } from './media-fixtures';

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
        errorKeyOf(() => parseDesc(bad)),
        bad,
      ).toBe('bootZipDescInvalid');
  });
});

describe('a ready-made bootanimation.zip', () => {
  const f = pngOf(20, 16);
  const desc = (text: string): [string, Buffer] => ['desc.txt', Buffer.from(text)];
  const good: [string, Buffer][] = [desc('20 16 8\np 0 0 part0\n'), ['part0/0.png', f]];

  it('reads its parts and their frames in play order, skipping what is no frame', () => {
    const [f1, f2, f3] = [5, 6, 7].map((seed) => pngOf(20, 16, { seed }));
    const info = inspectBootZip(
      storedZip([
        desc('20 16 8\np 1 0 intro\np 0 5 loop\n'),
        ['loop/b.png', f3],
        ['intro/a.png', f1],
        ['loop/a.png', f2],
        ['loop/audio.wav', Buffer.from('RIFF')],
      ]),
    );
    expect(info).toMatchObject({
      width: 20,
      height: 16,
      fps: 8,
      parts: [
        { folder: 'intro', count: 1, pause: 0, frames: 1 },
        { folder: 'loop', count: 0, pause: 5, frames: 2 },
      ],
    });
    expect(info.frames.map((x) => x.size)).toEqual([f1.length, f2.length, f3.length]);
  });

  it.each([
    ['a climbing path', storedZip([...good, ['../evil.png', f]]), 'bootZipUnsafeEntry'],
    ['a climbing path inside a folder', storedZip([...good, ['part0/../../x.png', f]]), 'bootZipUnsafeEntry'],
    ['an absolute path', storedZip([...good, ['/etc/passwd', f]]), 'bootZipUnsafeEntry'],
    ['a desc.txt missing', storedZip([['part0/0.png', f]]), 'bootZipDescInvalid'],
    [
      'a malformed desc.txt',
      storedZip([desc('20 x 8\np 0 0 part0\n'), ['part0/0.png', f]]),
      'bootZipDescInvalid',
    ],
    ['a desc.txt without parts', storedZip([desc('20 16 8\n'), ['part0/0.png', f]]), 'bootZipDescInvalid'],
    ['a part missing', storedZip([desc('20 16 8\np 0 0 part1\n'), ['part0/0.png', f]]), 'bootZipPartMissing'],
    ['a frame of another size', storedZip([good[0], ['part0/0.png', pngOf(21, 16)]]), 'bootZipFrameInvalid'],
    [
      'a frame that is no image',
      storedZip([good[0], ['part0/0.png', Buffer.from('no image')]]),
      'bootZipFrameInvalid',
    ],
    [
      'too many entries',
      storedZip([
        ...good,
        ...Array.from({ length: 1001 }, (_, i): [string, Buffer] => [`x/${i}`, Buffer.alloc(0)]),
      ]),
      'bootZipTooBig',
    ],
  ])('refuses %s', (_name, zip, key) => {
    expect(errorKeyOf(() => inspectBootZip(zip))).toBe(key);
  });

  it('refuses an entry declaring 100 MB unpacked', () => {
    const bomb = storedZip(good);
    bomb.writeUInt32LE(100 * 1024 * 1024, centralRecords(bomb)[1] + 24);
    expect(errorKeyOf(() => inspectBootZip(bomb))).toBe('bootZipTooBig');
  });

  it.each([
    [
      'a local name other than the directory',
      (zip: Buffer) => zip.write('../x/sh.png', zip.indexOf('part0/0.png')),
    ],
    [
      'a local method other than the directory',
      (zip: Buffer) => zip.writeUInt16LE(8, zip.indexOf('part0/0.png') - 22),
    ],
  ])('refuses %s', (_name, tamper) => {
    const zip = storedZip(good);
    tamper(zip);
    expect(errorKeyOf(() => inspectBootZip(zip))).toBe('bootZipHeaderMismatch');
  });

  it('refuses a frame whose bytes fail their checksum', () => {
    const corrupt = storedZip(good);
    corrupt[corrupt.indexOf(f.subarray(0, 8)) + 40] ^= 0xff;
    expect(errorKeyOf(() => inspectBootZip(corrupt))).toBe('bootZipNotZip');
  });

  it('refuses compressed entries: terminals read the frames in place', async () => {
    const deflated = new JSZip();
    deflated.file('desc.txt', '20 16 8\np 0 0 part0\n');
    deflated.file('part0/0.png', f);
    const zip = await deflated.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(errorKeyOf(() => inspectBootZip(zip))).toBe('bootZipCompressed');
  });
});
