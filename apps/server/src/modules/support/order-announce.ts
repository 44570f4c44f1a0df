import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@cpm/contracts';
import { escapeHtml } from '../../shared/html';
import { orderNumber } from './order-rows';
import type { OrderRecord } from './orders.repository';
import type { OrdersDeps } from './orders.service';

/** Who did something to an order: a signed-in person, or the system (peripheral health). */
export type OrderActor = { id: string; name: string } | null;

/**
 * Tells the customer account, the one who opened the order and the assignee (not the one who
 * acted) in the bell and by mail; every console tab that may see the order hears it live. A
 * failed mail or notice is logged: the change itself is already stored.
 */
export const createOrderAnnouncer = (
  deps: Pick<OrdersDeps, 'audienceOf' | 'publishLive' | 'notifyUser' | 'accountById' | 'mailer' | 'log'>,
) => {
  return async (actor: OrderActor, row: OrderRecord, zh: string, en: string, note?: string | null) => {
    const number = orderNumber(row.seq);
    const targets = new Set(
      [row.ownerId, row.createdBy, row.assigneeId].filter((x): x is string => Boolean(x)),
    );
    const watchers = new Set([...targets, ...(await deps.audienceOf(row.ownerId))]);
    await deps.publishLive([...watchers], {
      type: 'order',
      orderId: row.id,
      status: row.status as OrderStatus,
    });
    if (actor) targets.delete(actor.id);
    for (const userId of targets) {
      const title = `工单 ${number} ${zh} / Order ${number} ${en}`;
      const extra = note ? `<p>${escapeHtml(note)}</p>` : '';
      try {
        const { announce: tell } = await deps.notifyUser({
          id: randomUUID(),
          userId,
          title,
          content: `<p>${escapeHtml(row.storeName)} ${escapeHtml(row.sn ?? '')}</p>${extra}`,
        });
        tell();
        const account = await deps.accountById(userId);
        if (account?.email)
          await deps.mailer.send({
            to: account.email,
            subject: title,
            text: [title, row.storeName, row.sn ?? '', note ?? ''].filter(Boolean).join('\n'),
          });
      } catch (err) {
        deps.log.warn({ err, orderId: row.id, userId }, 'order change not announced');
      }
    }
  };
};
