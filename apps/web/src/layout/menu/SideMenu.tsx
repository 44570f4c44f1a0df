import { Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { resolveRouteMeta } from '../../router/routeMeta';
import { Logo } from '../../shared/Logo';
import { menuIcon } from '../../shared/menu/menuIcons';
import type { MenuGroup } from '../../shared/menu/menuToRoutes';
import { useMenuRoutes } from '../../shared/menu/useMenuRoutes';
import { useSettingsStore } from '../../shared/settings/settingsStore';
import { useResolvedTheme } from '../../shared/settings/useResolvedTheme';
import { HOME_PATH } from '../../shared/worktabs/worktabRules';

type MenuItem = NonNullable<MenuProps['items']>[number];

const EXTERNAL = 'ext:';

const icon = (name: string) => createElement(menuIcon(name));

/** Menu items for the visible groups; a group with a single page shows as one entry. */
const toItems = (groups: readonly MenuGroup[], language: 'zh' | 'en'): MenuItem[] =>
  groups
    .filter((g) => !g.hidden)
    .flatMap((group): MenuItem[] => {
      if (group.externalUrl) {
        return [
          { key: `${EXTERNAL}${group.externalUrl}`, icon: icon(group.icon), label: group.title[language] },
        ];
      }
      const pages = group.pages
        .filter((p) => !p.hidden && !p.path.includes(':'))
        .map((p) => ({
          key: p.path,
          icon: icon(p.icon),
          label: p.title[language],
          'data-testid': `menu-item-${p.path}`,
        }));
      const links = group.links
        .filter((l) => !l.hidden)
        .map((l) => ({ key: `${EXTERNAL}${l.url}`, icon: icon(l.icon), label: l.title[language] }));
      const children = [...pages, ...links];
      if (children.length === 0) return [];
      if (children.length === 1 && pages.length === 1) {
        return [{ ...pages[0], icon: icon(group.icon), label: group.title[language] }];
      }
      return [{ key: group.key, icon: icon(group.icon), label: group.title[language], children }];
    });

type SideMenuProps = { collapsed: boolean; onNavigate?: () => void };

/** The left menu built from the user's menu tree: logo goes home, accordion per `uniqueOpened`. */
export const SideMenu = ({ collapsed, onNavigate }: SideMenuProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { groups, routes } = useMenuRoutes();
  const uniqueOpened = useSettingsStore((s) => s.uniqueOpened);
  const menuTheme = useSettingsStore((s) => s.menuTheme);
  const dark = useResolvedTheme() === 'dark' || menuTheme === 'dark';

  const items = useMemo(() => toItems(groups, language), [groups, language]);
  const meta = resolveRouteMeta(routes, pathname);
  const currentGroup = routes.find((r) => r.path === meta?.pattern)?.group.key;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);

  useEffect(() => {
    if (!currentGroup) return;
    setOpenKeys((keys) =>
      keys.includes(currentGroup) ? keys : uniqueOpened ? [currentGroup] : [...keys, currentGroup],
    );
  }, [currentGroup, uniqueOpened]);

  const onOpenChange = (keys: string[]) => {
    if (!uniqueOpened) return setOpenKeys(keys);
    const latest = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(latest ? [latest] : keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(EXTERNAL)) {
      window.open(key.slice(EXTERNAL.length), '_blank', 'noopener,noreferrer');
      return;
    }
    navigate(key);
    onNavigate?.();
  };

  const selected = meta && !meta.hidden ? [meta.pattern] : [];

  return (
    <aside
      className={`cpm-sider cpm-sider-${dark ? 'dark' : menuTheme}${collapsed ? ' is-collapsed' : ''}`}
      data-testid="side-menu"
    >
      <button
        type="button"
        className="cpm-sider-logo"
        onClick={() => {
          navigate(HOME_PATH);
          onNavigate?.();
        }}
        title={`${t('app.name')} · ${t('layout:menu.home')}`}
        data-testid="side-menu-logo"
      >
        <Logo size={32} />
        {!collapsed && <span className="cpm-sider-title">{t('app.siderTitle')}</span>}
      </button>
      <div className="cpm-sider-scroll">
        <Menu
          mode="inline"
          theme={dark ? 'dark' : 'light'}
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={selected}
          {...(collapsed ? {} : { openKeys })}
          onOpenChange={onOpenChange}
          onClick={onClick}
          inlineIndent={20}
        />
      </div>
    </aside>
  );
};
