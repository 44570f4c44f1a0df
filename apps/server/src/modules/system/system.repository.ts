import type { Database } from '../../db/client';

/** What the health checks ask of storage: whether the database answers. */
export const createSystemRepository = (database: Pick<Database, 'ping'>) => ({
  ping: () => database.ping(),
});

export type SystemRepository = ReturnType<typeof createSystemRepository>;
