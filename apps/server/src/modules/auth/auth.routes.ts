import {
  authEndpoints,
  factorsEndpoints,
  passkeysEndpoints,
  sessionsEndpoints,
  stepUpEndpoints,
} from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { AppError } from '../../shared/app-error';
import type { AuthService } from './auth.service';
import type { SecondStepService } from './second-step.service';
import type { StepUpService } from './step-up.service';
import type { UserSessionsService } from './user-sessions.service';

/** The spec's sign-in calls, the second sign-in step, the step-up and the sessions page. */
export const registerAuthRoutes = (
  api: EndpointRegistry,
  deps: {
    auth: AuthService;
    secondStep: SecondStepService;
    stepUp: StepUpService;
    userSessions: UserSessionsService;
  },
) => {
  const meta = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  api.register(authEndpoints.captcha, () => deps.auth.captcha());

  api.register(authEndpoints.login, ({ body, request }) => deps.auth.login(body, meta(request)));

  api.register(authEndpoints.logout, async ({ query, request }) => {
    const header = request.headers.satoken;
    await deps.auth.logout(query.token ?? (typeof header === 'string' ? header : undefined));
    return null;
  });

  api.register(authEndpoints.isLogin, ({ query, session }) => {
    if (!session || (query.userId && query.userId !== session.userId)) throw new AppError('notLoggedIn');
    return true;
  });

  api.register(authEndpoints.menu, ({ query, auth }) => deps.auth.menu(auth, query.id));

  api.register(authEndpoints.stepUp, ({ auth }) => deps.auth.stepUp(auth));
  api.register(stepUpEndpoints.code, ({ auth, oplog, body }) => deps.stepUp.code(auth, oplog, body));
  api.register(stepUpEndpoints.passkeyOptions, ({ auth }) => deps.stepUp.passkeyOptions(auth));
  api.register(stepUpEndpoints.passkey, ({ auth, oplog, body }) => deps.stepUp.passkey(auth, oplog, body));

  api.register(authEndpoints.userStatus, ({ auth }) => deps.auth.status(auth));

  api.register(factorsEndpoints.loginVerify, ({ body, request }) =>
    deps.secondStep.verify(body, meta(request)),
  );
  api.register(passkeysEndpoints.loginOptions, ({ body }) => deps.secondStep.passkeyOptions(body));
  api.register(passkeysEndpoints.login, ({ body, request }) => deps.secondStep.passkey(body, meta(request)));
  api.register(passkeysEndpoints.loginEnrolOptions, ({ body }) => deps.secondStep.enrolPasskeyOptions(body));
  api.register(passkeysEndpoints.loginEnrol, ({ body, request }) =>
    deps.secondStep.enrolPasskey(body, meta(request)),
  );
  api.register(factorsEndpoints.loginEnrolStart, ({ body }) => deps.secondStep.enrolStart(body));
  api.register(factorsEndpoints.loginEnrolConfirm, ({ body, request }) =>
    deps.secondStep.enrolConfirm(body, meta(request)),
  );

  api.register(sessionsEndpoints.mine, ({ auth }) => deps.userSessions.mine(auth));
  api.register(sessionsEndpoints.endMine, ({ auth, body }) => deps.userSessions.endMine(auth, body.id));
  api.register(sessionsEndpoints.ofUser, ({ auth, query }) => deps.userSessions.ofUser(auth, query.id));
  api.register(sessionsEndpoints.endOfUser, ({ auth, body, oplog }) =>
    deps.userSessions.endOfUser(auth, oplog, body.userId, body.id),
  );
};
