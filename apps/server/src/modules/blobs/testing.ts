import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body with one file, as a browser or `curl -F` sends it (for tests).
 * `fileNameStar` sends the name RFC 5987-encoded, which is how control characters can arrive.
 */
export const multipartForm = (
  fileName: string,
  bytes: Buffer,
  opts: { field?: string; fileNameStar?: boolean; contentType?: string } = {},
) => {
  const boundary = `----cpm${randomBytes(8).toString('hex')}`;
  const disposition = opts.fileNameStar
    ? `filename*=UTF-8''${encodeURIComponent(fileName)}`
    : `filename="${fileName}"`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; ${disposition}\r\n` +
      `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    head,
    tail,
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
