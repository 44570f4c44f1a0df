import {
  ALL_PERMISSIONS,
  type EndpointDef,
  methodsOf,
  oplogAction,
  type RateLimitClass,
  SIGNED_IN,
  toFieldErrors,
} from '@cpm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../shared/app-error';
import { createOperationNote, type NotedOperation, type OperationNote } from '../shared/operation-note';
import type { ApiKeyResolver, AuthContext, AuthResolver, DeviceCaller, DeviceResolver } from './auth-context';
import { okEnvelope } from './envelope';

/** What a handler receives: validated input and the caller. */
export type EndpointContext<Q extends z.ZodType, B extends z.ZodType> = {
  query: z.output<Q>;
  body: z.output<B>;
  /** The caller's session, or null on a public endpoint called without one. */
  session: AuthContext | null;
  /** The caller; throws `notLoggedIn` when there is no session (never on guarded endpoints). */
  readonly auth: AuthContext;
  /** The calling terminal on device endpoints; throws elsewhere. */
  readonly device: DeviceCaller;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Tells the operation log about this call (object, actor, failure); see the endpoint's `oplog`. */
  oplog: OperationNote;
};

/** One operation log entry as the registry hands it to the log. */
export type OperationLogEntry = {
  actor: { id: string | null; name: string };
  ip: string;
  action: string;
  objectType: string;
  objectId: string | null;
  objectName: string | null;
  detail: string | null;
  result: 'success' | 'failure';
};

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthContext | null;
  }
}

/** Checks the access rule of a definition; the server refuses to start on a bad one. */
export const assertAccessRule = (def: EndpointDef) => {
  const perm = def.permission;
  const kinds = [def.public, perm, def.device].filter(Boolean).length;
  if (kinds > 1) throw new Error(`${def.path}: more than one of public, permission and device`);
  if (kinds === 0) throw new Error(`${def.path}: neither a permission, public nor device`);
  if (perm && perm !== SIGNED_IN && !ALL_PERMISSIONS.has(perm))
    throw new Error(`${def.path}: unknown permission ${perm}`);
};

/** Where an input holds a string with a NUL character, which no PostgreSQL text column can store. */
const nulPaths = (value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []) => {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) nulPaths(item, [...path, i], found);
  } else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) nulPaths(item, [...path, key], found);
  return found;
};

const NUL_TEXT = { zh: '不能包含空字符（NUL）', en: 'Must not contain a NUL character' };

/**
 * Refuses an input holding a NUL character anywhere, with a field error per place in both
 * languages: the database would answer an internal error instead. Multipart fields use it too.
 */
export const refuseNul = (value: unknown, where: 'query' | 'body') => {
  const nul = nulPaths(value);
  if (nul.length)
    throw new AppError('invalidInput', {
      errors: toFieldErrors(
        nul.map((path) => ({
          code: 'custom',
          path,
          message: NUL_TEXT.en,
          params: NUL_TEXT,
          input: undefined,
        })),
        where,
      ),
    });
};

const parseInput = <S extends z.ZodType>(schema: S | undefined, value: unknown, where: 'query' | 'body') => {
  if (!schema) return undefined as z.output<S>;
  // Refused for every field of every endpoint before its own schema.
  refuseNul(value, where);
  const parsed = schema.safeParse(value ?? {}, { reportInput: true });
  if (!parsed.success)
    throw new AppError('invalidInput', { errors: toFieldErrors(parsed.error.issues, where) });
  return parsed.data;
};

