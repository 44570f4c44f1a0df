import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { AppError } from '../../shared/app-error';
import type { MailRepository } from './mail.repository';

export type Mail = { to: string; subject: string; text: string };

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
          await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
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
      await opts.outbox.addToOutbox({ to: mail.to, subject: mail.subject, body: mail.text });
      opts.log.info(
        { to: mail.to, subject: mail.subject },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
  };
};
