import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { MAIL_DIR, SMTP_PORT } from './env';

/** Undoes quoted-printable, the body encoding nodemailer picks for text with non-ASCII characters. */
const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The text body of a raw mail. */
const bodyOf = (raw: string) => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1').toString('utf8');
};

/**
 * A real SMTP server for the suite: the test server sends through it (SMTP_URL) and every mail is
 * written to MAIL_DIR as `<recipient>-<time>.txt`, so tests in any worker can read it.
 */
export const startMailCatcher = async () => {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const text = bodyOf(Buffer.concat(chunks).toString('latin1'));
        for (const to of session.envelope.rcptTo)
          writeFileSync(path.join(MAIL_DIR, `${to.address}-${Date.now()}.txt`), text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
};

/** Waits for a mail to an address whose text matches, and returns the first capture group. */
export const waitForMail = async (to: string, pattern: RegExp, after = 0): Promise<string> => {
  let found = '';
  await expect
    .poll(
      () => {
        const files = readdirSync(MAIL_DIR)
          .filter((f) => f.startsWith(`${to}-`) && Number(f.slice(to.length + 1, -4)) >= after)
          .sort();
        for (const f of files.reverse()) {
          const match = pattern.exec(readFileSync(path.join(MAIL_DIR, f), 'utf8'));
          if (match) {
            found = match[1] ?? match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
};
