import { Spin } from 'antd';
import { type CSSProperties, Fragment, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useFleetLiveEvents } from '../shared/live/useLiveEvents';
import { lazyNamed, MountOnceOpen } from '../shared/MountOnceOpen';
import { HeaderBar } from './header/HeaderBar';
import { useLayoutStore } from './layoutStore';
import { SideMenu } from './menu/SideMenu';
import { PageErrorBoundary } from './PageErrorBoundary';
import { FRAME } from './settings/settingsDefaults';
import { useSettingsStore } from './settings/settingsStore';
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
  const settingsOpen = useSettingsStore((s) => s.drawerOpen);
  const { refreshKey, mobileMenuOpen, setMobileMenuOpen, searchOpen } = useLayoutStore();
  const { pathname } = useLocation();
  useWorktabSync();
  useFleetLiveEvents();

  useEffect(() => {
    if (!isMobile) setMobileMenuOpen(false);
  }, [isMobile, setMobileMenuOpen]);

  const menuWidth = isMobile ? 0 : collapsed ? FRAME.menuCollapsedWidth : FRAME.menuWidth;
  const style = {
    '--cpm-menu-width': `${menuWidth}px`,
    '--cpm-primary': primaryColor,
    '--cpm-content-top': `${showWorkTab ? FRAME.paddingTopWithTabs : FRAME.paddingTopWithoutTabs}px`,
    '--cpm-content-min': `calc(100vh - ${showWorkTab ? FRAME.minHeightOffsetWithTabs : FRAME.minHeightOffsetWithoutTabs}px)`,
  } as CSSProperties;

  return (
    <div className={`cpm-layout${isMobile ? ' is-mobile' : ''}`} style={style}>
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
            <PageErrorBoundary key={`${pathname}:${refreshKey}`}>
              <Suspense
                fallback={
                  <div className="cpm-page-loading">
                    <Spin />
                  </div>
                }
              >
                {/* A new key re-mounts the page: the refresh button's "reload" without a browser reload. */}
                <Fragment key={refreshKey}>
                  <Outlet />
                </Fragment>
              </Suspense>
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
