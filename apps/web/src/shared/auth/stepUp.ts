import { authRoutes } from '@cpm/contracts/routes';
import { call } from '../../api/http';

/**
 * Whether the session's last re-entered password still stands (step-up), asked of the server each
 * time: the server decides, and a failed question means ask for the password.
 */
export const stepUpFresh = async (): Promise<boolean> => {
  try {
    const { freshUntil } = await call(authRoutes.stepUp, { loading: false, silent: true });
    return freshUntil !== null;
  } catch {
    return false;
  }
};

/**
 * Runs a sensitive act without asking for the password again while the step-up is fresh; otherwise
 * `ask` opens the password dialog, whose answer runs the act.
 */
export const unlessSteppedUp = async (ask: () => void, proceed: () => Promise<unknown>) => {
  if (await stepUpFresh()) await proceed();
  else ask();
};
