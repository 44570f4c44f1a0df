import type { GroupNode } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { groupZones } from './timeZones';

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
