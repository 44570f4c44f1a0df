import { ssoEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { AuthService } from '../auth/auth.service';
import type { SsoService } from './sso.service';
import type { SsoSignInService } from './sso.signin.service';

/** Single sign-on: the enterprise administrator's provider settings and the public sign-in calls. */
export const registerSsoRoutes = (
  api: EndpointRegistry,
  deps: { sso: SsoService; signIn: SsoSignInService; auth: Pick<AuthService, 'ssoBindingOf' | 'logout'> },
) => {
  const { sso, signIn } = deps;
  api.register(ssoEndpoints.list, ({ auth }) => sso.list(auth));
  api.register(ssoEndpoints.save, ({ auth, oplog, body }) => sso.save(auth, oplog, body));
  api.register(ssoEndpoints.remove, ({ auth, oplog, body }) => sso.remove(auth, oplog, body.id));
  api.register(ssoEndpoints.discover, ({ body }) => signIn.discover(body.query));
  api.register(ssoEndpoints.start, ({ body }) => signIn.start(body.providerId));
  // The local session ends first, whatever the provider answers; the browser then goes there.
  api.register(ssoEndpoints.logout, async ({ auth, request }) => {
    const binding = await deps.auth.ssoBindingOf(auth);
    const token = request.headers.satoken;
    await deps.auth.logout(typeof token === 'string' ? token : undefined);
    return { endSessionUrl: await signIn.endSessionUrl(binding) };
  });
  api.register(ssoEndpoints.finish, ({ body, request }) =>
    signIn.finish(body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
};
