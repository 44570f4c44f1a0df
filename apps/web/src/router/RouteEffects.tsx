import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMenuRoutes } from '../shared/menu/useMenuRoutes';
import { setNavigator } from '../shared/navigation/navigation';
import { useSettingsStore } from '../shared/settings/settingsStore';
import { NProgress } from './progress';
import { resolveRouteMeta } from './routeMeta';

/** Per-navigation side effects: the page title, the progress bar and the navigator for non-React code. */
export const RouteEffects = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { routes } = useMenuRoutes();
  const showNprogress = useSettingsStore((s) => s.showNprogress);

  useEffect(() => {
    setNavigator((to, options) => {
      // Routing errors on navigation are swallowed (spec section 2).
      Promise.resolve(navigate(to, options)).catch(() => undefined);
    });
  }, [navigate]);

  useEffect(() => {
    const meta = resolveRouteMeta(routes, location.pathname);
    const language = i18n.language === 'zh' ? 'zh' : 'en';
    const system = t('common:app.name');
    document.title = meta ? `${meta.title[language]} - ${system}` : system;
  }, [location.pathname, routes, i18n.language, t]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the bar runs once per navigation, keyed by the path.
  useEffect(() => {
    if (!showNprogress) return;
    NProgress.start();
    // Lazy pages finish loading within their Suspense boundary; a short tail keeps the bar visible.
    const timer = setTimeout(() => NProgress.done(), 200);
    return () => {
      clearTimeout(timer);
      NProgress.done();
    };
  }, [location.pathname, showNprogress]);

  return null;
};
