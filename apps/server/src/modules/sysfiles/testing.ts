import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../test-support/test-app';

/** Test archives are built in one place for every module. */
export { makeZip } from '../../test-support/zip-builder';

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
