import type { PageQuery } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { pageOffset, toPage } from '../../shared/paging';
import type { AlertsRepository, WarningKind } from './alerts.repository';

/** Peripheral faults and terminal warnings: lists in the caller's data scope, marked handled in batches. */
export const createAlertsService = (deps: { repo: AlertsRepository }) => {
  const { repo } = deps;
  const withIsoTime = <T extends { at: Date }>(r: T) => ({ ...r, at: r.at.toISOString() });
  return {
    async faultPage(auth: AuthContext, q: PageQuery & { sn?: string; handled?: boolean }) {
      const { rows, total } = await repo.findFaultPage(auth, q, pageOffset(q), q.size);
      return toPage(rows.map(withIsoTime), total, q);
    },
    faultHandle: async (auth: AuthContext, ids: string[]) => ({
      handled: await repo.handleFaults(auth, ids),
    }),

    async warningPage(auth: AuthContext, q: PageQuery & { kind?: string; handled?: boolean }) {
      const filter = { kind: q.kind as WarningKind | undefined, handled: q.handled };
      const { rows, total } = await repo.findWarningPage(auth, filter, pageOffset(q), q.size);
      return toPage(rows.map(withIsoTime), total, q);
    },
    warningHandle: async (auth: AuthContext, ids: string[]) => ({
      handled: await repo.handleWarnings(auth, ids),
    }),
  };
};

export type AlertsService = ReturnType<typeof createAlertsService>;
