import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useMenuRoutes } from '../shared/menu/useMenuRoutes';
import { ACCOUNT_SECURITY_PATH, HOME_PATH } from '../shared/worktabs/worktabRules';
import { GuestOnly, RequireAuth } from './guards';
import { KitGalleryPage, pageFor } from './pageRegistry';

const AppLayout = lazy(() => import('../layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() =>
  import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const GuideToFillingPage = lazy(() =>
  import('../features/auth/pages/GuideToFillingPage').then((m) => ({ default: m.GuideToFillingPage })),
);
const AccountSecurityPage = lazy(() =>
  import('../features/auth/pages/AccountSecurityPage').then((m) => ({ default: m.AccountSecurityPage })),
);
const ExceptionPage = lazy(() =>
  import('../shared/page/ExceptionPage').then((m) => ({ default: m.ExceptionPage })),
);

const Dashboard = pageFor('dashboard/index');

/**
 * Static routes plus one route per page of the user's menu (spec section 2). The catch-all inside the
 * frame sends unknown locations of signed-in users to /exception/404; everyone else meets RequireAuth.
 */
export const AppRoutes = () => {
  const { groups, routes } = useMenuRoutes();
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        }
      />
      <Route
        path="/exception/guide-to-filling"
        element={
          <RequireAuth>
            <GuideToFillingPage />
          </RequireAuth>
        }
      />
      <Route
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to={HOME_PATH} replace />} />
        <Route path={HOME_PATH} element={<Dashboard />} />
        {routes
          .filter((route) => route.path !== HOME_PATH)
          .map((route) => {
            const Page = pageFor(route.key);
            return <Route key={route.path} path={route.path} element={<Page />} />;
          })}
        {groups
          .filter((group) => group.redirect && !group.externalUrl)
          .map((group) => (
            <Route
              key={group.path}
              path={group.path}
              element={<Navigate to={group.redirect ?? HOME_PATH} replace />}
            />
          ))}
        <Route path={ACCOUNT_SECURITY_PATH} element={<AccountSecurityPage />} />
        <Route path="/kit/gallery" element={<KitGalleryPage />} />
        <Route path="/exception/403" element={<ExceptionPage status={403} />} />
        <Route path="/exception/404" element={<ExceptionPage status={404} />} />
        <Route path="/exception/500" element={<ExceptionPage status={500} />} />
        <Route path="*" element={<Navigate to="/exception/404" replace />} />
      </Route>
    </Routes>
  );
};
