import type { AuthContext } from '../../plugins/auth-context';
import type { Clock } from '../../shared/clock';
import type { OperationEntry, OplogRepository } from './oplog.repository';

/** What a module says about an operation; time and actor come from here. */
export type OperationRecord = Omit<OperationEntry, 'at' | 'actorId' | 'actorName' | 'result'> & {
  result?: OperationEntry['result'];
};

/** Records operations; a failure to write the log is logged, never turned into a failed operation. */
export const createOplogService = (deps: {
  repo: OplogRepository;
  clock: Clock;
  onError?: (err: unknown) => void;
  /** Hears each entry once it is written (webhooks turn some into events). */
  onRecorded?: (entry: OperationEntry) => void;
}) => {
  const write = async (entry: OperationEntry) => {
    try {
      await deps.repo.insert(entry);
    } catch (err) {
      deps.onError?.(err);
      return;
    }
    deps.onRecorded?.(entry);
  };
  return {
    /** An operation by a signed-in caller. */
    record: (auth: Pick<AuthContext, 'userId' | 'username'>, ip: string | null, e: OperationRecord) =>
      write({
        ...e,
        at: deps.clock.now(),
        actorId: auth.userId,
        actorName: auth.username,
        ip,
        result: e.result ?? 'success',
      }),
    /** An operation by someone not signed in (login, registration, forgotten password). */
    recordAnonymous: (actor: { id: string | null; name: string }, ip: string | null, e: OperationRecord) =>
      write({
        ...e,
        at: deps.clock.now(),
        actorId: actor.id,
        actorName: actor.name,
        ip,
        result: e.result ?? 'success',
      }),
  };
};

export type OplogService = ReturnType<typeof createOplogService>;
