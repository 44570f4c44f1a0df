import {
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Dropdown, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/authService';
import { NoticeBell } from '../../features/messages/components/NoticeBell';
import { lazyNamed, MountOnceOpen } from '../../shared/MountOnceOpen';
import { useMenuRoutes } from '../../shared/menu/useMenuRoutes';
import { useSessionStore } from '../../shared/session/sessionStore';
import { LanguageDropdown } from '../../shared/settings/LanguageDropdown';
import { useSettingsStore } from '../../shared/settings/settingsStore';
import { ACCOUNT_SECURITY_PATH } from '../../shared/worktabs/worktabRules';
import { useLayoutStore } from '../layoutStore';
import { useIsMobile } from '../useIsMobile';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderSearchTrigger } from './HeaderSearch';
import { useFullscreen } from './useFullscreen';

/** Spec section 2: the bell opens `messageManage-myMessage`, the question mark `helpManual`. */
const ChangePasswordDialog = lazyNamed(() =>
  import('../../features/auth/components/ChangePasswordDialog').then((m) => m.ChangePasswordDialog),
);

const MY_MESSAGES_PATH = '/messageManage/myMessage';
const HELP_MANUAL_PATH = '/messageManage/helpManual';

type IconButtonProps = {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  /** For a button that opens and closes a panel: whether the panel is open. */
  expanded?: boolean;
};

const IconButton = ({ title, icon, onClick, testId, expanded }: IconButtonProps) => (
  // While its panel is open the button shows no tooltip: the pointer rests on it after the click,
  // and an open tooltip would take the Escape meant for the panel.
  <Tooltip title={title} placement="bottom" mouseEnterDelay={0.5} open={expanded ? false : undefined}>
    <Button
      type="text"
      className="cpm-icon-button"
      icon={icon}
      onClick={onClick}
      aria-label={title}
      aria-expanded={expanded}
      data-testid={testId}
    />
  </Tooltip>
);

/** The top bar: menu toggle, refresh, breadcrumbs, search, full screen, help, bell, language, settings, user. */
export const HeaderBar = () => {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const isMobile = useIsMobile();
  const { routes } = useMenuRoutes();
  const user = useSessionStore((s) => s.user);
  const settings = useSettingsStore();
  const { refresh, mobileMenuOpen, setMobileMenuOpen } = useLayoutStore();
  const queryClient = useQueryClient();
  const [reloading, setReloading] = useState(false);
  // Reads the page's data again and keeps the page as it is (filters, open rows); a page showing its
  // error panel tries to load again.
  const reload = () => {
    refresh();
    setReloading(true);
    void queryClient.refetchQueries({ type: 'active' }).finally(() => setReloading(false));
  };
  const fullscreen = useFullscreen();
  const [passwordOpen, setPasswordOpen] = useState(false);

  const hasRoute = (path: string) => routes.some((r) => r.path === path);
  const collapsed = isMobile ? !mobileMenuOpen : settings.menuCollapsed;
  const toggleMenu = () =>
    isMobile
      ? setMobileMenuOpen(!mobileMenuOpen)
      : settings.update({ menuCollapsed: !settings.menuCollapsed });

  const confirmLogout = () =>
    modal.confirm({
      title: t('auth:logout.title'),
      content: t('auth:logout.content'),
      okText: t('auth:logout.confirm'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: true, className: 'cpm-logout-confirm' },
      onOk: () => logout(),
    });

  const displayName = user?.name || user?.username || '';

  return (
    <header className="cpm-header" data-testid="header-bar">
      <div className="cpm-header-left">
        {(settings.menuButton || isMobile) && (
          <IconButton
            title={t('menu.toggle')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggleMenu}
            testId="menu-toggle"
          />
        )}
        {settings.showRefreshButton && (
          <IconButton
            title={t('refresh')}
            icon={<ReloadOutlined spin={reloading} />}
            onClick={reload}
            testId="refresh-button"
          />
        )}
        {settings.showCrumbs && !isMobile && <Breadcrumbs />}
      </div>
      <div className="cpm-header-right">
        <HeaderSearchTrigger compact={isMobile} />
        {!isMobile && (
          <IconButton
            title={fullscreen.active ? t('fullscreen.exit') : t('fullscreen.enter')}
            icon={fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={fullscreen.toggle}
            testId="fullscreen-button"
          />
        )}
        {hasRoute(HELP_MANUAL_PATH) && !isMobile && (
          <IconButton
            title={t('help')}
            icon={<QuestionCircleOutlined />}
            onClick={() => navigate(HELP_MANUAL_PATH)}
            testId="help-button"
          />
        )}
        {hasRoute(MY_MESSAGES_PATH) && <NoticeBell messagesPath={MY_MESSAGES_PATH} />}
        {settings.showLanguage && <LanguageDropdown onChanged={refresh} />}
        <IconButton
          title={t('settings')}
          icon={<SettingOutlined />}
          onClick={() => settings.setDrawerOpen(!settings.drawerOpen)}
          testId="settings-button"
          expanded={settings.drawerOpen}
        />
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: [
              {
                key: 'password',
                icon: <KeyOutlined />,
                label: <span data-testid="user-change-password">{t('user.changePassword')}</span>,
              },
              {
                key: 'security',
                icon: <SafetyCertificateOutlined />,
                label: <span data-testid="user-security">{t('user.security')}</span>,
              },
              { type: 'divider' },
              {
                key: 'logout',
                icon: <LogoutOutlined />,
                danger: true,
                label: <span data-testid="user-logout">{t('user.logout')}</span>,
              },
            ],
            onClick: ({ key }) =>
              key === 'password'
                ? setPasswordOpen(true)
                : key === 'security'
                  ? navigate(ACCOUNT_SECURITY_PATH)
                  : confirmLogout(),
          }}
        >
          <button type="button" className="cpm-user" data-testid="user-dropdown">
            <Avatar size={30} className="cpm-user-avatar">
              {displayName.slice(0, 1).toUpperCase()}
            </Avatar>
            {!isMobile && <span className="cpm-user-name">{displayName}</span>}
            {!isMobile && <DownOutlined className="cpm-user-caret" />}
          </button>
        </Dropdown>
      </div>
      <MountOnceOpen open={passwordOpen}>
        <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      </MountOnceOpen>
    </header>
  );
};
