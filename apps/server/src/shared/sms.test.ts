import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, maskPhone } from './sms';

/** A log that keeps its lines. */
const memoryLog = () => {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => void lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => void lines.push({ level: 'warn', obj, msg }),
  };
};

describe('SMS sender', () => {
  let server: Server;
  let url: string;
  const received: { path: string; auth?: string; body: unknown }[] = [];
  let answer = 200;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          auth: req.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        res.writeHead(answer).end('provider says: +8613900001234 refused');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/send`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('only logs when no provider is configured, with the number masked', async () => {
    const log = memoryLog();
    const sms = createSmsSender({}, log);
    expect(sms.provider).toBe('log');
    await sms.send('+8613900001234', 'Printer jammed 3 times');
    expect(log.lines).toEqual([
      {
        level: 'info',
        obj: { to: '**********1234', text: 'Printer jammed 3 times' },
        msg: 'SMS logged, not sent (SMS_URL is not set)',
      },
    ]);
  });

  it('posts to the HTTP provider with its token, and rejects when the provider refuses or is gone', async () => {
    const log = memoryLog();
    const sms = createSmsSender({ url, token: 'secret-token' }, log);
    expect(sms.provider).toBe('http');
    answer = 200;
    await sms.send('+8613900001234', 'Hello');
    expect(received.at(-1)).toEqual({
      path: '/v1/send',
      auth: 'Bearer secret-token',
      body: { to: '+8613900001234', text: 'Hello' },
    });
    answer = 503;
    await expect(sms.send('+8613900001234', 'Again')).rejects.toThrow(
      'SMS to **********1234 not sent: provider answered 503',
    );
    // What the provider said is not logged: it may quote the number or the text.
    expect(JSON.stringify(log.lines)).not.toContain('8613900001234');
    const gone = createSmsSender({ url: 'http://127.0.0.1:9/none' }, log);
    await expect(gone.send('12345678', 'x')).rejects.toThrow(
      'SMS to ****5678 not sent: provider not reached',
    );
    expect(maskPhone('123')).toBe('123');
  });
});
