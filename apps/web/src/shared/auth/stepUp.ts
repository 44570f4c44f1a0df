import { authRoutes } from '@cpm/contracts/routes';
import { call } from '../../api/http';

/**
 * Whether a sensitive act may go ahead without the password dialog, asked of the server each time:
 * the session's step-up is fresh, or the account confirms a second factor instead (the server then
 * refuses the act until it is confirmed, and the shared step-up dialog asks for it). A failed
 * question means ask for the password.
 */
export const stepUpFresh = async (): Promise<boolean> => {
  try {
    const { freshUntil, methods } = await call(authRoutes.stepUp, { loading: false, silent: true });
    return freshUntil !== null || methods.length > 0;
  } catch {
    return false;
  }
};

/**
 * Runs a sensitive act without asking for the password while the step-up is fresh or a second
 * factor stands in for it; otherwise `ask` opens the password dialog, whose answer runs the act.
 */
export const unlessSteppedUp = async (ask: () => void, proceed: () => Promise<unknown>) => {
  if (await stepUpFresh()) await proceed();
  else ask();
};
