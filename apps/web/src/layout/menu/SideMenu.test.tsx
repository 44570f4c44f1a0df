import { MENU_TYPE } from '@cpm/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../shared/session/sessionStore';
import { menuNode } from '../../test/menuFactory';
import { SideMenu } from './SideMenu';

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

describe('side menu', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.setState({ menuList: [] });
  });

  it('opens a menu item whose url starts with http in a new browser tab and stays on the page', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    useSessionStore.setState({
      menuList: [
        menuNode({
          id: 'm1',
          url: 'device',
          name: '设备',
          menuEnglishName: 'Devices',
          menuType: MENU_TYPE.module,
          menuVoList: [
            menuNode({
              id: 'p1',
              parentId: 'm1',
              url: 'index',
              name: '我的设备',
              menuEnglishName: 'My devices',
            }),
          ],
        }),
        menuNode({
          id: 'm2',
          url: 'https://example.com/status',
          name: '状态页',
          menuEnglishName: 'Status page',
          menuType: MENU_TYPE.module,
        }),
      ],
    });
    render(
      <MemoryRouter initialEntries={['/device/index']}>
        <SideMenu collapsed={false} />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('Status page'));
    expect(open).toHaveBeenCalledWith('https://example.com/status', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('where')).toHaveTextContent('/device/index');
  });
});
