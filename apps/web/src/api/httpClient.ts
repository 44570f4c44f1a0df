import {
  CODE,
  type DefOf,
  type EndpointDef,
  type EndpointRef,
  type Envelope,
  FACTOR_METHODS,
  type FactorMethodKind,
  methodsOf,
} from '@cpm/contracts';
import type { z } from 'zod';
import type { AppLanguage } from '../i18n/detectLanguage';
import type { Overlay } from './overlay';
import { pickMessage } from './pickMessage';

/** Spec section 7: requests may run for up to 30 minutes (large uploads and exports). */
export const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;
/** Spec section 8: after a 500 the error shows this long before the console signs out. */
export const SESSION_END_DELAY_MS = 1500;

/** Code used locally when no envelope arrived (network failure, timeout, unreadable answer). */
export const NETWORK_ERROR_CODE = 0;

export type Notifier = {
  error: (text: string) => void;
  success: (text: string) => void;
};

export type HttpTexts = { networkFailed: string; success: string };

export type HttpDeps = {
  fetch: typeof fetch;
  getToken: () => string | null;
  getLanguage: () => AppLanguage;
  notify: Notifier;
  overlay: Overlay;
  /** Signs out locally and goes to /login. */
  onSessionEnd: () => void;
  texts: () => HttpTexts;
  /**
   * Asks the user to confirm a second factor when a risky call was refused for want of one (the
   * answer's `result.stepUp.methods`); true once confirmed, and the call is sent again once.
   */
  confirmFactor?: (methods: FactorMethodKind[]) => Promise<boolean>;
  timeZone?: () => string;
  timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
  baseUrl?: string;
};

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Show the blocking overlay (default true, as the spec asks for every request). */
  loading?: boolean;
  /** Handle errors without showing them (start-up checks, background polling). */
  silent?: boolean;
  /** Show a success message when the code is 1. */
  notifySuccess?: boolean;
};

const isFactorMethod = (value: unknown): value is FactorMethodKind =>
  (FACTOR_METHODS as readonly unknown[]).includes(value);

/**
 * The factors a refusal asks to confirm (`stepUpFactorRequired`), or null for any other answer. Read
 * by hand rather than with the contract's schema: every page loads this client, and zod with it.
 */
export const stepUpMethods = (envelope: Envelope<unknown>): FactorMethodKind[] | null => {
  if (envelope.code === CODE.ok) return null;
  const result = envelope.result as { stepUp?: { methods?: unknown } } | null | undefined;
  const methods = result?.stepUp?.methods;
  return Array.isArray(methods) && methods.length > 0 && methods.every(isFactorMethod) ? methods : null;
};

/** A call that did not end with code 1. */
export class ApiError extends Error {
  readonly code: number;
  readonly envelope: Envelope<unknown> | null;
  constructor(code: number, text: string, envelope: Envelope<unknown> | null) {
    super(text);
    this.name = 'ApiError';
    this.code = code;
    this.envelope = envelope;
  }
}

/** Builds `path?a=1&b=2`, leaving out empty values so the server sees its defaults. */
export const buildUrl = (baseUrl: string, path: string, query?: Record<string, QueryValue>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
};

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The `Accept-Language` value of each console language. */
const ACCEPT_LANGUAGE: Record<AppLanguage, string> = { cn: 'zh-CN', en: 'en' };

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';

type InputOf<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : never;

/** Options of a typed call: query and body follow the endpoint's schemas. */
export type CallOptions<E extends EndpointDef | EndpointRef> = Omit<
  RequestOptions,
  'method' | 'path' | 'query' | 'body'
> & {
  query?: InputOf<DefOf<E>['query']>;
  body?: InputOf<DefOf<E>['body']>;
};

/** What a typed call answers. */
type ResultOf<E> = z.output<DefOf<E>['result']>;

export type DownloadOptions = Omit<RequestOptions, 'method' | 'notifySuccess'> & {
  method?: 'GET' | 'POST';
  /** Name of the saved file when the server does not name it. */
  fileName: string;
};

