/** One leaf part of a MIME message: its type, its file name when attached, and its decoded bytes. */
export type MimePart = { contentType: string; filename: string | null; content: Buffer };

const headerOf = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '';

const decode = (body: string, encoding: string) => {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    );
  return Buffer.from(body, 'latin1');
};

/**
 * The leaf parts of a raw message (as the SMTP capture keeps it, latin1), nested multiparts walked
 * through: enough to read the HTML body and the attachments a test sent.
 */
export const mimeParts = (raw: string): MimePart[] => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const type = headerOf(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary)
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => mimeParts(part.replace(/^\r\n/, '')));
  const disposition = headerOf(head, 'Content-Disposition');
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return [
    {
      contentType: type.split(';')[0].trim().toLowerCase(),
      filename,
      content: decode(body, headerOf(head, 'Content-Transfer-Encoding').toLowerCase()),
    },
  ];
};
