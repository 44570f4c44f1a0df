import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { jpegOf, mp4Of, pngOf } from './media-fixtures';
import { createMediaProbe, jpegSize, moovInfo } from './media-probe';

/** Runs bytes through the probe in chunks of `size` bytes. */
const probe = async (bytes: Buffer, size: number) => {
  const p = createMediaProbe();
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  await pipeline(Readable.from(chunks), p.stream, async (source: AsyncIterable<Buffer>) => {
    for await (const _ of source);
  });
  return p.result();
};

describe('media probe', () => {
  it('reads PNG, JPEG and MP4 sizes whatever the chunk boundaries', async () => {
    for (const size of [1, 7, 4096, 1 << 20]) {
      expect(await probe(pngOf(33, 17), size)).toMatchObject({ type: 'png', width: 33, height: 17 });
      expect(await probe(jpegOf(800, 600), size)).toMatchObject({ type: 'jpeg', width: 800, height: 600 });
      expect(await probe(mp4Of(1080, 1920, { durationMs: 3000, mdatBytes: 50_000 }), size)).toEqual({
        type: 'mp4',
        width: 1080,
        height: 1920,
        durationMs: 3000,
      });
      expect(await probe(mp4Of(640, 360, { moovLast: false }), size)).toMatchObject({
        width: 640,
        height: 360,
      });
    }
  });

  it('finds the JPEG frame header after a large EXIF segment', () => {
    const base = jpegOf(1024, 768);
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0xff, 0xf0]), Buffer.alloc(0xffee, 0x45)]);
    const jpeg = Buffer.concat([base.subarray(0, 2), exif, exif, base.subarray(2)]);
    expect(jpegSize(jpeg)).toEqual({ width: 1024, height: 768 });
  });

  it('says nothing for a video without a video track and "other" for unknown content', async () => {
    expect(moovInfo(Buffer.alloc(0))).toBeNull();
    expect(await probe(Buffer.from('just some text, not media'), 5)).toMatchObject({ type: 'other' });
    const truncated = pngOf(10, 10).subarray(0, 20);
    expect(await probe(truncated, 3)).toBeNull();
  });
});
