import { authEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { AppError } from '../../shared/app-error';
import type { AuthService } from './auth.service';

/** The spec's sign-in calls. */
export const registerAuthRoutes = (api: EndpointRegistry, deps: { auth: AuthService }) => {
  api.register(authEndpoints.captcha, () => deps.auth.captcha());

  api.register(authEndpoints.login, ({ body, request }) =>
    deps.auth.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

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

  api.register(authEndpoints.userStatus, ({ auth }) => deps.auth.status(auth));
};
