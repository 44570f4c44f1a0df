import type { z } from 'zod';
import type { PermissionKey } from './menu-tree';

export type HttpMethod = 'GET' | 'POST';

/** What an endpoint's calls are limited as (see `EndpointDef.rateLimit`). */
export type RateLimitClass = 'files' | 'jobs' | 'links' | 'sso';

/** Any signed-in user may call the endpoint; no particular permission is needed. */
export const SIGNED_IN = 'signedIn' as const;

/**
 * One API endpoint, defined once and used by the server (registration, validation, OpenAPI) and the
 * console (typed calls). Exactly one access kind must be set: `permission`, `public` or `device`.
 */
export type EndpointDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  /** GET reads, POST writes; some spec paths accept both. */
  method: HttpMethod | readonly HttpMethod[];
  /** Full path, `/{service}/v1/{service}/{resource}/{action}`. */
  path: string;
  /** One line for the API document, English. */
  summary: string;
  /** OpenAPI tag (the service). */
  tag: string;
  query?: Q;
  body?: B;
  result: R;
  /** Permission key the caller's roles must grant, or SIGNED_IN; a misspelt key does not compile. */
  permission?: PermissionKey | typeof SIGNED_IN;
  /** Reachable without a session. */
  public?: true;
  /** Called by a terminal: HTTP Basic with its SN and secret instead of a user session. */
  device?: true;
  /** The answer is a file, not an envelope. */
  binary?: true;
  /** The request is multipart/form-data with one file in the field `file` (no JSON body). */
  upload?: true;
  /**
   * Calls are counted per account and per enterprise and refused with 429 past the limits of the
   * class: `files` writes stored files, `jobs` starts background work or builds an export,
   * `links` signs download links. `sso` marks the public single sign-on calls, counted per client
   * address (no account is known yet).
   */
  rateLimit?: RateLimitClass;
  /** Only a signed-in console session may call it; an API key is refused even with the permission. */
  consoleOnly?: true;
  /**
   * A risky act: a caller whose account has a second factor must have confirmed it within the
   * step-up window (`stepUpFactorRequired` otherwise); an account without one is not asked here.
   */
  stepUp?: true;
  /** Recorded in the operation log: the server writes the entry once the call has succeeded. */
  oplog?: OplogDecl<{ query: z.output<Q>; body: z.output<B> }>;
};

/**
 * How an endpoint's calls appear in the operation log. The action code is also the console's
 * catalogue key `oplog.actions.<code>`, which names it in both languages on the operation log page.
 */
export type OplogDecl<I = unknown> = {
  /** Kind of object the call acts on, e.g. `user`. */
  objectType: string;
  /** The action code, or how the validated input chooses it (add or edit, enable or disable). */
  action: string | OplogActionChoice<I>;
};

/** Chooses an action code from the validated input (method syntax keeps any endpoint assignable). */
export type OplogActionChoice<I> = { of(input: I): string };

/** The action code a call of the endpoint records. */
export const oplogAction = <I>(decl: OplogDecl<I>, input: I): string =>
  typeof decl.action === 'string' ? decl.action : decl.action.of(input);

/** Identity helper that keeps the schema types of an endpoint. */
/* @__NO_SIDE_EFFECTS__ */
export const defineEndpoint = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: EndpointDef<Q, B, R>,
) => def;

/** Methods of an endpoint as a list. */
export const methodsOf = (def: Pick<EndpointDef, 'method'>): HttpMethod[] =>
  typeof def.method === 'string' ? [def.method] : [...def.method];
