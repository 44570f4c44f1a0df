import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error';
import { errorEnvelope } from './envelope';

/** API paths follow `/{service}/v1/...`; everything else that is not found belongs to the console. */
export const API_PATH = /^\/(oauth|upms|device|task|app|file|support)\/v1(\/|$)/;

const SYSTEM_PATHS = /^\/(healthz|readyz|docs|mqtt|metrics)(\/|$)/;

/** Maps every failure to a catalogue envelope; internal errors get an id that is in the log, never a stack. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { status, body } = errorEnvelope(
        error.key,
        error.extra.errors ? { errors: error.extra.errors } : (error.extra.result ?? null),
      );
      if (error.extra.retryAfterSeconds) reply.header('retry-after', String(error.extra.retryAfterSeconds));
      return reply.status(status).send(body);
    }
    const fastifyCode = error.code ?? '';
    if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      const { status, body } = errorEnvelope('tooLarge');
      return reply.status(status).send(body);
    }
    if (
      fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      const { status, body } = errorEnvelope('malformedJson');
      return reply.status(status).send(body);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const { status, body } = errorEnvelope('invalidInput', {
        errors: [{ field: 'request', message: error.message, messageEn: error.message }],
      });
      return reply.status(status).send(body);
    }
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'unhandled error');
    const { status, body } = errorEnvelope('internal', { errorId });
    return reply.status(status).send(body);
  });
};

/** True for requests the console's history fallback should answer with index.html. */
export const wantsConsolePage = (method: string, url: string, accept: string | undefined) =>
  (method === 'GET' || method === 'HEAD') &&
  !API_PATH.test(url) &&
  !SYSTEM_PATHS.test(url) &&
  (accept ?? '').includes('text/html');
