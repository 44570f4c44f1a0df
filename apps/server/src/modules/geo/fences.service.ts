import { FENCE_LIMITS, type FenceSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit } from '../../shared/permissions';
import { refuseOnUniqueViolation } from '../../shared/sql';
import type { AcceptedFix } from '../agent/agent.service';
import { fenceRing, polygonText } from './fence-shape';
import type { FenceHit, FenceRecord, FencesRepository } from './fences.repository';
import type { PaymentLocksService } from './payment-locks.service';

const M_PER_DEG = 111_320;

/** The minute of the day at `at` in an IANA time zone. */
export const minuteOfDay = (at: Date, timezone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return n('hour') * 60 + n('minute');
};

/** Whether a fence watches at `at`: always without hours; windows may run past midnight. */
export const fenceActive = (f: Pick<FenceHit, 'activeFrom' | 'activeTo' | 'timezone'>, at: Date) => {
  if (f.activeFrom === null || f.activeTo === null) return true;
  const m = minuteOfDay(at, f.timezone);
  return f.activeFrom < f.activeTo
    ? m >= f.activeFrom && m < f.activeTo
    : m >= f.activeFrom || m < f.activeTo;
};

/**
 * One fix against one fence: the new standing and whether it flipped. A fix near the edge (within
 * the margin or its own accuracy) decides nothing; a change needs `confirmFixes` agreeing fixes.
 */
export const judgeFix = (hit: FenceHit, accuracyM: number | null) => {
  const marginDeg = Math.max(FENCE_LIMITS.marginM, accuracyM ?? 0) / M_PER_DEG;
  if (hit.edgeDeg < marginDeg) return null;
  const nowViolating = hit.rule === 'inside' ? !hit.inside : hit.inside;
  if (nowViolating === hit.violating) return { violating: hit.violating, pending: 0, flipped: false };
  const pending = hit.pending + 1;
  if (pending >= FENCE_LIMITS.confirmFixes) return { violating: nowViolating, pending: 0, flipped: true };
  return { violating: hit.violating, pending, flipped: false };
};

const validTimezone = (tz: string | undefined) => {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
};

export type FenceAlert = {
  kind: 'fenceBreach' | 'fenceReturn';
  fence: { id: string; name: string; lockPayment: boolean };
  terminal: { id: string; sn: string; ownerId: string };
  lat: number;
  lng: number;
  at: Date;
};

