import type { SecurityEventKind } from '@cpm/contracts';
import type { OperationRecord } from '../oplog/oplog.service';

/** A security event as a module reports it. */
export type SecurityEvent = {
  kind: SecurityEventKind;
  /** Who; id null when unknown (a failed sign-in with an unknown name, an API key's owner not resolved). */
  actor: { id: string | null; name: string };
  ip: string | null;
  /** What it concerned (a terminal, a key, a role), when anything. */
  object?: { type: string; id?: string | null; name?: string | null };
  result?: 'success' | 'failure';
  detail?: string | null;
};

/** Records security events in the operation log as `security.<kind>`, from where the audit stream sends them. */
export type RecordSecurityEvent = (event: SecurityEvent) => Promise<void>;

/** The recorder other modules are given; it writes through the operation log, never failing the caller. */
export const createSecurityEvents = (oplog: {
  recordAnonymous: (
    actor: { id: string | null; name: string },
    ip: string | null,
    e: OperationRecord,
  ) => Promise<void>;
}): RecordSecurityEvent => {
  return (e) =>
    oplog.recordAnonymous(e.actor, e.ip, {
      action: `security.${e.kind}`,
      objectType: e.object?.type ?? 'security',
      objectId: e.object?.id ?? null,
      objectName: e.object?.name ?? null,
      result: e.result ?? 'success',
      detail: e.detail ?? null,
    });
};
