import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A received mail: `text` is the decoded body of a single-part mail; `raw` the whole message (MIME). */
export type CapturedMail = { to: string[]; subject: string; text: string; raw: string };

/** Undoes quoted-printable, the body encoding nodemailer picks for text with non-ASCII characters. */
const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const parse = (raw: string, to: string[]): CapturedMail => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else body = Buffer.from(body, 'latin1').toString('utf8');
  const subject = header('Subject').replace(
    /=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi,
    (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
  return { to, subject, text: body, raw };
};

/** A real SMTP server in the test process; the app sends to it through SMTP_URL. */
export const startSmtpCapture = async () => {
  const mails: CapturedMail[] = [];
  // While set, the server reads each mail and then refuses it, as a full mailbox would.
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          parse(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback(
          refusing ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined,
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Makes the server refuse (true) or accept (false) the mails that follow. */
    refuse: (value: boolean) => {
      refusing = value;
    },
    /** The latest mail to an address. */
    lastTo: (address: string) => [...mails].reverse().find((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