/** SN and secret from an HTTP Basic header. */
export const parseBasicAuth = (header: string | undefined): { user: string; password: string } | null => {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

/** The key of an `Authorization: Bearer <key>` header. */
const bearerKey = (header: string | undefined) => {
  if (!header?.startsWith('Bearer ')) return null;
  const key = header.slice(7).trim();
  return key && key.length <= 256 ? key : null;
};

/**
 * Binds endpoint definitions from the contracts to handlers: access check, input validation,
 * envelope. Every registered definition is remembered for the API document and the guard test.
 */
export const createEndpointRegistry = (
  app: FastifyInstance,
  resolveAuth: AuthResolver,
  resolveDevice: DeviceResolver = async () => null,
  recordOperation: (entry: OperationLogEntry) => Promise<void> = async () => undefined,
  /** Counts a call of a rate-limited endpoint; throws 429 past the caller's limits. */
  limitCalls: (cls: RateLimitClass, caller: AuthContext | { ip: string }) => Promise<void> = async () =>
    undefined,
  /** Holds a streamed response with its session, which closes it when it ends; answers the release. */
  holdStream: (stream: {
    kind: 'stream';
    sessionId: string;
    userId: string;
    permissions: string[];
    close(): void;
  }) => () => void = () => () => {},
  /** Resolves `Authorization: Bearer` API keys; without it keys are not accepted. */
  resolveApiKey: ApiKeyResolver | null = null,
) => {
  const registered: EndpointDef[] = [];

  /** Writes the entries a declared endpoint's call made; nothing without an actor. */
  const writeOperation = async (
    def: EndpointDef,
    input: { query: unknown; body: unknown },
    session: AuthContext | null,
    ip: string,
    noted: NotedOperation,
  ) => {
    if (!def.oplog) return;
    const actor = noted.actor ?? (session ? { id: session.userId, name: session.username } : null);
    if (!actor) return;
    const base = {
      actor,
      ip,
      objectType: def.oplog.objectType,
      objectId: noted.subject.id ?? null,
      objectName: noted.subject.name ?? null,
    };
    if (noted.failure !== null) {
      await recordOperation({
        ...base,
        action: oplogAction(def.oplog, input),
        detail: noted.failure,
        result: 'failure',
      });
      return;
    }
    const entries = [
      { action: oplogAction(def.oplog, input), detail: noted.subject.detail ?? null },
      ...noted.extra.map((e) => ({ action: e.action, detail: e.detail ?? null })),
    ];
    for (const e of entries) await recordOperation({ ...base, ...e, result: 'success' });
  };

  const register = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    def: EndpointDef<Q, B, R>,
    handler: (ctx: EndpointContext<Q, B>) => Promise<z.input<R>> | z.input<R>,
  ) => {
    assertAccessRule(def);
    registered.push(def);
    app.route({
      method: methodsOf(def),
      url: def.path,
      handler: async (request, reply) => {
        let device: DeviceCaller | null = null;
        if (def.device) {
          const basic = parseBasicAuth(request.headers.authorization);
          device = basic ? await resolveDevice(basic.user, basic.password) : null;
          if (!device) throw new AppError('deviceUnauthorized');
        }
        const token = def.device ? undefined : request.headers.satoken;
        const bearer = def.device || def.public || token ? null : bearerKey(request.headers.authorization);
        const session =
          typeof token === 'string' && token
            ? await resolveAuth(token, { ip: request.ip })
            : bearer && resolveApiKey
              ? await resolveApiKey(bearer, {
                  ip: request.ip,
                  header: (name, value) => reply.header(name, value),
                })
              : null;
        request.session = session;
        // A public call has no account to count against: its address stands in.
        if (def.public && def.rateLimit) await limitCalls(def.rateLimit, { ip: request.ip });
        if (!def.public && !def.device) {
          if (!session) throw new AppError('notLoggedIn');
          if (def.permission !== SIGNED_IN && !session.permissions.has(def.permission as string))
            throw new AppError('forbidden');
          if (def.consoleOnly && session.apiKey) throw new AppError('apiKeyConsoleOnly');
          if (def.stepUp) await session.requireStepUp?.();
          // Counted before the input is read: a burst of bad uploads is a burst all the same.
          if (def.rateLimit) await limitCalls(def.rateLimit, session);
        }
        // A binary answer may stream for long (a download): it ends with the session that asked for it.
        if (def.binary && session && !session.apiKey) {
          const release = holdStream({
            kind: 'stream',
            sessionId: session.sessionId,
            userId: session.userId,
            permissions: def.permission && def.permission !== SIGNED_IN ? [def.permission as string] : [],
            close: () => reply.raw.destroy(),
          });
          reply.raw.once('close', release);
        }
        const query = parseInput(def.query, request.query, 'query');
        const body = parseInput(def.body, request.body, 'body');
        const { note, noted } = createOperationNote();
        const ctx: EndpointContext<Q, B> = {
          query,
          body,
          session,
          get auth() {
            if (!session) throw new AppError('notLoggedIn');
            return session;
          },
          get device() {
            if (!device) throw new AppError('deviceUnauthorized');
            return device;
          },
          request,
          reply,
          oplog: note,
        };
        let result: Awaited<ReturnType<typeof handler>>;
        try {
          result = await handler(ctx);
        } catch (err) {
          if (noted.failure !== null) await writeOperation(def, { query, body }, session, request.ip, noted);
          throw err;
        }
        await writeOperation(def, { query, body }, session, request.ip, noted);
        if (def.binary) return result;
        return okEnvelope(result ?? null);
      },
    });
  };

  return { register, registered: (): readonly EndpointDef[] => registered };
};

export type EndpointRegistry = ReturnType<typeof createEndpointRegistry>;
