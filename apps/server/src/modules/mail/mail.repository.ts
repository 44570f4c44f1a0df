import type { Db } from '../../db/client';
import { mailOutbox } from './mail.table';

/** Storage of mail kept in the outbox when no SMTP server is configured. */
export const createMailRepository = (db: Db) => ({
  addToOutbox: async (mail: typeof mailOutbox.$inferInsert) => {
    await db.insert(mailOutbox).values(mail);
  },
});

export type MailRepository = ReturnType<typeof createMailRepository>;
