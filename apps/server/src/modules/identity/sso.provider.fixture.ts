import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** A test account at the provider. */
export type ProviderAccount = {
  sub: string;
  email: string;
  name: string;
  groups: string[];
  disabled?: boolean;
};

export const TEST_CLIENT = { id: 'cloud-pos', secret: 'test-client-secret-0123456789' };

/**
 * A real OpenID provider (oidc-provider) on a free loopback port, for the sign-in tests. Its login
 * screen is skipped: the next interaction signs in `nextAccount` (or refuses a disabled one), and
 * `tamperIdToken` may replace the ID token the token endpoint answers.
 */
export const startTestProvider = async (opts: { redirectUri: string; accounts: ProviderAccount[] }) => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));
  const state: {
    nextAccount: string;
    tamperIdToken: ((idToken: string) => Promise<string>) | null;
  } = { nextAccount: opts.accounts[0]?.sub ?? '', tamperIdToken: null };

  let handle: RequestListener = () => undefined;
  const server: Server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const a = accounts.get(sub);
      return a
        ? {
            accountId: sub,
            claims: () => ({ sub, email: a.email, email_verified: true, name: a.name, groups: a.groups }),
          }
        : undefined;
    },
  });
  provider.use(async (ctx, next) => {
    if (ctx.path.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      const account = accounts.get(state.nextAccount);
      let result: Record<string, unknown>;
      if (!account || account.disabled)
        result = { error: 'access_denied', error_description: 'The account is disabled' };
      else if (details.prompt.name === 'login') result = { login: { accountId: account.sub } };
      else {
        const grant = new provider.Grant({ accountId: account.sub, clientId: TEST_CLIENT.id });
        grant.addOIDCScope(String(details.params.scope));
        result = { consent: { grantId: await grant.save() } };
      }
      ctx.redirect(
        await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }),
      );
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && state.tamperIdToken && body?.id_token)
      ctx.body = { ...body, id_token: await state.tamperIdToken(body.id_token) };
  });
  handle = provider.callback();

  return {
    issuer,
    state,
    /** The provider's accounts by subject: mark one disabled to have the provider refuse it. */
    accounts,
    /** The provider's private signing key, to sign crafted ID tokens it would accept as its own. */
    signingJwk,
    /**
     * Follows the browser's way from the authorization URL through the provider (keeping its
     * cookies) until it is sent back to the console; answers that callback's query string.
     */
    async signIn(authorizationUrl: string): Promise<string> {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 12; hop++) {
        if (url.startsWith(opts.redirectUri)) return new URL(url).search;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const eq = pair.indexOf('=');
          cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
        url = new URL(location, url).toString();
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;
