import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on a free loopback port for the single sign-on spec. Its
 * login screen is skipped: every interaction signs in `state.account` with the groups given.
 */
export const startOidcProvider = async (opts: {
  redirectUri: string;
  client: { id: string; secret: string };
}) => {
  const state = { account: { sub: '', email: '', name: '', groups: [] as string[] } };
  let handle: RequestListener = () => undefined;
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.client.id,
        client_secret: opts.client.secret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['e2e-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ ...state.account, sub, email_verified: true }),
    }),
  });
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result: Record<string, unknown> = { login: { accountId: state.account.sub } };
    if (details.prompt.name !== 'login') {
      const grant = new provider.Grant({ accountId: state.account.sub, clientId: opts.client.id });
      grant.addOIDCScope(String(details.params.scope));
      result = { consent: { grantId: await grant.save() } };
    }
    ctx.redirect(
      await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }),
    );
  });
  handle = provider.callback();
  return { issuer, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
