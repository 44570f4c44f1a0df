import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { setSessionEndHandler } from '../api/http';
import { sessionEnded, verifySavedSession } from '../features/auth/authService';
import { ROUTER_OPTIONS } from '../layout/worktabs/useWorktabSync';
import { AppRoutes } from '../router/AppRoutes';
import { RouteEffects } from '../router/RouteEffects';
import { StepUpDialog } from '../shared/auth/StepUpDialog';
import { saveWorktabsOnUnload } from '../shared/worktabs/worktabStore';
import { AppProviders } from './AppProviders';
import { LoadingOverlay } from './LoadingOverlay';

/** Start-up: confirm a saved session with the server and keep the worktabs across reloads. */
const useStartup = () => {
  useEffect(() => {
    setSessionEndHandler(sessionEnded);
    void verifySavedSession();
    return saveWorktabsOnUnload();
  }, []);
};

/** The console. */
export const App = () => {
  useStartup();
  return (
    <AppProviders>
      <BrowserRouter {...ROUTER_OPTIONS}>
        <RouteEffects />
        <Suspense fallback={<Spin fullscreen spinning />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
      <LoadingOverlay />
      <StepUpDialog />
    </AppProviders>
  );
};
