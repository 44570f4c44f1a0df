import type { Clock } from '../../shared/clock';
import type { Tx } from '../jobs/jobs.repository';
import type { JobsService } from '../jobs/jobs.service';
import { MAIL_JOB_KIND } from '../mail/mail.jobs';
import type { DigestItem, NotifyRepository } from './notify.repository';
import { SMS_JOB } from './notify.service';

export const DIGEST_JOB = 'alerts.digest';
/** Held notices one digest round sends at most; the next round takes the rest. */
const ROUND = 5000;

/**
 * Digests: every quarter hour, the held notices that are due go out as one mail, SMS or in-app
 * notice per recipient and channel, in one transaction with their removal (sent once).
 */
export const registerDigest = (deps: {
  repo: NotifyRepository;
  jobs: Pick<JobsService, 'registerHandler' | 'enqueueJob' | 'schedule'>;
  notifyUser: (
    n: { id: string; userId: string; title: string; content: string },
    tx: Tx,
  ) => Promise<{ announce(): void }>;
  clock: Clock;
}) => {
  const { jobs } = deps;
  jobs.registerHandler(DIGEST_JOB, async (ctx) => {
    const due = await deps.repo.dueDigestItems(deps.clock.now(), ROUND);
    const groups = new Map<string, (typeof due)[number][]>();
    for (const item of due) {
      const key = `${item.channel}|${item.address}`;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    const announce = await ctx.inLease(async (tx) => {
      const out: (() => void)[] = [];
      for (const items of groups.values()) {
        const [first] = items;
        const en = first.english;
        const title = en ? `Alert digest: ${items.length} notice(s)` : `告警摘要：${items.length} 条通知`;
        const lines = items.map((i: DigestItem) => (en ? i.lineEn : i.line));
        if (first.channel === 'email')
          await jobs.enqueueJob(
            {
              kind: MAIL_JOB_KIND,
              payload: { to: first.address, subject: title, text: [title, ...lines].join('\n') },
            },
            tx,
          );
        else if (first.channel === 'sms')
          await jobs.enqueueJob(
            {
              kind: SMS_JOB,
              payload: { to: first.address, text: `${title}: ${lines.slice(0, 3).join('; ')}` },
            },
            tx,
          );
        else if (first.userId)
          out.push(
            (
              await deps.notifyUser(
                { id: crypto.randomUUID(), userId: first.userId, title, content: lines.join('<br>') },
                tx,
              )
            ).announce,
          );
      }
      await deps.repo.removeDigestItems(
        due.map((d) => d.id),
        tx,
      );
      return out;
    });
    for (const a of announce) a();
    return { items: due.length, sent: groups.size };
  });
  jobs.schedule({ name: DIGEST_JOB, cron: '*/15 * * * *', kind: DIGEST_JOB });
};
