import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BLOB_KINDS, BLOB_TYPES, type BlobKind, type BlobType, type ErrorKey } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import { createPixelGuard } from '../../shared/image-header';
import { SNIFF_BYTES, sniffType } from './sniff';

/** What an upload turned out to be once its last byte went through. */
export type Inspected = { size: number; sha256: string; type: BlobType; mediaType: string };

/**
 * Passes an upload through while hashing it, counting its bytes against the kind's limit and
 * deciding its type from the first bytes. Fails the stream (so the pipeline removes the temp
 * file) as soon as the file is too large or of a type the kind refuses.
 */
export const createUploadInspector = (
  kind: BlobKind,
  name: string,
  opts: {
    /** Bytes the owner may still store (its quota less its usage); past it the upload is refused. */
    budget?: number;
    /** Types accepted instead of the kind's (a narrower list for one endpoint). */
    types?: readonly BlobType[];
    /** Error for a refused type instead of the generic one. */
    typeError?: ErrorKey;
  } = {},
) => {
  const rule = BLOB_KINDS[kind];
  const allowed = opts.types ?? (rule.types as readonly BlobType[]);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let type: BlobType | null = null;

  let guardPixels: ((chunk: Buffer) => void) | null = null;
  const decide = () => {
    type = sniffType(head, name);
    if (!allowed.includes(type))
      throw new AppError(opts.typeError ?? 'uploadTypeRefused', { result: { allowed } });
    guardPixels = createPixelGuard(type);
  };

  let result: Inspected | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      try {
        size += chunk.length;
        if (size > rule.maxBytes)
          throw new AppError('uploadTooLarge', { result: { maxBytes: rule.maxBytes } });
        if (opts.budget !== undefined && size > opts.budget)
          throw new AppError('storageQuotaExceeded', {
            result: { availableBytes: Math.max(0, opts.budget) },
          });
        if (type === null) {
          const before = head;
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length >= SNIFF_BYTES) {
            decide();
            guardPixels?.(Buffer.concat([before, chunk]));
          }
        } else guardPixels?.(chunk);
        hash.update(chunk);
        done(null, chunk);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (size === 0) throw new AppError('uploadEmpty');
        if (type === null) {
          decide();
          guardPixels?.(head);
        }
        const t = type as unknown as BlobType;
        result = { size, sha256: hash.digest('hex'), type: t, mediaType: BLOB_TYPES[t].mediaType };
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
  return {
    stream,
    /** The outcome; only after the stream has ended. */
    result(): Inspected {
      if (!result) throw new Error('upload not finished');
      return result;
    },
  };
};
