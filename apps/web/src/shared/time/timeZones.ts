import type { GroupNode } from '@cpm/contracts';

/** The browser's zone: where a new schedule's hour is read unless the user picks another. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A zone's offset from UTC at `at`, as `UTC+08:00` (`UTC+00:00` for none, which runtimes spell `GMT`). */
export const zoneOffset = (zone: string, at: Date) => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return !name || name === 'GMT' ? 'UTC+00:00' : name.replace(/^GMT/, 'UTC');
};

/**
 * Zones the runtime knows, for a searchable picker (older browsers: the browser's own and UTC), each
 * with its offset now: zone names are the same in every language, the offset tells a reader who does
 * not know the city where it lies.
 */
export const timeZoneOptions = (at = new Date()) => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([browserZone(), 'UTC', ...known])].map((z) => {
    return { value: z, label: z === 'UTC' ? z : `${z} (${zoneOffset(z, at)})` };
  });
};

/**
 * Each group's zone as the server applies it: its own, else the nearest ancestor's (`inherited`);
 * groups with none up the chain are absent.
 */
export const groupZones = (
  nodes: readonly GroupNode[],
  above: string | null = null,
  into = new Map<string, { zone: string; inherited: boolean }>(),
) => {
  for (const n of nodes) {
    const zone = n.timeZone ?? above;
    if (zone) into.set(n.id, { zone, inherited: !n.timeZone });
    groupZones(n.children, zone, into);
  }
  return into;
};
