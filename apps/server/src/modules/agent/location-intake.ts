import { distanceMetres, GEO_LIMITS, type Location } from '@cpm/contracts';
import { createBatcher } from '../../shared/batcher';
import type { AgentRepository } from './agent.repository';
import type { AcceptedFix, AgentServiceDeps, DeviceIdentity } from './agent.service';
import type { SlotHolder } from './heartbeat-writer';

/** How long location fixes gather before their batch is read and written. */
const LOCATION_BATCH_MS = 250;

/**
 * Whether a fix may follow the last one kept: not from before it (a late report would move the
 * terminal back in time) and no impossible jump (a GPS glitch must move no marker and trip no fence).
 */
const plausible = (
  prev: { lat: number | null; lng: number | null; at: Date | null } | undefined,
  fix: { lat: number; lng: number; at: Date },
): boolean => {
  if (!prev?.at) return true;
  if (fix.at <= prev.at) return false;
  if (prev.lat == null || prev.lng == null) return true;
  const metres = distanceMetres({ lat: prev.lat, lng: prev.lng }, fix);
  const seconds = (fix.at.getTime() - prev.at.getTime()) / 1000;
  return !(metres > 1000 && metres / seconds > GEO_LIMITS.maxSpeedMps);
};

/**
 * Location fixes from terminals: checked, gathered into batches, written beside the heartbeat
 * writer's batches and handed to `onLocations` (geofences). `queue` answers whether a fix waits.
 */
export const createLocationIntake = (
  deps: Pick<AgentServiceDeps, 'repo' | 'clock' | 'onLocations' | 'log'>,
  parts: {
    writer: ReturnType<AgentRepository['heartbeatWriter']>;
    /** The service's counters: kept fixes count as accepted, dropped ones as ignored. */
    stats: { accepted: number; locationIgnored: number };
  },
) => {
  const { repo, clock } = deps;
  const { writer, stats } = parts;
  // Fixes arrive by the hundred a second from a large fleet: each batch of them costs one read of the
  // previous positions and one write, instead of five round trips a fix. A batch gathers for
  // LOCATION_BATCH_MS, so a fix is on the map within a fraction of a second and the statements stay few.
  // A fix waits as this one object, nothing else: no promise or suspended call per fix, so the fixes
  // of a large fleet die young instead of being promoted while their batch is written.
  type Fix = Parameters<typeof repo.saveLocations>[0][number] & AcceptedFix & { source: Location['source'] };
  const fixesWaiting = new Map<string, Fix>();
  const locationWrites = createBatcher<string, true>({
    run: async (ids) => {
      const batch: Fix[] = [];
      for (const id of ids) {
        const fix = fixesWaiting.get(id);
        if (fix) batch.push(fix);
        fixesWaiting.delete(id);
      }
      if (batch.length === 0) return new Map();
      try {
        const previous = await repo.lastPositions(batch.map((f) => f.terminalId));
        const accepted = batch.filter((fix) => plausible(previous.get(fix.terminalId), fix));
        stats.locationIgnored += batch.length - accepted.length;
        if (accepted.length === 0) return new Map();
        // Beside the heartbeat writer's batches these could deadlock on the same terminal rows.
        await writer.exclusive(() =>
          repo.saveLocations(accepted, {
            minMetres: GEO_LIMITS.historyMinMetres,
            minMinutes: GEO_LIMITS.historyMinMinutes,
          }),
        );
        stats.accepted += accepted.length;
        await deps.onLocations?.(accepted);
      } catch (err) {
        // Fixes queued from the broker have nobody waiting to hear this.
        deps.log.error({ err, fixes: batch.length }, 'location batch failed');
        throw err;
      }
      return new Map();
    },
    waitMs: LOCATION_BATCH_MS,
  });
  /**
   * Queues a fix for the next location batch; true when it waits there. A fix too vague to place the
   * terminal, one older than the last kept, or one that would mean an impossible jump is dropped and
   * counted: GPS glitches must move no marker and trip no fence.
   */
  const queueLocation = (device: DeviceIdentity, loc: Location, holder: SlotHolder | undefined) => {
    const at = loc.ts ? new Date(Math.min(loc.ts, clock.now().getTime())) : clock.now();
    writer.add(device.sn, null, undefined, holder);
    if (loc.accuracy !== undefined && loc.accuracy > GEO_LIMITS.maxAccuracyMetres) {
      stats.locationIgnored++;
      return false;
    }
    // The latest fix of a terminal waiting for its batch replaces an earlier one, which counts as ignored.
    const waiting = fixesWaiting.get(device.id);
    if (waiting) stats.locationIgnored++;
    if (waiting && waiting.at > at) return false;
    fixesWaiting.set(device.id, {
      terminalId: device.id,
      sn: device.sn,
      ownerId: device.ownerId,
      lat: loc.lat,
      lng: loc.lng,
      accuracy: loc.accuracy ?? null,
      source: loc.source,
      at,
    });
    return true;
  };

  return { queue: queueLocation, writes: locationWrites };
};
