import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, theme as antdTheme, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { setMessageApi } from '../api/http';
import { LiveEventsProvider } from '../shared/live/LiveEventsProvider';
import { useSessionStore } from '../shared/session/sessionStore';
import { FRAME } from '../shared/settings/settingsDefaults';
import { useSettingsStore } from '../shared/settings/settingsStore';
import { useResolvedTheme } from '../shared/settings/useResolvedTheme';
import { themePalette } from '../shared/theme/palette';
import { useReducedMotion } from '../shared/theme/reducedMotion';

const queryClient = new QueryClient({
  defaultOptions: {
    // The client already shows errors; retries would repeat them.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/** Registers antd's context-aware message API with the HTTP client. */
const MessageBridge = () => {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
};

/** The tab's one live-events connection, open while someone is signed in. */
const SessionLiveEvents = ({ children }: { children: ReactNode }) => {
  const token = useSessionStore((s) => s.token);
  const userId = useSessionStore((s) => s.user?.id ?? null);
  return (
    <LiveEventsProvider token={token} userId={userId}>
      {children}
    </LiveEventsProvider>
  );
};

/** antd theme and locale, TanStack Query, the message bridge and live events. */
export const AppProviders = ({ children }: { children: ReactNode }) => {
  const { i18n, t } = useTranslation();
  const resolved = useResolvedTheme();
  const primaryColor = useSettingsStore((s) => s.primaryColor);
  const dark = resolved === 'dark';
  const reducedMotion = useReducedMotion();

  const themeConfig = useMemo(() => {
    const palette = themePalette(primaryColor, dark);
    return {
      // antd's prebuilt stylesheet (imported in main.tsx) instead of writing each component's styles
      // on its first render: the tokens below still reach it as CSS variables.
      zeroRuntime: true,
      hashed: false,
      algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      token: {
        ...palette.tokens,
        borderRadius: 8,
        fontFamily:
          "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
        colorBgLayout: dark ? '#0b0d12' : '#f3f5f9',
        motion: !reducedMotion,
      },
      components: {
        ...palette.components,
        Menu: {
          ...palette.components.Menu,
          itemHeight: 44,
          itemBorderRadius: 8,
          subMenuItemBorderRadius: 8,
          iconSize: 16,
          collapsedIconSize: 18,
        },
        Layout: { headerBg: dark ? '#141414' : '#ffffff', siderBg: 'transparent' },
      },
    };
  }, [dark, primaryColor, reducedMotion]);

  return (
    <ConfigProvider
      locale={i18n.language === 'zh' ? zhCN : enUS}
      theme={themeConfig}
      renderEmpty={() => <div className="cpm-empty">{t('table:empty')}</div>}
    >
      {/* Toasts open below the header, so they never cover the breadcrumbs or the page title. */}
      <AntApp message={{ maxCount: 1, top: FRAME.headerHeight + 8 }} className="cpm-antd-app">
        <MessageBridge />
        <QueryClientProvider client={queryClient}>
          <SessionLiveEvents>{children}</SessionLiveEvents>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
};

export { queryClient };
