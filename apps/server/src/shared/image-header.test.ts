import { describe, expect, it } from 'vitest';
import { errorKeyOf } from '../test-support/error-keys';
import { imageHead } from '../test-support/image-heads';
import { createPixelGuard, gifSize, jpegSize, pngSize, webpSize } from './image-header';

describe('image headers', () => {
  it('reads the declared size of a PNG, JPEG, GIF and WebP without decoding', () => {
    expect(pngSize(imageHead.png(1080, 1920))).toEqual({ width: 1080, height: 1920 });
    expect(jpegSize(imageHead.jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(gifSize(imageHead.gif(320, 240))).toEqual({ width: 320, height: 240 });
    expect(webpSize(imageHead.webp(800, 600))).toEqual({ width: 800, height: 600 });
  });

  it.each([
    ['png', imageHead.png(100_000, 100_000)],
    ['png', imageHead.png(30_000, 10)],
    ['jpeg', imageHead.jpeg(65_000, 65_000)],
    ['gif', imageHead.gif(65_535, 65_535)],
    ['webp', imageHead.webp(16_000, 16_000)],
  ])('refuses a %s declaring more pixels than the limit', (type, head) => {
    const guard = createPixelGuard(type);
    expect(errorKeyOf(() => guard(head))).toBe('imageTooManyPixels');
  });

  it('lets a large camera photo through and finds a header split across chunks', () => {
    const guard = createPixelGuard('jpeg');
    const head = imageHead.jpeg(8000, 6000);
    expect(errorKeyOf(() => guard(head.subarray(0, 7)))).toBeNull();
    expect(errorKeyOf(() => guard(head.subarray(7)))).toBeNull();
    const bomb = createPixelGuard('png');
    const big = imageHead.png(50_000, 50_000);
    expect(errorKeyOf(() => bomb(big.subarray(0, 10)))).toBeNull();
    expect(errorKeyOf(() => bomb(big.subarray(10)))).toBe('imageTooManyPixels');
  });
});
