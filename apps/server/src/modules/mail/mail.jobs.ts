import type { JobsService } from '../jobs/jobs.service';
import type { Mail, Mailer } from './mailer';

export const MAIL_JOB_KIND = 'mail.send';

/**
 * Mail nobody waits for (alerts): queued as a job, so a slow or unreachable SMTP server holds up
 * no caller, and a failed send is tried again with the runner's backoff. Mail that a request
 * answers for (codes, activation links) is sent in the request instead. Answers the queuing call.
 */
export const registerMailJob = (
  jobs: Pick<JobsService, 'registerHandler' | 'enqueueJob'>,
  mailer: Mailer,
) => {
  jobs.registerHandler<Mail>(MAIL_JOB_KIND, async (ctx) => {
    try {
      await mailer.send(ctx.payload);
    } catch (err) {
      // The mailer's refusal would end the job at once; an SMTP failure is worth another attempt.
      throw new Error('mail not sent', { cause: err });
    }
    return { to: ctx.payload.to };
  });
  return async (mail: Mail) => {
    await jobs.enqueueJob({ kind: MAIL_JOB_KIND, payload: mail });
  };
};
