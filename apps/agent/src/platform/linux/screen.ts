import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import jpeg from 'jpeg-js';

const run = promisify(execFile);

/** An X11 screen image as RGBA pixels. */
export type Frame = { width: number; height: number; rgba: Buffer };

const shiftOf = (mask: number) => {
  let s = 0;
  while (mask && !(mask & 1)) {
    mask >>>= 1;
    s++;
  }
  return { s, max: mask };
};

/**
 * Reads an XWD image (what `xwd` writes: a big-endian header, the window name, the colour map, then
 * the pixels) of a TrueColor ZPixmap with 24 or 32 bits per pixel into RGBA.
 */
export const decodeXwd = (buf: Buffer): Frame => {
  const h = (i: number) => buf.readUInt32BE(i * 4);
  const headerSize = h(0);
  const [format, width, height, byteOrder, bpp, bytesPerLine] = [h(2), h(4), h(5), h(7), h(11), h(12)];
  const [redMask, greenMask, blueMask, ncolors] = [h(14), h(15), h(16), h(19)];
  if (h(1) !== 7 || format !== 2 || (bpp !== 32 && bpp !== 24))
    throw new Error(`unsupported XWD image (version ${h(1)}, format ${format}, ${bpp} bits per pixel)`);
  const data = headerSize + ncolors * 12;
  const [r, g, b] = [shiftOf(redMask), shiftOf(greenMask), shiftOf(blueMask)];
  const rgba = Buffer.alloc(width * height * 4);
  if (bpp === 32 && byteOrder === 0 && redMask === 0xff0000 && greenMask === 0xff00 && blueMask === 0xff) {
    // The usual X server layout (BGRX in memory): byte moves, far cheaper than a shift per channel.
    for (let y = 0; y < height; y++) {
      let at = data + y * bytesPerLine;
      let o = y * width * 4;
      for (let x = 0; x < width; x++, at += 4, o += 4) {
        rgba[o] = buf[at + 2];
        rgba[o + 1] = buf[at + 1];
        rgba[o + 2] = buf[at];
        rgba[o + 3] = 255;
      }
    }
    return { width, height, rgba };
  }
  const step = bpp / 8;
  for (let y = 0; y < height; y++) {
    const row = data + y * bytesPerLine;
    for (let x = 0; x < width; x++) {
      const at = row + x * step;
      const p =
        step === 4
          ? byteOrder === 0
            ? buf.readUInt32LE(at)
            : buf.readUInt32BE(at)
          : byteOrder === 0
            ? buf.readUIntLE(at, 3)
            : buf.readUIntBE(at, 3);
      const o = (y * width + x) * 4;
      rgba[o] = Math.round((((p & redMask) >>> r.s) * 255) / (r.max || 1));
      rgba[o + 1] = Math.round((((p & greenMask) >>> g.s) * 255) / (g.max || 1));
      rgba[o + 2] = Math.round((((p & blueMask) >>> b.s) * 255) / (b.max || 1));
      rgba[o + 3] = 255;
    }
  }
  return { width, height, rgba };
};

/** The whole X11 screen of `display` (default `$DISPLAY`), through `xwd -root`. */
export const captureScreen = async (display = process.env.DISPLAY): Promise<Frame> => {
  if (!display) throw new Error('no X display (DISPLAY is not set)');
  const { stdout } = await run('xwd', ['-root', '-silent', '-display', display], {
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 30_000,
  });
  return decodeXwd(stdout);
};

/** A screenshot as JPEG. */
export const screenshotJpeg = async (display?: string, quality = 80) => {
  const f = await captureScreen(display);
  const bytes = jpeg.encode({ data: f.rgba, width: f.width, height: f.height }, quality).data;
  return { width: f.width, height: f.height, bytes: Buffer.from(bytes) };
};
