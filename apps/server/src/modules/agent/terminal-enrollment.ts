import { DEVICE_PROTOCOL, type EnrollRequest, type EnrollResult, terminalFilters } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import { newToken, sha256 } from '../../shared/crypto';
import { normalizeMac } from '../devices/terminals.service';
import type { AgentServiceDeps } from './agent.service';

/** How long enrollments wait to be written together. */
const ENROLL_BATCH_MS = 20;

/**
 * Enrollment: a registered SN with its enterprise's key (or a key of an account above it) gets a
 * new secret. `forget` tells every instance that the terminals' secrets changed.
 */
export const createTerminalEnrollment = (
  deps: Pick<AgentServiceDeps, 'repo' | 'clock' | 'events' | 'snReserved'>,
  forget: (sns: readonly string[]) => void,
) => {
  const { repo, clock } = deps;

  // Enrollments arrive in bursts (a shipment powered on at once): checked and written a batch at a time,
  // a few statements per batch instead of several per terminal.
  type EnrollJob = { req: EnrollRequest; resolve: (r: EnrollResult) => void; reject: (e: unknown) => void };
  const enrollQueue: EnrollJob[] = [];
  let enrollTimer: NodeJS.Timeout | undefined;
  let enrollChain: Promise<void> = Promise.resolve();

  const enrollBatch = async (jobs: EnrollJob[]) => {
    const sns = [...new Set(jobs.map((j) => j.req.sn.toUpperCase()))];
    const rows = await repo.findForEnrollment(sns);
    const bySn = new Map(rows.map((r) => [r.sn, r]));
    const owners = [...new Set(rows.map((r) => r.ownerId))];
    const keyHashes = [...new Set(jobs.map((j) => sha256(j.req.enrollmentKey)))];
    const allowed = await repo.validEnrollmentKeys(owners, keyHashes);
    const now = clock.now();
    const issued = new Map<string, { id: string; secret: string; activated: boolean; ownerId: string }>();
    const answers: { job: EnrollJob; result?: EnrollResult; error?: AppError }[] = [];
    for (const job of jobs) {
      const sn = job.req.sn.toUpperCase();
      const t = bySn.get(sn);
      let error: AppError | undefined;
      // Anyone may call this: an unknown SN, a wrong key, another enterprise's terminal and a reserved
      // SN get one answer, so it tells nothing about which SNs exist or whose they are.
      if (!t || deps.snReserved?.(sn) || !allowed.has(`${t.ownerId}|${sha256(job.req.enrollmentKey)}`))
        error = new AppError('enrollmentRefused');
      else if (t.status === 'loggedOff') error = new AppError('terminalLoggedOff');
      else if (job.req.mac && t.mac && normalizeMac(job.req.mac) !== t.mac)
        error = new AppError('terminalMacMismatch');
      if (error || !t) {
        answers.push({ job, error });
        continue;
      }
      // The same SN twice in one batch gets one secret.
      const grant = issued.get(sn) ?? {
        id: t.id,
        secret: newToken(),
        activated: t.status !== 'activated',
        ownerId: t.ownerId,
      };
      issued.set(sn, grant);
      answers.push({
        job,
        result: {
          sn,
          secret: grant.secret,
          topics: { up: terminalFilters.upPattern(sn), down: terminalFilters.down(sn) },
          heartbeatIntervalSec: DEVICE_PROTOCOL.heartbeatIntervalSec,
        },
      });
    }
    if (issued.size) {
      await repo.saveEnrollments(
        [...issued.values()].map((g) => ({ id: g.id, secretHash: sha256(g.secret), activated: g.activated })),
        now,
      );
      forget([...issued.keys()]);
      for (const [sn, g] of issued) {
        if (g.activated) deps.events.emit({ sn, ownerId: g.ownerId, status: 'activated', kind: 'status' });
      }
    }
    for (const a of answers) a.error ? a.job.reject(a.error) : a.job.resolve(a.result as EnrollResult);
  };

  const runEnrollments = () => {
    enrollTimer = undefined;
    const jobs = enrollQueue.splice(0, 500);
    if (enrollQueue.length) enrollTimer = setTimeout(runEnrollments, 0);
    enrollChain = enrollChain.then(() =>
      enrollBatch(jobs).catch((err: unknown) => {
        for (const j of jobs) j.reject(err);
      }),
    );
  };

  return {
    enroll: (req: EnrollRequest): Promise<EnrollResult> =>
      new Promise<EnrollResult>((resolve, reject) => {
        enrollQueue.push({ req, resolve, reject });
        if (!enrollTimer) enrollTimer = setTimeout(runEnrollments, ENROLL_BATCH_MS);
      }),
  };
};
