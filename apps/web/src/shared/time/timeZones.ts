import type { GroupNode } from '@cpm/contracts';

/** The browser's zone: where a new schedule's hour is read unless the user picks another. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Zones the runtime knows, for a searchable picker (older browsers: the browser's own and UTC). */
export const timeZoneOptions = () => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([browserZone(), 'UTC', ...known])].map((z) => ({ value: z, label: z }));
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
