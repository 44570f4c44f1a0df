import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** Query values that grant access: session tokens, passwords, codes, and the signatures of download links. */
const SECRET_QUERY =
  /([?&](?:token|password|newPassword|captchaCode|emailCaptcha|code|secret|signature|sig|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=)[^&#]*/gi;

/** A URL with secret query values replaced, for logs. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1***');

const STATEMENT_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

/**
 * Removes the parameters of a failed statement from a serialized error and its causes: the database
 * layer puts them in the message and on the error, and they can be a password hash, a terminal
 * password or an encrypted customer secret. The statement itself stays, for diagnosis.
 */
const withoutStatementParams = <E extends Record<string, unknown>>(err: E, depth = 0): E => {
  const fields = err as Record<string, unknown>;
  if ('params' in fields) fields.params = '***';
  for (const key of ['message', 'stack'])
    if (typeof fields[key] === 'string')
      fields[key] = (fields[key] as string).replace(STATEMENT_PARAMS, '\nparams: ***');
  if (fields.cause && typeof fields.cause === 'object' && depth < 5)
    withoutStatementParams(fields.cause as Record<string, unknown>, depth + 1);
  return err;
};

/** pino's error serializer without statement parameters. */
export const serializeError = (err: Error) => withoutStatementParams(stdSerializers.err(err));

/** pino options: tokens, passwords and codes never reach a log line. */
export const loggerOptions = (
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] =>
  level === 'silent'
    ? false
    : {
        level,
        ...(stream ? { stream } : {}),
        redact: {
          paths: [
            'req.headers.satoken',
            'req.headers.authorization',
            'req.headers.cookie',
            '*.password',
            '*.newPassword',
            '*.token',
            '*.tokenValue',
            '*.otp',
            '*.recoveryCode',
            '*.recoveryCodes',
            '*.secret',
            '*.pendingToken',
          ],
          censor: '***',
        },
        serializers: {
          err: serializeError,
          error: serializeError,
          req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
            method: request.method,
            url: redactUrl(request.url),
            remoteAddress: request.ip,
          }),
        },
      };
