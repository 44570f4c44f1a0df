import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { AppError } from '../../shared/app-error';
import type { MailRepository } from './mail.repository';

/** A file sent with a mail; the content is base64 so a queued mail is plain JSON in its job. */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

/** A mail: plain text always, an HTML body and attachments when the mail has them. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** Sends mail: over SMTP when configured, else into the outbox table (the log names it, without its body). */
export type Mailer = { send(mail: Mail): Promise<void> };

/** The mail adapter: the only code that imports nodemailer. */
export const createMailer = (opts: {
  smtpUrl: string | undefined;
  from: string;
  outbox: Pick<MailRepository, 'addToOutbox'>;
  log: FastifyBaseLogger;
}): Mailer => {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        try {
          await transport.sendMail({
            from: opts.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: mail.attachments?.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.contentBase64, 'base64'),
            })),
          });
        } catch (err) {
          // The server's answer can quote the mail, and the mail can hold a code: log only what failed.
          const { code, responseCode, command } = err as {
            code?: string;
            responseCode?: number;
            command?: string;
          };
          opts.log.error(
            { to: mail.to, subject: mail.subject, code, responseCode, command },
            'mail not sent',
          );
          throw new AppError('mailNotSent');
        }
      },
    };
  }
  return {
    async send(mail) {
      await opts.outbox.addToOutbox({
        to: mail.to,
        subject: mail.subject,
        body: mail.text,
        html: mail.html ?? null,
        attachments: mail.attachments ?? null,
      });
      opts.log.info(
        { to: mail.to, subject: mail.subject },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
  };
};
