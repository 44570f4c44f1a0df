import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { setSessionEndHandler } from '../api/http';
import { sessionEnded, verifySavedSession } from '../features/auth/authService';
import { ROUTER_OPTIONS } from '../layout/worktabs/useWorktabSync';
import { AppRoutes } from '../router/AppRoutes';
import { RouteEffects } from '../router/RouteEffects';
import { useFactorPrompt } from '../shared/auth/factorPrompt';
import { lazyNamed, MountOnceOpen } from '../shared/MountOnceOpen';
import { saveWorktabsOnUnload } from '../shared/worktabs/worktabStore';
import { AppProviders } from './AppProviders';
import { LoadingOverlay } from './LoadingOverlay';

// The step-up dialog (code field, passkeys) loads when a risky call first asks for a second factor.
const StepUpDialog = lazyNamed(() => import('../shared/auth/StepUpDialog').then((m) => m.StepUpDialog));

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
  const stepUpAsked = useFactorPrompt((s) => s.prompt !== null);
  return (
    <AppProviders>
      <BrowserRouter {...ROUTER_OPTIONS}>
        <RouteEffects />
        <Suspense fallback={<Spin fullscreen spinning />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
      <LoadingOverlay />
      <MountOnceOpen open={stepUpAsked}>
        <StepUpDialog />
      </MountOnceOpen>
    </AppProviders>
  );
};
