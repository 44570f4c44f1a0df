import type { DefOf, EndpointDef, EndpointRef, Envelope } from '@cpm/contracts';
import type { z } from 'zod';
import { multipartForm } from '../modules/blobs/testing';
import type { TestApp } from './test-app';
import { answerTable, readerHeaders } from './workbook';

type Endpoint = EndpointDef | EndpointRef;
type InputOf<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : never;

/** What a call sends: the body of an endpoint that has one, else its query. */
export type CallInput<E extends Endpoint> = DefOf<E>['body'] extends z.ZodType
  ? InputOf<DefOf<E>['body']>
  : InputOf<DefOf<E>['query']>;

/** An answer: the status, the envelope around the endpoint's result, and the headers. */
export type CallAnswer<E extends Endpoint> = {
  status: number;
  body: Envelope<z.output<DefOf<E>['result']>>;
  headers: Record<string, string | string[] | number | undefined>;
};

/** A request spelled out: query and body, or a file for an upload endpoint (multipart, field `file`). */
export type RequestParts<E extends Endpoint> = {
  query?: InputOf<DefOf<E>['query']> | Record<string, unknown>;
  body?: unknown;
  file?: { name: string; bytes: Buffer };
  /** More headers: a terminal's Basic credentials, the time zone or language of an export. */
  headers?: Record<string, string>;
};

const firstMethod = (e: Endpoint) => (typeof e.method === 'string' ? e.method : e.method[0]);

const queryString = (input: object | undefined) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input ?? {}))
    if (value !== undefined && value !== null)
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The URL of an endpoint with a query, for tests that send a request by hand (a body cut short). */
export const urlOf = <E extends Endpoint>(endpoint: E, query?: RequestParts<E>['query']) =>
  `${endpoint.path}${queryString(query as object | undefined)}`;

/**
 * Calls endpoints as a signed-in console would (or anonymously with a null token), taking method
 * and path from the contract, so a test never spells a path. `call` types the input and the
 * envelope's result from the endpoint; `send` takes any input, for what validation must refuse;
 * `request` answers the raw response (files, uploads, streams).
 */
export const clientOf = (t: TestApp, token: string | null) => {
  const auth = token ? { satoken: token } : {};
  const request = <E extends Endpoint>(endpoint: E, parts: RequestParts<E> = {}) => {
    const method = firstMethod(endpoint);
    const url = urlOf(endpoint, parts.query);
    const headers = { ...auth, ...parts.headers };
    if (parts.file) {
      const form = multipartForm(parts.file.name, parts.file.bytes);
      return t.app.inject({ method, url, headers: { ...headers, ...form.headers }, payload: form.payload });
    }
    const payload = method === 'POST' ? ((parts.body as object | undefined) ?? {}) : undefined;
    return t.app.inject({ method, url, headers, payload });
  };
  const send = async <E extends Endpoint>(endpoint: E, input?: unknown): Promise<CallAnswer<E>> => {
    // A full definition says where its input goes; a bare reference sends a GET's in the query.
    const inQuery =
      'body' in endpoint && endpoint.body
        ? false
        : 'query' in endpoint && endpoint.query
          ? true
          : firstMethod(endpoint) === 'GET';
    const res = await request(
      endpoint,
      inQuery ? { query: input as Record<string, unknown> } : { body: input },
    );
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  return {
    call: <E extends Endpoint>(endpoint: E, input?: CallInput<E>) => send(endpoint, input),
    send,
    request,
  };
};

/** The table of an export under a list's query, as a reader in `language` (Shanghai time) downloads it. */
export const exportTableOf = async <E extends Endpoint>(
  client: ReturnType<typeof clientOf>,
  endpoint: E,
  query: RequestParts<E>['query'],
  language: string,
) => answerTable(await client.request(endpoint, { query, headers: readerHeaders(language) }));

/** What a refusal carries in `result` (field errors, what was out of scope) instead of the endpoint's result. */
export const refusalOf = <R>(answer: { body: { result: unknown } }) => answer.body.result as R;
