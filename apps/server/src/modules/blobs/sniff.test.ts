import { describe, expect, it } from 'vitest';
import { cleanFileName, sniffType } from './sniff';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);

describe('file type by content', () => {
  it('believes the bytes, not the extension', () => {
    expect(sniffType(PNG, 'report.xlsx')).toBe('png');
    expect(sniffType(Buffer.from('name,sn\n'), 'list.xlsx')).toBe('binary');
    expect(sniffType(Buffer.from('%PDF-1.7\n'), 'x.bin')).toBe('pdf');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'a.png')).toBe('jpeg');
    expect(sniffType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'w')).toBe('webp');
    expect(sniffType(Buffer.from('\0\0\0\x18ftypmp42'), 'v')).toBe('mp4');
  });

  it('tells ZIP containers apart by extension only once the bytes say ZIP', () => {
    expect(sniffType(ZIP, 'a.XLSX')).toBe('xlsx');
    expect(sniffType(ZIP, 'app.apk')).toBe('apk');
    expect(sniffType(ZIP, 'bundle.zip')).toBe('zip');
    expect(sniffType(ZIP, 'noext')).toBe('zip');
  });
});

describe('file names', () => {
  it('keeps ordinary names, including non-Latin ones', () => {
    expect(cleanFileName(' 终端导入.xlsx ', 255)).toBe('终端导入.xlsx');
    expect(cleanFileName('ota v1.2 (final).zip', 255)).toBe('ota v1.2 (final).zip');
  });

  it('refuses path separators, control characters, dots and over-long names', () => {
    for (const bad of [
      '../etc/passwd',
      'a/b.xlsx',
      'a\\b.xlsx',
      'a\nb',
      'a\u0000b',
      'x\u0085',
      '..',
      '',
      '   ',
    ])
      expect(cleanFileName(bad, 255)).toBeNull();
    expect(cleanFileName('a'.repeat(256), 255)).toBeNull();
    expect(cleanFileName(undefined, 255)).toBeNull();
  });
});
