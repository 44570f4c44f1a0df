import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../test-support/smtp-capture';
import { createMailer } from './mailer';
import { MAIL } from './templates';

describe('mail', () => {
  // A fake outbox repository records what the mailer stores.
  const rows: Record<string, string>[] = [];
  const outbox = {
    addToOutbox: async (v: { to: string; subject: string; body: string }) => {
      rows.push(v);
    },
  };

  it('writes to the outbox without SMTP, and the log line carries no body', async () => {
    const lines: unknown[] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: undefined, from: 'x@y.z', outbox, log });
    await mailer.send(MAIL.emailCode('a@b.test', 'en', '123456', 10));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: 'a@b.test', subject: 'Cloud POS verification code' });
    expect(rows[0].body).toContain('123456');
    expect(JSON.stringify(lines)).not.toContain('123456');
    expect(JSON.stringify(lines)).toContain('a@b.test');
  });

  it('keeps an HTML body and attachments in the outbox beside the text', async () => {
    const kept: unknown[] = [];
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'x@y.z',
      outbox: { addToOutbox: async (v) => void kept.push(v) },
      log,
    });
    const attachments = [{ filename: 'report.xlsx', contentType: 'application/zip', contentBase64: 'UEs=' }];
    await mailer.send({
      to: 'a@b.test',
      subject: 'Report',
      text: 'Fleet',
      html: '<p>Fleet</p>',
      attachments,
    });
    expect(kept).toEqual([
      { to: 'a@b.test', subject: 'Report', body: 'Fleet', html: '<p>Fleet</p>', attachments },
    ]);
  });

  it('sends over SMTP when configured, in the reader’s language', async () => {
    const smtp = await startSmtpCapture();
    try {
      const log = { info: () => undefined } as unknown as FastifyBaseLogger;
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'Cloud POS <no-reply@x.test>',
        outbox,
        log,
      });
      await mailer.send(MAIL.rejected('c@d.test', 'zh', 'shop', '资料不全'));
      const mail = smtp.lastTo('c@d.test');
      expect(mail?.subject).toBe('您的账号未通过审核');
      expect(mail?.text).toContain('资料不全');
    } finally {
      await smtp.close();
    }
  });
});
