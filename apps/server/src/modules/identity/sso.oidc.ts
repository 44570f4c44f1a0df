import * as client from 'openid-client';
import { AppError } from '../../shared/app-error';

/** What the sign-in needs to reach one provider. */
export type OidcConnection = {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** Cache key: changes whenever the settings do. */
  version: string;
};

/** The checks a callback must pass: the state and nonce sent, and the PKCE verifier. */
export type OidcChecks = { state: string; nonce: string; codeVerifier: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Discovery documents are kept this long; a changed setting reads a new one at once. */
const DISCOVERY_TTL_MS = 5 * 60_000;

const chain = (err: unknown): unknown[] => {
  const out: unknown[] = [];
  for (let e = err; e && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
};
const messageOf = (e: unknown) => (e instanceof Error ? e.message : '');

/**
 * Maps what openid-client throws to what the user is told: the provider's own refusal, a state or
 * nonce that does not match this attempt, an ID token that fails its checks, or no answer at all.
 */
export const ssoErrorOf = (err: unknown): AppError => {
  if (err instanceof AppError) return err;
  const errors = chain(err);
  if (
    errors.some(
      (e) => e instanceof client.AuthorizationResponseError || e instanceof client.ResponseBodyError,
    )
  )
    return new AppError('ssoRefused');
  if (errors.some((e) => /"state"/.test(messageOf(e)) || (e as { claim?: string }).claim === 'nonce'))
    return new AppError('ssoStateMismatch');
  if (errors.some((e) => (e as { cause?: { claim?: string } }).cause?.claim === 'nonce'))
    return new AppError('ssoStateMismatch');
  if (
    err instanceof client.ClientError &&
    err.code !== 'OAUTH_TIMEOUT' &&
    err.code !== 'OAUTH_RESPONSE_IS_NOT_CONFORM'
  )
    return new AppError('ssoTokenInvalid');
  return new AppError('ssoUnreachable');
};

/**
 * OpenID Connect through openid-client: discovery, the authorization URL with PKCE (S256), state and
 * nonce, and the code exchange whose ID token has its signature, issuer, audience, expiry and nonce
 * checked. Plain http is allowed for a provider on this machine only.
 */
export const createOidcClient = (opts: { timeoutS?: number } = {}) => {
  const configs = new Map<string, { at: number; config: Promise<client.Configuration> }>();
  const configOf = (c: OidcConnection) => {
    const key = `${c.issuer}|${c.clientId}|${c.version}`;
    const hit = configs.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    const issuer = new URL(c.issuer);
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    const config = client
      .discovery(
        issuer,
        c.clientId,
        undefined,
        c.clientSecret ? client.ClientSecretBasic(c.clientSecret) : client.None(),
        { timeout: opts.timeoutS ?? 10, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
      )
      .then((conf) => {
        client.enableNonRepudiationChecks(conf);
        return conf;
      });
    config.catch(() => configs.delete(key));
    configs.set(key, { at: Date.now(), config });
    return config;
  };

  return {
    /** Fresh state, nonce and PKCE verifier for one attempt. */
    newChecks: (): OidcChecks => ({
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    }),

    /** The provider's authorization URL for this attempt. */
    async authorizationUrl(c: OidcConnection, p: { redirectUri: string; scope: string; checks: OidcChecks }) {
      try {
        const config = await configOf(c);
        return client
          .buildAuthorizationUrl(config, {
            redirect_uri: p.redirectUri,
            scope: p.scope,
            response_type: 'code',
            state: p.checks.state,
            nonce: p.checks.nonce,
            code_challenge: await client.calculatePKCECodeChallenge(p.checks.codeVerifier),
            code_challenge_method: 'S256',
          })
          .toString();
      } catch (err) {
        throw ssoErrorOf(err);
      }
    },

    /**
     * The provider's sign-out address (RP-initiated logout) with the ID token as hint and where to
     * come back; null when its discovery names no `end_session_endpoint` or it cannot be reached
     * (the local sign-out has happened already and must not wait on it).
     */
    async endSessionUrl(c: OidcConnection, p: { idTokenHint: string | null; postLogoutRedirectUri: string }) {
      try {
        const config = await configOf(c);
        if (!config.serverMetadata().end_session_endpoint) return null;
        return client
          .buildEndSessionUrl(config, {
            post_logout_redirect_uri: p.postLogoutRedirectUri,
            ...(p.idTokenHint ? { id_token_hint: p.idTokenHint } : {}),
          })
          .toString();
      } catch {
        return null;
      }
    },

    /** Exchanges the callback's code; answers the checked ID token's claims and the token itself. */
    async exchange(c: OidcConnection, callbackUrl: URL, checks: OidcChecks) {
      try {
        const tokens = await client.authorizationCodeGrant(await configOf(c), callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new AppError('ssoTokenInvalid');
        return { claims: claims as Record<string, unknown>, idToken: tokens.id_token ?? null };
      } catch (err) {
        throw ssoErrorOf(err);
      }
    },
  };
};

export type OidcClient = ReturnType<typeof createOidcClient>;
