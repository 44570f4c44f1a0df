import type { GroupNode } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { groupZones, timeZoneOptions } from './timeZones';

const node = (id: string, timeZone: string | null, children: GroupNode[] = []): GroupNode => ({
  id,
  parentId: null,
  name: id,
  number: id,
  type: 'store',
  areaCode: null,
  address: null,
  contact: null,
  phone: null,
  timeZone,
  ownerId: 'o',
  sort: 0,
  children,
});

describe('groupZones', () => {
  it("gives a group without a zone its nearest ancestor's, and none when no ancestor has one", () => {
    const zones = groupZones([
      node('eu', 'Europe/London', [node('lon', null, [node('till', null)]), node('sh', 'Asia/Shanghai')]),
      node('bare', null),
    ]);
    expect(zones.get('eu')).toEqual({ zone: 'Europe/London', inherited: false });
    expect(zones.get('till')).toEqual({ zone: 'Europe/London', inherited: true });
    expect(zones.get('sh')).toEqual({ zone: 'Asia/Shanghai', inherited: false });
    expect(zones.has('bare')).toBe(false);
  });
});

describe('timeZoneOptions', () => {
  it('names each zone with its offset at the given moment, summer time included', () => {
    const label = (at: string, zone: string) =>
      timeZoneOptions(new Date(at)).find((o) => o.value === zone)?.label;
    expect(label('2026-01-15T12:00:00Z', 'Asia/Shanghai')).toBe('Asia/Shanghai (UTC+08:00)');
    expect(label('2026-01-15T12:00:00Z', 'Europe/London')).toBe('Europe/London (UTC+00:00)');
    expect(label('2026-07-15T12:00:00Z', 'Europe/London')).toBe('Europe/London (UTC+01:00)');
    expect(label('2026-07-15T12:00:00Z', 'America/New_York')).toBe('America/New_York (UTC-04:00)');
    expect(label('2026-07-15T12:00:00Z', 'UTC')).toBe('UTC');
  });
});
