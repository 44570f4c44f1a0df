import type { EndpointDef } from './endpoint';

/**
 * What a client needs to call an endpoint, its method and path, carrying the full definition's
 * types (query, body, result) without its zod schemas at run time.
 */
export type EndpointRef<E extends EndpointDef = EndpointDef> = {
  readonly method: E['method'];
  readonly path: string;
  /** Never present at run time: it only carries the definition's types. */
  readonly __def?: E;
};

/** A group of endpoints as references. */
export type RoutesOf<G extends Record<string, EndpointDef>> = { readonly [K in keyof G]: EndpointRef<G[K]> };

/** The definition behind a reference, or the definition itself. */
export type DefOf<X> = X extends { readonly __def?: infer E extends EndpointDef }
  ? E
  : X extends EndpointDef
    ? X
    : never;
