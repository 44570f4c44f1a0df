import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

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
  /** Permission key the caller's roles must grant, or SIGNED_IN. */
  permission?: string;
  /** Reachable without a session. */
  public?: true;
  /** Called by a terminal: HTTP Basic with its SN and secret instead of a user session. */
  device?: true;
  /** The answer is a file, not an envelope. */
  binary?: true;
  /** The request is multipart/form-data with one file in the field `file` (no JSON body). */
  upload?: true;
};

/** Identity helper that keeps the schema types of an endpoint. */
export const defineEndpoint = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: EndpointDef<Q, B, R>,
) => def;

/** Methods of an endpoint as a list. */
export const methodsOf = (def: Pick<EndpointDef, 'method'>): HttpMethod[] =>
  typeof def.method === 'string' ? [def.method] : [...def.method];
