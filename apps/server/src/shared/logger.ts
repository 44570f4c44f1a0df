import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|password|newPassword|captchaCode|emailCaptcha|code|secret)=)[^&]*/gi;

/** A URL with secret query values replaced, for logs. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1***');

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
          ],
          censor: '***',
        },
        serializers: {
          req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
            method: request.method,
            url: redactUrl(request.url),
            remoteAddress: request.ip,
          }),
        },
      };
