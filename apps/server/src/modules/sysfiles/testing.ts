import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import type { TestApp } from '../../test-support/test-app';

/**
 * A ZIP archive for tests, entries stored unless `deflate`. `declared` overrides what the headers
 * say an entry expands to (a zip bomb by its directory, or one that understates its size);
 * `localName` gives the local header another name than the central directory's.
 */
export const makeZip = (
  entries: { name: string; data: Buffer; declared?: number; deflate?: boolean; localName?: string }[],
) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const localName = Buffer.from(e.localName ?? e.name);
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const method = e.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.declared ?? e.data.length, 22);
    local.writeUInt16LE(localName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(e.declared ?? e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, localName, body);
    centrals.push(central, name);
    offset += local.length + localName.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
};

/** A multipart body: form fields first, then the file (as the console sends it). */
export const sysFileForm = (fields: Record<string, string>, fileName: string, bytes: Buffer) => {
  const boundary = `----cpm${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent(fileName)}\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    head,
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** Posts form fields and a file to an upload endpoint as a signed-in user; answers the raw response. */
export const postFileForm = (
  t: TestApp,
  token: string,
  url: string,
  file: { fields: Record<string, string>; name: string; bytes: Buffer },
) => {
  const form = sysFileForm(file.fields, file.name, file.bytes);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { satoken: token, ...form.headers },
    payload: form.payload,
  });
};
