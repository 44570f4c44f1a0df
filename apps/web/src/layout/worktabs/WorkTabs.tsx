import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  DownOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { createElement, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuIcon } from '../../shared/menu/menuIcons';
import { availableActions, HOME_PATH, type WorkTab } from '../../shared/worktabs/worktabRules';
import { useWorktabStore } from '../../shared/worktabs/worktabStore';
import { useLayoutStore } from '../layoutStore';

type CloseKind = 'current' | 'left' | 'right' | 'other' | 'all';

const action = (key: CloseKind | 'refresh', icon: ReactNode, label: string, enabled: boolean) => ({
  key,
  icon,
  label: <span data-testid={`worktab-action-${key}`}>{label}</span>,
  disabled: !enabled,
});

/** The worktab strip: click to switch, × to close, right-click or the arrow for more actions. */
export const WorkTabs = () => {
  const { t, i18n } = useTranslation('layout');
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { tabs, current, close } = useWorktabStore();
  const refresh = useLayoutStore((s) => s.refresh);
  const stripRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (tabs.length === 0) return;
    const active = stripRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(pathname)}"]`);
    active?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest', inline: 'nearest' });
  }, [pathname, tabs.length]);

  const run = (kind: CloseKind, path: string) => {
    const to = close(kind, path);
    if (to) navigate(to);
  };

  const menuFor = (tab: WorkTab): MenuProps => {
    const can = availableActions({ tabs, current }, tab.path);
    return {
      items: [
        action('refresh', <ReloadOutlined />, t('tabs.refresh'), true),
        { type: 'divider' },
        action('current', <CloseOutlined />, t('tabs.close'), can.close),
        action('left', <ArrowLeftOutlined />, t('tabs.closeLeft'), can.left),
        action('right', <ArrowRightOutlined />, t('tabs.closeRight'), can.right),
        action('other', <ColumnWidthOutlined />, t('tabs.closeOther'), can.other),
        action('all', <CloseCircleOutlined />, t('tabs.closeAll'), can.all),
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'refresh') {
          if (tab.path !== current) navigate(tab.fullPath);
          refresh();
          return;
        }
        run(key as CloseKind, tab.path);
      },
    };
  };

  const currentTab = tabs.find((tab) => tab.path === current) ?? tabs[0];
  const anyActive = tabs.some((tab) => tab.path === pathname);

  return (
    <div className="cpm-worktabs" data-testid="worktabs">
      <div className="cpm-worktabs-strip" ref={stripRef} role="tablist" aria-label={t('tabs.label')}>
        {tabs.map((tab, index) => {
          // Hidden and error pages have no tab; then no tab looks current.
          const active = tab.path === pathname;
          return (
            <Dropdown key={tab.path} trigger={['contextMenu']} menu={menuFor(tab)}>
              <div
                role="tab"
                // One tab in the page's Tab order; the arrow keys move between them.
                tabIndex={active || (index === 0 && !anyActive) ? 0 : -1}
                aria-selected={active}
                className={`cpm-worktab${active ? ' is-active' : ''}`}
                data-active={active}
                data-path={tab.path}
                data-testid={`worktab-${tab.path}`}
                onClick={() => !active && navigate(tab.fullPath)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') navigate(tab.fullPath);
                  // The × is for the mouse; from the keyboard Delete closes the tab.
                  if (event.key === 'Delete' && index > 0) run('current', tab.path);
                  const next =
                    event.key === 'ArrowRight'
                      ? event.currentTarget.nextElementSibling
                      : event.key === 'ArrowLeft'
                        ? event.currentTarget.previousElementSibling
                        : null;
                  if (next instanceof HTMLElement) next.focus();
                }}
                onMouseUp={(event) => event.button === 1 && index > 0 && run('current', tab.path)}
              >
                {tab.path === HOME_PATH && (
                  <span className="cpm-worktab-icon">{createElement(menuIcon('HomeOutlined'))}</span>
                )}
                <span className="cpm-worktab-title">{tab.title[language]}</span>
                {index > 0 && (
                  // Not a button inside the tab (a tab holds no other control): the keyboard
                  // closes with Delete, and the tab's menu offers Close too.
                  <span
                    className="cpm-worktab-close"
                    aria-hidden="true"
                    title={t('tabs.close')}
                    data-testid="worktab-close"
                    onClick={(event) => {
                      event.stopPropagation();
                      run('current', tab.path);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {currentTab && (
        <Dropdown trigger={['click']} placement="bottomRight" menu={menuFor(currentTab)}>
          <Button
            type="text"
            size="small"
            className="cpm-worktabs-more"
            icon={<DownOutlined />}
            aria-label={t('tabs.more')}
            data-testid="worktabs-more"
          />
        </Dropdown>
      )}
    </div>
  );
};
