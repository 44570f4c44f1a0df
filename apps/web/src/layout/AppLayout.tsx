import { Drawer, Spin } from 'antd';
import { type CSSProperties, Fragment, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useFleetLiveEvents } from '../shared/live/useLiveEvents';
import { HeaderBar } from './header/HeaderBar';
import { HeaderSearchModal } from './header/HeaderSearch';
import { useLayoutStore } from './layoutStore';
import { SideMenu } from './menu/SideMenu';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { FRAME } from './settings/settingsDefaults';
import { useSettingsStore } from './settings/settingsStore';
import { useIsMobile } from './useIsMobile';
import { useWorktabSync } from './worktabs/useWorktabSync';
import { WorkTabs } from './worktabs/WorkTabs';

/** The frame around every signed-in page (spec section 2). */
export const AppLayout = () => {
  const isMobile = useIsMobile();
  const collapsed = useSettingsStore((s) => s.menuCollapsed);
  const showWorkTab = useSettingsStore((s) => s.showWorkTab);
  const primaryColor = useSettingsStore((s) => s.primaryColor);
  const { refreshKey, mobileMenuOpen, setMobileMenuOpen } = useLayoutStore();
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
        <Drawer
          open={mobileMenuOpen}
          placement="left"
          size={FRAME.menuWidth}
          onClose={() => setMobileMenuOpen(false)}
          closable={false}
          className="cpm-mobile-menu"
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu collapsed={false} onNavigate={() => setMobileMenuOpen(false)} />
        </Drawer>
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
      <SettingsDrawer />
      <HeaderSearchModal />
    </div>
  );
};
