import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual, httpUrlSchema } from '../issue-text';
import { LoginResultSchema } from './auth.contract';

/** The scopes asked for when an administrator names none: identity, e-mail and profile. */
export const SSO_DEFAULT_SCOPES = 'openid email profile';

/** A group of the identity provider and the role its members hold in the console. */
export const SsoRoleMappingSchema = z.strictObject({
  /** The group's name exactly as the provider puts it in the groups claim. */
  group: z.string().trim().min(1).max(200),
  roleId: z.uuid(),
});

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine(
    (v) => /^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/.test(v),
    bilingual('邮箱域名无效，例如 example.com', 'Not an e-mail domain; for example example.com'),
  );

/** An enterprise code people type on the sign-in page: letters, digits and dashes. */
export const SsoEnterpriseCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (v) => /^[a-z0-9][a-z0-9-]{1,39}$/.test(v),
    bilingual(
      '企业代码为 2 至 40 位字母、数字或连字符',
      'An enterprise code has 2 to 40 letters, digits or dashes',
    ),
  );

/** An enterprise's OpenID Connect provider as an administrator edits it. */
export const SsoProviderSaveSchema = z
  .strictObject({
    /** The enterprise's top account. */
    enterpriseId: z.uuid(),
    /** Shown on the sign-in button: "Sign in with <name>". */
    displayName: z.string().trim().min(1).max(60),
    /** The provider's issuer identifier; its discovery document is read from there. */
    issuer: httpUrlSchema(500, '颁发者地址须为 http(s) 网址', 'The issuer must be an http(s) URL'),
    clientId: z.string().trim().min(1).max(300),
    /** The client secret; empty or left out keeps the stored one (it is never answered). */
    clientSecret: z.string().max(2000).optional(),
    /** Space-separated scopes; `openid` is always asked for, empty asks for `openid email profile`. */
    scopes: z.string().trim().max(300).optional(),
    /** The ID token claim that lists the user's groups. */
    groupsClaim: z.string().trim().min(1).max(100),
    roleMappings: z.array(SsoRoleMappingSchema).min(1).max(100),
    /** E-mail domains whose users are offered this provider on the sign-in page. */
    emailDomains: z.array(domainSchema).max(50),
    /** A code people may type instead of their e-mail to find this provider; null for none. */
    enterpriseCode: SsoEnterpriseCodeSchema.nullable(),
    /** Creates an account on its first sign-in; otherwise only existing, linked accounts sign in. */
    jitCreate: z.boolean(),
    /** Accounts created on first sign-in are active at once instead of waiting for review. */
    reviewWaived: z.boolean(),
    /** The enterprise's accounts may not sign in with a password. */
    ssoOnly: z.boolean(),
    enabled: z.boolean(),
  })
  .refine(
    (b) => b.emailDomains.length > 0 || b.enterpriseCode !== null,
    bilingual('请至少填写一个邮箱域名或企业代码', 'Give at least one e-mail domain or an enterprise code'),
  );
export type SsoProviderSave = z.infer<typeof SsoProviderSaveSchema>;

/** A provider as answered: everything but the client secret, of which only its presence is told. */
export const SsoProviderSchema = z.object({
  id: z.string(),
  enterpriseId: z.string(),
  /** The enterprise's account name. */
  enterpriseName: z.string(),
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored (it is never answered). */
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  groupsClaim: z.string(),
  roleMappings: z.array(SsoRoleMappingSchema.extend({ roleName: z.string() })),
  emailDomains: z.array(z.string()),
  enterpriseCode: z.string().nullable(),
  jitCreate: z.boolean(),
  reviewWaived: z.boolean(),
  ssoOnly: z.boolean(),
  enabled: z.boolean(),
  /** The sign-in callback address to register with the provider. */
  redirectUri: z.string(),
  updatedAt: z.string(),
});
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

/** What the sign-in page needs to offer a provider. */
export const SsoChoiceSchema = z.object({ providerId: z.string(), displayName: z.string() });
export type SsoChoice = z.infer<typeof SsoChoiceSchema>;

export const SsoStartSchema = z.object({
  /** Where to send the browser: the provider's authorization endpoint with PKCE, state and nonce. */
  authorizationUrl: z.string(),
  /** Sealed state, nonce and PKCE verifier; keep it in the tab and send it back with the callback. */
  flowToken: z.string(),
});

export const ssoEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/sso/list',
    summary: 'Single sign-on providers of the enterprises in the caller’s data scope (no secret)',
    tag: 'upms',
    permission: 'user:sso:view',
    result: z.array(SsoProviderSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/sso/save',
    summary: 'Sets an enterprise’s OpenID Connect provider; the client secret is stored encrypted',
    tag: 'upms',
    permission: 'user:sso:edit',
    body: SsoProviderSaveSchema,
    result: z.object({ id: z.string() }),
    oplog: { objectType: 'ssoProvider', action: 'sso.save' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/sso/remove',
    summary: 'Removes an enterprise’s single sign-on provider (its accounts sign in with passwords)',
    tag: 'upms',
    permission: 'user:sso:delete',
    body: z.strictObject({ id: z.uuid() }),
    result: z.null(),
    oplog: { objectType: 'ssoProvider', action: 'sso.remove' },
  }),
  discover: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/sso/discover',
    rateLimit: 'sso',
    summary: 'The single sign-on provider for an e-mail address or enterprise code, or null',
    tag: 'oauth',
    public: true,
    body: z.strictObject({ query: z.string().trim().min(1).max(254) }),
    result: SsoChoiceSchema.nullable(),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/sso/start',
    rateLimit: 'sso',
    summary: 'Starts an authorization code sign-in with PKCE at the provider',
    tag: 'oauth',
    public: true,
    body: z.strictObject({ providerId: z.uuid() }),
    result: SsoStartSchema,
  }),
  finish: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/sso/finish',
    rateLimit: 'sso',
    summary: 'Completes the sign-in with the provider’s callback; checks the ID token, opens the session',
    tag: 'oauth',
    public: true,
    body: z.strictObject({
      flowToken: z.string().min(1).max(4000),
      /** The query string the provider sent the browser back with (`?code=…&state=…`). */
      callbackQuery: z.string().max(8000),
    }),
    result: LoginResultSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/sso/logout',
    summary:
      "Ends the caller's session, then answers the provider's sign-out address when a provider opened it (RP-initiated logout)",
    tag: 'oauth',
    permission: SIGNED_IN,
    consoleOnly: true,
    result: z.object({
      /** Where the browser goes next to sign out at the provider; null: the local sign-out is all. */
      endSessionUrl: z.string().nullable(),
    }),
    oplog: { objectType: 'session', action: 'security.signOut' },
  }),
};
