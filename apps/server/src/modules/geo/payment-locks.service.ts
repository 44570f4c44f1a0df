import type { PaymentLockCommand } from '@cpm/contracts';
import { createBatcher } from '../../shared/batcher';
import type { Clock } from '../../shared/clock';
import type { OperationRecord } from '../oplog/oplog.service';
import type { PaymentLockRecord, PaymentLocksRepository } from './payment-locks.repository';

/** Whether the terminal reported the state it was last asked for, after it was asked. */
const confirmed = (r: PaymentLockRecord) =>
  r.reported === r.locked && r.reportedAt !== null && r.reportedAt >= r.changedAt;

const command = (r: Pick<PaymentLockRecord, 'locked' | 'fenceName'>, at: Date): PaymentLockCommand => ({
  type: 'paymentLock',
  locked: r.locked,
  fence: r.locked ? r.fenceName : null,
  ts: at.getTime(),
});

/**
 * The payment-app lock: a terminal breaking an enabled fence that locks payment must hold its payment
 * app locked, and gets it back once it breaks none. The lock follows the fences' standings (a fix, a
 * fence edited, disabled or deleted), is sent to the terminal at once and again on every hello until
 * the terminal reports holding it, and every lock and unlock the server asks for is in the operation
 * log. What the terminal did is in its own history (its `paymentLocked` and `paymentUnlocked` events).
 */
export const createPaymentLocksService = (deps: {
  repo: PaymentLocksRepository;
  clock: Clock;
  /** Sends a `down/cmd` to a terminal; never rejects. */
  send: (sn: string, cmd: PaymentLockCommand) => Promise<void>;
  audit: (entry: OperationRecord) => Promise<void>;
  log: { warn(obj: object, msg: string): void };
  /** A terminal's lock was asked or confirmed: what its heartbeat answers changed. */
  changed?: (terminalId: string) => void;
}) => {
  const { repo, clock } = deps;

  /** The lock a terminal has not confirmed yet, to send on its hello or heartbeat answer. */
  const unconfirmed = async (terminalId: string) => {
    const r = await repo.find(terminalId);
    return r && !confirmed(r) ? command(r, clock.now()) : null;
  };

  // A fleet reconnecting at once says hello together: their locks are read a batch at a time.
  const helloLocks = createBatcher<string, PaymentLockRecord>({
    run: async (ids) => new Map((await repo.findMany(ids)).map((r) => [r.terminalId, r])),
  });

  return {
    /** Brings these terminals' locks in line with the fences they break now. Never rejects. */
    async reconcile(terminalIds: string[]) {
      try {
        const now = clock.now();
        for (const s of await repo.standings(terminalIds)) {
          const want = s.fenceId !== null;
          if (want === (s.locked ?? false)) continue;
          const lock = { locked: want, fenceId: s.fenceId, fenceName: s.fenceName };
          await repo.ask(s.terminalId, lock, now);
          deps.changed?.(s.terminalId);
          await deps.audit({
            action: want ? 'payment.lock' : 'payment.unlock',
            objectType: 'terminal',
            objectId: s.sn,
            objectName: s.sn,
            detail: want ? s.fenceName : null,
          });
          await deps.send(s.sn, command(lock, now));
        }
      } catch (err) {
        deps.log.warn({ err, terminalIds }, 'payment lock not reconciled');
      }
    },

    unconfirmed,

    /** A terminal connected: it gets the lock it has not confirmed. Never rejects. */
    async hello(device: { id: string; sn: string }) {
      try {
        const r = await helloLocks.get(device.id);
        if (r && !confirmed(r)) await deps.send(device.sn, command(r, clock.now()));
      } catch (err) {
        deps.log.warn({ err, sn: device.sn }, 'payment lock not resent');
      }
    },

    /** The terminal reports the state its payment app is in. */
    async reported(terminalId: string, locked: boolean, at: Date) {
      await repo.reported(terminalId, locked, at);
      deps.changed?.(terminalId);
    },

    /** For the device detail. */
    async standing(terminalId: string) {
      const r = await repo.find(terminalId);
      if (!r) return null;
      return {
        locked: r.locked,
        fence: r.fenceName,
        since: r.changedAt.toISOString(),
        confirmed: confirmed(r),
        confirmedAt: confirmed(r) ? (r.reportedAt as Date).toISOString() : null,
      };
    },
  };
};
export type PaymentLocksService = ReturnType<typeof createPaymentLocksService>;