/** Geofences: the list, the editor's save with its checks, and the check of each location fix. */
export const createFencesService = (deps: {
  repo: FencesRepository;
  clock: Clock;
  /** Tells people about a breach or a return (warning text, live event, mail, SMS); answers who was told. */
  alert: (a: FenceAlert) => Promise<string[]>;
  /** Payment-app locks follow the fences' standings. */
  locks: Pick<PaymentLocksService, 'reconcile'> & {
    violatorsOf: (fenceIds: string[]) => Promise<string[]>;
  };
  log: { warn(obj: object, msg: string): void };
}) => {
  const { repo, clock } = deps;
  const present = (r: FenceRecord) => ({
    id: r.id,
    name: r.name,
    ownerId: r.ownerId,
    shape: r.shape,
    points: r.points,
    center: r.centerLat !== null && r.centerLng !== null ? { lat: r.centerLat, lng: r.centerLng } : null,
    radiusM: r.radiusM,
    rule: r.rule,
    activeFrom: r.activeFrom,
    activeTo: r.activeTo,
    timezone: r.timezone,
    enabled: r.enabled,
    lockPayment: r.lockPayment,
    groupIds: r.groupIds,
    terminalSns: r.terminalSns,
    violating: r.violating,
    updatedAt: r.updatedAt.toISOString(),
  });

  return {
    async page(auth: AuthContext, q: { current: number; size: number; name?: string }) {
      const { rows, total } = await repo.page(auth, q, pageOffset(q), q.size);
      return toPage(rows.map(present), total, q);
    },

    /** Adds or edits a fence; targets must be the caller's own groups and terminals. */
    async save(auth: AuthContext, note: OperationNote, input: FenceSave, timezone: string | undefined) {
      requireAddOrEdit(auth, 'device:fence', input.id);
      const existing = input.id ? orNotFound(await repo.findVisible(auth, input.id)) : null;
      const ring = fenceRing(input);
      if (
        (input.activeFrom === null) !== (input.activeTo === null) ||
        (input.activeFrom !== null && input.activeFrom === input.activeTo)
      )
        throw new AppError('fenceHoursInvalid');
      const groups = [...new Set(input.groupIds)];
      const sns = [...new Set(input.terminalSns.map((s) => s.toUpperCase()))];
      const ownGroups = await repo.ownGroups(auth, groups);
      const ownTerminals = await repo.ownTerminals(auth, sns);
      if (ownGroups.length !== groups.length || ownTerminals.length !== sns.length)
        throw new AppError('fenceTargetForeign');
      const now = clock.now();
      const values = {
        ownerId: existing?.ownerId ?? auth.userId,
        name: input.name,
        shape: input.shape,
        points: input.shape === 'polygon' ? ring : [],
        centerLat: input.shape === 'circle' ? (input.center?.lat ?? null) : null,
        centerLng: input.shape === 'circle' ? (input.center?.lng ?? null) : null,
        radiusM: input.shape === 'circle' ? input.radiusM : null,
        area: polygonText(ring),
        rule: input.rule,
        activeFrom: input.activeFrom,
        activeTo: input.activeTo,
        timezone: validTimezone(timezone),
        enabled: input.enabled,
        lockPayment: input.lockPayment,
        updatedAt: now,
      };
      const targets = [
        ...ownGroups.map((id) => ({ kind: 'group' as const, targetId: id })),
        ...ownTerminals.map((t) => ({ kind: 'terminal' as const, targetId: t.id })),
      ];
      const id = await refuseOnUniqueViolation('fenceDuplicate', () => repo.save(input.id, values, targets));
      note.subject({ id, name: input.name });
      // Locking turned on or off, the fence disabled: its violators' locks follow.
      await deps.locks.reconcile(await deps.locks.violatorsOf([id]));
      return present(orNotFound(await repo.findVisible(auth, id)));
    },

    async remove(auth: AuthContext, note: OperationNote, ids: string[]) {
      const violators = await deps.locks.violatorsOf(ids);
      const deleted = await repo.remove(auth, ids);
      await deps.locks.reconcile(violators);
      note.subject({ id: ids.join(','), name: `${deleted}` });
      return { deleted };
    },

    /**
     * Checks a batch of accepted fixes (the location batch) against their terminals' fences, in one
     * statement. Fixes vaguer than `maxAccuracyM` count for nothing. Never rejects: a failure is
     * logged.
     */
    async checkFixes(batch: readonly AcceptedFix[]): Promise<void> {
      const fixes = batch.filter((f) => f.accuracy === null || f.accuracy <= FENCE_LIMITS.maxAccuracyM);
      if (fixes.length === 0) return;
      let byFix: Map<number, FenceHit[]>;
      try {
        byFix = await repo.hits(fixes);
      } catch (err) {
        deps.log.warn({ err, fixes: fixes.length }, 'geofence check failed');
        return;
      }
      for (const [k, hits] of byFix) {
        const fix = fixes[k];
        const states: { fenceId: string; violating: boolean; pending: number }[] = [];
        const flips: FenceAlert[] = [];
        for (const hit of hits) {
          if (!fenceActive(hit, fix.at)) continue;
          const j = judgeFix(hit, fix.accuracy);
          if (!j) continue;
          if (j.violating === hit.violating && j.pending === hit.pending) continue;
          states.push({ fenceId: hit.id, violating: j.violating, pending: j.pending });
          if (j.flipped)
            flips.push({
              kind: j.violating ? 'fenceBreach' : 'fenceReturn',
              fence: { id: hit.id, name: hit.name, lockPayment: hit.lockPayment },
              terminal: { id: fix.terminalId, sn: fix.sn, ownerId: fix.ownerId },
              lat: fix.lat,
              lng: fix.lng,
              at: fix.at,
            });
        }
        if (states.length === 0) continue;
        // Standings change rarely (a terminal crossing a line): these go one terminal at a time.
        try {
          const warnings = [];
          for (const f of flips)
            warnings.push({ kind: f.kind, detail: f.fence.name, alerted: await deps.alert(f) });
          await repo.saveStates(fix.terminalId, states, warnings, fix.at);
          if (flips.length) await deps.locks.reconcile([fix.terminalId]);
        } catch (err) {
          deps.log.warn({ err, sn: fix.sn }, 'geofence check failed');
        }
      }
    },
  };
};
export type FencesService = ReturnType<typeof createFencesService>;
