import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../app/sessionStore';

/** Visitors who are not logged in always go to /login (spec section 2). */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const isLogin = useSessionStore((s) => s.isLogin);
  const location = useLocation();
  if (!isLogin) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
};

/** The login page sends signed-in users home instead of asking again. */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const isLogin = useSessionStore((s) => s.isLogin);
  if (isLogin) return <Navigate to="/" replace />;
  return <>{children}</>;
};
