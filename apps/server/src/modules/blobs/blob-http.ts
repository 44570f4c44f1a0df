import { Readable } from 'node:stream';
import { BLOB_KINDS, type BlobKind } from '@cpm/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuseNul } from '../../plugins/endpoints';
import { errorEnvelope } from '../../plugins/envelope';
import { AppError } from '../../shared/app-error';
import type { ByteRange } from './blob-store';
import type { BlobDownload, UploadSource } from './blobs.service';

/**
 * Lets routes receive multipart uploads. Each route sets its own file-size limit from its kind;
 * the plugin's defaults allow one file and a few small fields.
 */
export const registerUploads = async (app: FastifyInstance) => {
  await app.register(multipart, {
    // Keep directories in names so they are refused, not silently cut to a base name.
    preservePath: true,
    limits: { files: 1, fields: 10, parts: 11, fieldSize: 4096, fileSize: 1 },
  });
};

/**
 * The file of a multipart request (field `file`) as a stream, with the text fields sent before it,
 * limited to `maxBytes`. Busboy stops one byte past the limit, so the service sees the overflow and
 * refuses the file rather than storing a silently truncated copy.
 */
export const receiveUpload = async (request: FastifyRequest, maxBytes: number) => {
  if (!request.isMultipart()) throw new AppError('uploadMissing');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes + 1 }, throwFileSizeLimit: false });
  } catch {
    throw new AppError('uploadIncomplete');
  }
  if (part?.fieldname !== 'file') throw new AppError('uploadMissing');
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(part.fields))
    if (value && !Array.isArray(value) && value.type === 'field') fields[key] = value.value;
  try {
    refuseNul(fields, 'body');
  } catch (err) {
    // Nothing of the file is read: drop it so the request can be answered.
    part.file.resume();
    throw err;
  }
  return { fields, fileName: part.filename, stream: part.file };
};

/** The file of a multipart request as a stream for the blobs service, limited to the kind's size. */
export const receiveFile = async (request: FastifyRequest, kind: BlobKind): Promise<UploadSource> => {
  const { fileName, stream } = await receiveUpload(request, BLOB_KINDS[kind].maxBytes);
  return { kind, name: fileName, stream };
};

const quoted = (sha256: string) => `"${sha256}"`;

/** True when an If-None-Match (or If-Range) list names this ETag. */
const matches = (header: string | undefined, etag: string) =>
  !!header &&
  header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);

/**
 * One byte range from a Range header: null means "send it all" (absent, several ranges, not bytes,
 * or malformed, which RFC 9110 says to ignore); 'unsatisfiable' when it starts past the end.
 */
export const parseRange = (header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null => {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (m[2] !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
};

/** `attachment` with an ASCII fallback name and the real one in RFC 5987 form. */
export const contentDisposition = (name: string) => {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * Sends a stored file with ETag = sha256: 304 when If-None-Match names it, 206 for a single Range
 * (unless If-Range names another version), 416 for a range past the end, else the whole file.
 */
export const sendBlob = async (request: FastifyRequest, reply: FastifyReply, download: BlobDownload) => {
  const { blob } = download;
  const etag = quoted(blob.sha256);
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', contentDisposition(blob.name));

  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'] as string | undefined;
  const range = ifRange && !matches(ifRange, etag) ? null : parseRange(request.headers.range, blob.size);
  if (range === 'unsatisfiable') {
    const { body } = errorEnvelope('rangeNotSatisfiable', { size: blob.size });
    return reply.code(416).header('content-range', `bytes */${blob.size}`).send(body);
  }
  reply.header('content-type', blob.mediaType);
  const length = range ? range.end - range.start + 1 : blob.size;
  reply.header('content-length', String(length));
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`);
  // HEAD: an empty stream keeps the Content-Length above (an empty body would reset it to 0)
  // without reading the file.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(await download.open(range ?? undefined));
};
