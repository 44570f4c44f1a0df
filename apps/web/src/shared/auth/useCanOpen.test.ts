import { describe, expect, it } from 'vitest';
import { defaultMenuNodes } from '../../test/menuFactory';
import { menuHasPage } from './useCanOpen';

describe('menuHasPage', () => {
  it('finds a page of the menu, hidden ones too, and nothing else', () => {
    const menu = defaultMenuNodes();
    expect(menuHasPage(menu, '/longRange/whitelist')).toBe(true);
    expect(menuHasPage(menu, '/longRange/taskManage')).toBe(true);
    expect(menuHasPage(menu, '/longRange/nothing')).toBe(false);
    expect(menuHasPage([], '/longRange/whitelist')).toBe(false);
  });
});
