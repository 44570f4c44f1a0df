import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { resolveRouteMeta, STATIC_META } from '../../router/routeMeta';
import { useMenuRoutes } from '../../shared/menu/useMenuRoutes';
import { HOME_PATH } from '../../shared/worktabs/worktabRules';
import { useWorktabStore } from '../../shared/worktabs/worktabStore';

/**
 * The console's router applies every navigation at once instead of in a React transition. A
 * transition that waits for a lazy page's code is merged with the next one when another click comes
 * first, so the address in between never reaches the frame and its worktab would be lost. Applied at
 * once, each address commits (the page shows its loading state in its own Suspense boundary) and
 * becomes a tab before the page has rendered.
 */
export const ROUTER_OPTIONS = { useTransitions: false } as const;

/** Adds the visited page to the worktabs (spec section 2), with the home tab always first. */
export const useWorktabSync = () => {
  const location = useLocation();
  const { routes } = useMenuRoutes();
  const open = useWorktabStore((s) => s.open);
  const ensureHome = useWorktabStore((s) => s.ensureHome);

  useEffect(() => {
    const homeMeta = resolveRouteMeta(routes, HOME_PATH) ?? STATIC_META[HOME_PATH];
    ensureHome({ path: HOME_PATH, fullPath: HOME_PATH, title: homeMeta.title });
    const meta = resolveRouteMeta(routes, location.pathname);
    if (!meta) return;
    open(
      { path: location.pathname, fullPath: location.pathname + location.search, title: meta.title },
      { hidden: meta.hidden, standalone: meta.standalone },
    );
  }, [location.pathname, location.search, routes, open, ensureHome]);
};