/** The console's HTTP client: envelope handling, headers, overlay and messages (spec sections 7 and 8). */
export const createHttpClient = (deps: HttpDeps) => {
  const timers = deps.timers ?? globalThis;
  const timeZone = deps.timeZone ?? browserTimeZone;
  const baseUrl = deps.baseUrl ?? '';
  let sessionEndScheduled = false;

  /**
   * The session the failed call carried has ended. Several calls can fail together: sign out once.
   * Only that session ends: a user who signed in meanwhile (another token) stays signed in.
   */
  const endSession = (failedToken: string | null) => {
    if (sessionEndScheduled) return;
    sessionEndScheduled = true;
    timers.setTimeout(() => {
      sessionEndScheduled = false;
      if (deps.getToken() === failedToken) deps.onSessionEnd();
    }, SESSION_END_DELAY_MS);
  };

  const send = async (options: RequestOptions & { binary?: boolean }): Promise<Response> => {
    // The console's own language, not the browser's: the server writes exports in it.
    const headers: Record<string, string> = {
      Timezone: timeZone(),
      'Accept-Language': ACCEPT_LANGUAGE[deps.getLanguage()],
    };
    const token = deps.getToken();
    if (token) headers.satoken = token;
    const hasBody = options.method === 'POST' && options.body !== undefined;
    // A form carries files as a streamed multipart body; the browser sets its boundary.
    const isForm = options.body instanceof FormData;
    if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
    const controller = new AbortController();
    const timer = timers.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      return await deps.fetch(buildUrl(baseUrl, options.path, options.query), {
        method: options.method,
        headers,
        body: hasBody ? (isForm ? (options.body as FormData) : JSON.stringify(options.body)) : undefined,
        credentials: 'omit',
        signal: controller.signal,
      });
    } finally {
      timers.clearTimeout(timer);
    }
  };

  const fail = (
    options: Pick<RequestOptions, 'silent'>,
    envelope: Envelope<unknown>,
    sentToken: string | null,
  ): never => {
    const text = pickMessage(envelope, deps.getLanguage()) || deps.texts().networkFailed;
    if (envelope.code === CODE.notLoggedIn) {
      if (!options.silent) deps.notify.error(text);
      endSession(sentToken);
    } else if (!options.silent) {
      deps.notify.error(text);
    }
    throw new ApiError(envelope.code, text, envelope);
  };

  const networkFailure = (options: Pick<RequestOptions, 'silent'>): never => {
    const text = deps.texts().networkFailed;
    if (!options.silent) deps.notify.error(text);
    throw new ApiError(NETWORK_ERROR_CODE, text, null);
  };

  /**
   * Sends one request under the loading overlay (unless `loading` is false) and hands the answer,
   * with the token the request carried, to `read`; a request that reaches no server is a network failure.
   */
  const exchange = async <T>(
    options: Parameters<typeof send>[0],
    read: (response: Response, sentToken: ReturnType<typeof deps.getToken>) => Promise<T>,
  ): Promise<T> => {
    const showOverlay = options.loading !== false;
    if (showOverlay) deps.overlay.start();
    // The session this call carries (send reads the same token).
    const sentToken = deps.getToken();
    try {
      let response: Response;
      try {
        response = await send(options);
      } catch {
        return networkFailure(options);
      }
      return await read(response, sentToken);
    } finally {
      if (showOverlay) deps.overlay.stop();
    }
  };

  /** Sends a request once and returns `result` when the code is 1; otherwise shows the error and throws. */
  const requestOnce = <T>(options: RequestOptions, askFactor: boolean): Promise<T> =>
    exchange(options, async (response, sentToken) => {
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        return networkFailure(options);
      }
      if (!isEnvelope(payload)) return networkFailure(options);
      // The step-up dialog speaks for this refusal; the message would only repeat it.
      if (askFactor && stepUpMethods(payload))
        throw new ApiError(payload.code, pickMessage(payload, deps.getLanguage()), payload);
      if (payload.code !== CODE.ok) return fail(options, payload, sentToken);
      if (options.notifySuccess) {
        deps.notify.success(pickMessage(payload, deps.getLanguage()) || deps.texts().success);
      }
      return payload.result as T;
    });

  /**
   * Sends a request; a risky call refused for want of a second factor asks for it (outside the
   * loading overlay) and, once confirmed, is sent again: a second refusal is shown as any error.
   */
  const request = async <T>(options: RequestOptions): Promise<T> => {
    const confirm = deps.confirmFactor;
    if (!confirm) return requestOnce<T>(options, false);
    try {
      return await requestOnce<T>(options, true);
    } catch (err) {
      const methods = err instanceof ApiError && err.envelope ? stepUpMethods(err.envelope) : null;
      if (!methods) throw err;
      if (!(await confirm(methods))) throw err;
      return requestOnce<T>(options, false);
    }
  };

  /** Typed call of a contract endpoint. */
  const call = <E extends EndpointDef | EndpointRef>(
    endpoint: E,
    options: CallOptions<E> = {},
  ): Promise<ResultOf<E>> =>
    request<ResultOf<E>>({
      ...options,
      method: methodsOf(endpoint)[0],
      path: endpoint.path,
      query: options.query as Record<string, QueryValue> | undefined,
      body: options.body,
    });

  /** Sends one file to an upload endpoint as multipart/form-data (field `file`), never as base64 JSON. */
  const upload = <E extends EndpointDef | EndpointRef>(
    endpoint: E,
    file: Blob,
    options: Omit<CallOptions<E>, 'body'> & { fileName?: string } = {},
  ): Promise<ResultOf<E>> => {
    const form = new FormData();
    form.append('file', file, options.fileName ?? (file instanceof File ? file.name : 'file'));
    return request<ResultOf<E>>({
      ...options,
      method: 'POST',
      path: endpoint.path,
      query: options.query as Record<string, QueryValue> | undefined,
      body: form,
    });
  };

  /**
   * Downloads a binary answer and saves it under the server's file name or `fileName`.
   * An envelope instead of a file means the server refused; its text is shown.
   */
  const download = (options: DownloadOptions): Promise<void> =>
    exchange({ ...options, method: options.method ?? 'POST' }, async (response, sentToken) => {
      const type = response.headers.get('Content-Type') ?? '';
      if (type.includes('application/json')) {
        const payload: unknown = await response.json().catch(() => null);
        if (isEnvelope(payload) && payload.code !== CODE.ok) return fail(options, payload, sentToken);
      }
      if (!response.ok) return networkFailure(options);
      const blob = await response.blob();
      saveBlob(blob, fileNameFrom(response.headers.get('Content-Disposition')) ?? options.fileName);
    });

  /**
   * A binary answer as bytes, for a player in the page rather than a saved file. An envelope
   * instead means the server refused; its text is shown.
   */
  const bytes = (options: Omit<RequestOptions, 'notifySuccess'>): Promise<ArrayBuffer> =>
    exchange(options, async (response, sentToken) => {
      if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
        const payload: unknown = await response.json().catch(() => null);
        if (isEnvelope(payload) && payload.code !== CODE.ok) return fail(options, payload, sentToken);
        return networkFailure(options);
      }
      if (!response.ok) return networkFailure(options);
      return await response.arrayBuffer();
    });

  return { request, call, upload, download, bytes };
};

export type HttpClient = ReturnType<typeof createHttpClient>;

/** File name from a Content-Disposition header (RFC 6266 `filename*` first). */
export const fileNameFrom = (header: string | null): string | null => {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
};

/** Has the browser save what a link points to under `fileName`, through a temporary link. */
export const saveLink = (href: string, fileName: string): void => {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
};

/** Saves a blob as a named file through a temporary link. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  saveLink(url, fileName);
  // Revoke later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
