import type { PageQuery } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { pageOffset, toPage } from '../../shared/paging';
import type { AlertsRepository, WarningKind } from './alerts.repository';

/** Peripheral faults and terminal warnings: lists in the caller's data scope, marked handled in batches. */
export const createAlertsService = (deps: { repo: AlertsRepository }) => {
  const { repo } = deps;
  return {
    async faultPage(auth: AuthContext, q: PageQuery & { sn?: string; handled?: boolean }) {
      const { rows, total } = await repo.findFaultPage(auth, q, pageOffset(q), q.size);
      return toPage(
        rows.map((r) => ({
          id: r.f.id,
          sn: r.sn,
          terminalName: r.name,
          peripheralName: r.f.peripheralName,
          kind: r.f.kind,
          detail: r.f.detail,
          at: r.f.at.toISOString(),
          handled: r.f.handled,
        })),
        total,
        q,
      );
    },
    faultHandle: async (auth: AuthContext, ids: string[]) => ({
      handled: await repo.handleFaults(auth, ids),
    }),

    async warningPage(auth: AuthContext, q: PageQuery & { kind?: string; handled?: boolean }) {
      const { rows, total } = await repo.findWarningPage(
        auth,
        { kind: q.kind as WarningKind | undefined, handled: q.handled },
        pageOffset(q),
        q.size,
      );
      return toPage(
        rows.map((r) => ({
          id: r.w.id,
          sn: r.sn,
          terminalName: r.name,
          kind: r.w.kind,
          detail: r.w.detail,
          at: r.w.at.toISOString(),
          alerted: r.w.alerted,
          handled: r.w.handled,
        })),
        total,
        q,
      );
    },
    warningHandle: async (auth: AuthContext, ids: string[]) => ({
      handled: await repo.handleWarnings(auth, ids),
    }),
  };
};

export type AlertsService = ReturnType<typeof createAlertsService>;
