import { ssoEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { SsoService } from './sso.service';
import type { SsoSignInService } from './sso.signin.service';

/** Single sign-on: the enterprise administrator's provider settings and the public sign-in calls. */
export const registerSsoRoutes = (
  api: EndpointRegistry,
  deps: { sso: SsoService; signIn: SsoSignInService },
) => {
  const { sso, signIn } = deps;
  api.register(ssoEndpoints.list, ({ auth }) => sso.list(auth));
  api.register(ssoEndpoints.save, ({ auth, oplog, body }) => sso.save(auth, oplog, body));
  api.register(ssoEndpoints.remove, ({ auth, oplog, body }) => sso.remove(auth, oplog, body.id));
  api.register(ssoEndpoints.discover, ({ body }) => signIn.discover(body.query));
  api.register(ssoEndpoints.start, ({ body }) => signIn.start(body.providerId));
  api.register(ssoEndpoints.finish, ({ body, request }) =>
    signIn.finish(body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
};
