import { DEFAULT_MENU } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from './menuIcons';

describe('menu icons', () => {
  it('include every icon the default menu names', () => {
    const names = DEFAULT_MENU.flatMap((m) => [m.icon, ...m.pages.map((p) => p.icon)]);
    expect(names.filter((name) => !(name in MENU_ICONS))).toEqual([]);
  });
});
