import { Spin } from 'antd';
import { type CSSProperties, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { resolveRouteMeta } from '../router/routeMeta';
import { useLiveStatus } from '../shared/live/LiveEventsProvider';
import { LiveStaleNotice } from '../shared/live/LiveStaleNotice';
import { useAlertLiveEvents, useFleetLiveEvents } from '../shared/live/useLiveEvents';
import { lazyNamed, MountOnceOpen } from '../shared/MountOnceOpen';
import { useMenuRoutes } from '../shared/menu/useMenuRoutes';
import { PageTitleContext } from '../shared/page/PageHeader';
import { FRAME } from '../shared/settings/settingsDefaults';
import { useSettingsStore } from '../shared/settings/settingsStore';
import { useInertMeasureRows } from '../shared/table/useInertMeasureRows';
import { themePalette } from '../shared/theme/palette';
import { useIsDark } from '../shared/theme/useIsDark';
import { HeaderBar } from './header/HeaderBar';
import { useLayoutStore } from './layoutStore';
import { SideMenu } from './menu/SideMenu';
import { PageErrorBoundary } from './PageErrorBoundary';
import { useIsMobile } from './useIsMobile';
import { useWorktabSync } from './worktabs/useWorktabSync';
import { WorkTabs } from './worktabs/WorkTabs';

const MobileMenu = lazyNamed(() => import('./menu/MobileMenu').then((m) => m.MobileMenu));
const SettingsDrawer = lazyNamed(() => import('./settings/SettingsDrawer').then((m) => m.SettingsDrawer));
const HeaderSearchModal = lazyNamed(() =>
  import('./header/HeaderSearchModal').then((m) => m.HeaderSearchModal),
);

/** The frame around every signed-in page (spec section 2). */
export const AppLayout = () => {
  const isMobile = useIsMobile();
  const collapsed = useSettingsStore((s) => s.menuCollapsed);
  const showWorkTab = useSettingsStore((s) => s.showWorkTab);
  const primaryColor = useSettingsStore((s) => s.primaryColor);
  const dark = useIsDark();
  const settingsOpen = useSettingsStore((s) => s.drawerOpen);
  const { refreshKey, mobileMenuOpen, setMobileMenuOpen, searchOpen } = useLayoutStore();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const { routes } = useMenuRoutes();
  const pageTitle = resolveRouteMeta(routes, pathname)?.title[i18n.language === 'zh' ? 'zh' : 'en'] ?? null;
  useWorktabSync();
  useInertMeasureRows();
  useFleetLiveEvents();
  useAlertLiveEvents();
  const liveStatus = useLiveStatus();

  useEffect(() => {
    if (!isMobile) setMobileMenuOpen(false);
  }, [isMobile, setMobileMenuOpen]);

  const palette = themePalette(primaryColor, dark);
  const menuWidth = isMobile ? 0 : collapsed ? FRAME.menuCollapsedWidth : FRAME.menuWidth;
  const style = {
    '--cpm-menu-width': `${menuWidth}px`,
    '--cpm-primary': palette.primary,
    '--cpm-primary-text': palette.primaryText,
    '--cpm-content-top': `${showWorkTab ? FRAME.paddingTopWithTabs : FRAME.paddingTopWithoutTabs}px`,
    '--cpm-content-min': `calc(100vh - ${showWorkTab ? FRAME.minHeightOffsetWithTabs : FRAME.minHeightOffsetWithoutTabs}px)`,
  } as CSSProperties;

  return (
    <div className={`cpm-layout${isMobile ? ' is-mobile' : ''}`} style={style} data-live={liveStatus}>
      {isMobile ? (
        <MountOnceOpen open={mobileMenuOpen}>
          <MobileMenu open={mobileMenuOpen} onClose={() => setMobileMenuOpen(false)} />
        </MountOnceOpen>
      ) : (
        <SideMenu collapsed={collapsed} />
      )}
      <div className="cpm-main">
        <div className="cpm-topbar">
          <HeaderBar />
          {showWorkTab && <WorkTabs />}
        </div>
        <main className="cpm-content" data-testid="page-content">
          <div className="cpm-content-inner">
            <LiveStaleNotice />
            <PageErrorBoundary key={pathname} resetKey={refreshKey}>
              <PageTitleContext.Provider value={pageTitle}>
                <Suspense
                  fallback={
                    <div className="cpm-page-loading">
                      <Spin />
                    </div>
                  }
                >
                  <Outlet />
                </Suspense>
              </PageTitleContext.Provider>
            </PageErrorBoundary>
          </div>
        </main>
      </div>
      <MountOnceOpen open={settingsOpen}>
        <SettingsDrawer />
      </MountOnceOpen>
      <MountOnceOpen open={searchOpen}>
        <HeaderSearchModal />
      </MountOnceOpen>
    </div>
  );
};
