import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { guessTileDatum, isStrongPassword, type MapConfig, type RateLimitClass } from '@cpm/contracts';
import { z } from 'zod';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS } from './plugins/connection-limits';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const onOff = z.enum(['on', 'off']);

const EnvSchema = z.object({
  PORT: port(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, 'must start with postgres://, postgresql:// or memory://')
    .optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\/[^/]+/, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
    .optional(),
  MQTT_PORT: port(1883),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Cloud POS <no-reply@localhost>'),
  PUBLIC_URL: z.url().optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine(
      isStrongPassword,
      'needs 8+ characters with upper and lower case letters, a digit and a special character',
    )
    .optional(),
  CAPTCHA: onOff.default('on'),
  WEBHOOK_ALLOW_HTTP: onOff.default('off'),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(3 * 3_600_000),
  WEBHOOK_RETRY_HOURS: z.coerce.number().min(0).default(24),
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).default(10),
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().min(0).default(24),
  WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  STEP_UP_MINUTES: z.coerce.number().int().min(0).max(60).default(5),
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a domain name such as pos.example.com')
    .optional(),
  WEBAUTHN_ORIGINS: z.string().optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).max(64).default('Cloud POS'),
  WEB_DIST: z.string().optional(),
  BLOB_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: onOff.optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  BLOB_SWEEP_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  STORAGE_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(0)
    .max(1024 * 1024 * 1024)
    .default(10 * 1024),
  RATE_FILES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(20),
  RATE_JOBS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(10),
  RATE_LINKS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  /** Public single sign-on calls (discovery, start, callback) per client address and minute. */
  RATE_SSO_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(30),
  BLOB_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24),
  MAP_TILE_URL: z
    .string()
    .refine(
      (url) => /^https?:\/\/[^/]+\//.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p)),
      'must be an http:// or https:// tile URL template with {z}, {x} and {y}',
    )
    .optional(),
  MAP_TILE_DATUM: z.enum(['wgs84', 'gcj02']).optional(),
  MAP_TILE_SUBDOMAINS: z
    .string()
    .regex(/^[a-z0-9]{1,10}$/i, 'must be 1 to 10 letters or digits')
    .default('abc'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(18),
  GEOCODER_URL: z.url({ protocol: /^https?$/ }).optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  ACTIVITY_EVENT_DAYS: z.coerce.number().int().min(31).max(3650).default(180),
  ACTIVITY_HOURLY_DAYS: z.coerce.number().int().min(2).max(3650).default(90),
  ACTIVITY_DAILY_DAYS: z.coerce.number().int().min(31).max(3650).default(730),
  ACTIVITY_WRITE_SEC: z.coerce.number().int().min(0).max(3600).default(300),
  APP_HEALTH_CHECK_SEC: z.coerce.number().int().min(1).max(60).default(60),
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_TOKEN: z.string().min(1).optional(),
  REMOTE_PORT: port(0),
  LIVE_MQTT_PORT: port(0),
  REMOTE_URL: z
    .string()
    .regex(/^wss?:\/\/[^/?#]+(\/[^?#]*)?$/, 'must be a ws:// or wss:// URL without query')
    .optional(),
  REMOTE_IDLE_MINUTES: z.coerce.number().int().min(1).max(240).default(10),
  REMOTE_RECORDING_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
    .default('cpm'),
  TERMINAL_CONNECTS_PER_SEC: z.coerce.number().int().min(1).max(100_000).default(1000),
  DATABASE_TERMINAL_POOL: z.coerce.number().int().min(1).max(50).default(3),
  HTTP_REQUEST_TIMEOUT_SEC: z.coerce
    .number()
    .int()
    .min(30)
    .max(24 * 3600)
    .default(900),
  HTTP_CONNS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(64),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isProxyAddress), 'must be IP addresses or CIDR ranges, comma-separated'),
});

/** An address or CIDR range of a trusted proxy (`10.0.0.1`, `10.0.0.0/8`, `fd00::/8`), or `loopback`. */
const isProxyAddress = (a: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(a)) return true;
  const [ip, bits, ...rest] = a.split('/');
  const v = isIP(ip);
  if (v === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (v === 4 ? 32 : 128));
};

/** Typed configuration; nothing else in the server reads process.env. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPort: number;
  /**
   * A port of its own for live messaging (`/mqtt`, MQTT over WebSocket) besides the main port
   * (`LIVE_MQTT_PORT`); 0: the main port only.
   */
  liveMqttPort: number;
  /** Share group of the instances' shared subscriptions on an external broker (`MQTT_SHARE_GROUP`). */
  mqttShareGroup: string;
  /**
   * Terminal connections the embedded broker admits per second (`TERMINAL_CONNECTS_PER_SEC`); more are
   * refused with "server unavailable" and come back after the device protocol's back-off.
   */
  terminalConnectsPerSec: number;
  /** PostgreSQL connections kept for terminal-side work, apart from the API's (`DATABASE_TERMINAL_POOL`). */
  databaseTerminalPool: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  adminPassword: string | undefined;
  captcha: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** How long a re-entered password spares asking again in the session; 0 always asks. */
  stepUpMs: number;
  /** Folder of the built console; served with a history fallback when it exists. */
  webDist: string;
  /** Where file bytes live: `DATA_DIR/blobs` on disk, or an S3-compatible bucket. */
  blobStore: BlobStoreConfig;
  /** How often the orphan sweep runs (0: never on its own). */
  blobSweepMs: number;
  /** Bytes no file references are kept this long before the sweep removes them. */
  blobGraceMs: number;
  /** The storage quota of an enterprise that has none of its own, in bytes; null: none. */
  defaultQuotaBytes: number | null;
  /** Calls a minute per account of each rate-limit class (an enterprise gets three times as many); 0: none. */
  callLimits: CallLimitsPerMinute;
  /** The console maps' base layer; `tileUrl` null means the built-in offline world map. */
  map: MapConfig;
  /** Data centre retention, days: raw terminal events (whole months), hourly and daily rollups. */
  activityRetention: { eventDays: number; hourlyDays: number; dailyDays: number };
  /** Data centre rollups are written this often, ms (0: after every heartbeat batch). */
  activityWriteMs: number;
  /** The app market's health gate looks at gray releases this often, seconds (at most a minute). */
  appHealthCheckSec: number;
  /**
   * Webhooks: plain http for localhost allowed (`WEBHOOK_ALLOW_HTTP`, development); the back-off from
   * `WEBHOOK_RETRY_BASE_MS` doubling up to `WEBHOOK_RETRY_MAX_MS`, for `WEBHOOK_RETRY_HOURS`; turned off
   * after `WEBHOOK_DISABLE_AFTER_FAILURES` failures in a row lasting `WEBHOOK_DISABLE_AFTER_HOURS`;
   * finished deliveries kept in the log for `WEBHOOK_LOG_DAYS`.
   */
  webhooks: {
    allowHttp: boolean;
    logDays: number;
    baseMs: number;
    capMs: number;
    retryForMs: number;
    disableAfterFailures: number;
    disableAfterMs: number;
  };
  /** A Nominatim-compatible street-address geocoder (`GEOCODER_URL`); unset: offline cities only. */
  geocoder: { url: string | null; timeoutMs: number };
  /** The SMS provider (`SMS_URL`, `SMS_TOKEN`); without a URL messages are only logged. */
  sms: { url: string | undefined; token: string | undefined };
  /** Remote desktop relay and sessions. */
  remote: RemoteConfig;
  /**
   * Passkeys: the relying party id (`WEBAUTHN_RP_ID`, by default PUBLIC_URL's host; null, so no
   * passkeys, when that host is an IP address), its name and the console origins (`WEBAUTHN_ORIGINS`).
   */
  webauthn: { rpId: string | null; rpName: string; origins: string[] };
  /** `/metrics`: behind a bearer token on the main port (`METRICS_TOKEN`) and/or on its own port (`METRICS_PORT`). */
  metrics: { token: string | undefined; port: number | undefined };
  /**
   * Slow clients: a whole request within `HTTP_REQUEST_TIMEOUT_SEC`, headers within 15 s, at most
   * `HTTP_CONNS_PER_ADDRESS` open connections per client address (0: no cap, behind a proxy).
   */
  http: ConnectionLimits;
  /**
   * Proxies whose `X-Forwarded-For` is believed (`TRUST_PROXY`), so that a request's address is the
   * client's; empty: the connection's own address.
   */
  trustProxy: string[];
};

/** The remote screen relay: under the main port unless given its own, the address terminals dial, timeouts. */
export type RemoteConfig = {
  /** Port of the relay's own listener (`REMOTE_PORT`); 0, the default, serves it under the main port. */
  port: number;
  /** Public relay URL (a proxy in front); otherwise built from PUBLIC_URL's host and `port`. */
  publicUrl: string | null;
  /** A session without input from its controller for this long ends. */
  idleMs: number;
  /** Recordings are kept this many days after their session ended. */
  recordingDays: number;
};

/** Blob store choice: disk under the data folder, or S3 (`BLOB_URL=s3://bucket/prefix`). */
export type BlobStoreConfig =
  | { kind: 'disk'; root: string }
  | {
      kind: 's3';
      bucket: string;
      prefix: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

const blobStoreConfig = (e: z.infer<typeof EnvSchema>, dataDir: string): BlobStoreConfig => {
  if (!e.BLOB_URL) return { kind: 'disk', root: path.join(dataDir, 'blobs') };
  const url = new URL(e.BLOB_URL);
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? 'on' : 'off')) === 'on',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
};

/** Calls a minute per account, per rate-limit class of endpoints. */
export type CallLimitsPerMinute = Record<RateLimitClass, number>;

/** Raised on a bad environment value; the message names every offending variable. */
export class ConfigError extends Error {}

/** Reads the environment (and `.env` in the working directory when present) into a typed config. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    liveMqttPort: e.LIVE_MQTT_PORT,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    terminalConnectsPerSec: e.TERMINAL_CONNECTS_PER_SEC,
    databaseTerminalPool: e.DATABASE_TERMINAL_POOL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminPassword: e.ADMIN_PASSWORD,
    captcha: e.CAPTCHA === 'on',
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    stepUpMs: e.STEP_UP_MINUTES * 60_000,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    blobStore: blobStoreConfig(e, dataDir),
    blobSweepMs: e.BLOB_SWEEP_MINUTES * 60_000,
    blobGraceMs: e.BLOB_GRACE_HOURS * 3_600_000,
    defaultQuotaBytes: e.STORAGE_QUOTA_MB === 0 ? null : e.STORAGE_QUOTA_MB * 1024 * 1024,
    callLimits: {
      files: e.RATE_FILES_PER_MINUTE,
      jobs: e.RATE_JOBS_PER_MINUTE,
      links: e.RATE_LINKS_PER_MINUTE,
      sso: e.RATE_SSO_PER_MINUTE,
    },
    map: {
      tileUrl: e.MAP_TILE_URL ?? null,
      datum: e.MAP_TILE_DATUM ?? (e.MAP_TILE_URL ? guessTileDatum(e.MAP_TILE_URL) : 'wgs84'),
      subdomains: e.MAP_TILE_SUBDOMAINS,
      attribution: e.MAP_TILE_ATTRIBUTION ?? (e.MAP_TILE_URL ? '' : 'Natural Earth'),
      maxZoom: e.MAP_TILE_URL ? e.MAP_TILE_MAX_ZOOM : 10,
    },
    activityRetention: {
      eventDays: e.ACTIVITY_EVENT_DAYS,
      hourlyDays: e.ACTIVITY_HOURLY_DAYS,
      dailyDays: e.ACTIVITY_DAILY_DAYS,
    },
    activityWriteMs: e.ACTIVITY_WRITE_SEC * 1000,
    appHealthCheckSec: e.APP_HEALTH_CHECK_SEC,
    webhooks: {
      allowHttp: e.WEBHOOK_ALLOW_HTTP === 'on',
      baseMs: e.WEBHOOK_RETRY_BASE_MS,
      capMs: e.WEBHOOK_RETRY_MAX_MS,
      retryForMs: e.WEBHOOK_RETRY_HOURS * 3_600_000,
      disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
      disableAfterMs: e.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
      logDays: e.WEBHOOK_LOG_DAYS,
    },
    geocoder: { url: e.GEOCODER_URL?.replace(/\/$/, '') ?? null, timeoutMs: e.GEOCODER_TIMEOUT_MS },
    sms: { url: e.SMS_URL, token: e.SMS_TOKEN },
    remote: {
      port: e.REMOTE_PORT,
      publicUrl: e.REMOTE_URL?.replace(/\/$/, '') ?? null,
      idleMs: e.REMOTE_IDLE_MINUTES * 60_000,
      recordingDays: e.REMOTE_RECORDING_DAYS,
    },
    webauthn: webauthnConfig(e),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    http: {
      ...DEFAULT_CONNECTION_LIMITS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SEC * 1000,
      perAddress: e.HTTP_CONNS_PER_ADDRESS,
    },
    trustProxy: e.TRUST_PROXY,
  };
};

/** The passkeys' relying party: a domain (never an IP address, which WebAuthn refuses) and its origins. */
const webauthnConfig = (e: z.infer<typeof EnvSchema>) => {
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const host = publicUrl.hostname;
  const isIp = /^[\d.]+$/.test(host) || host.startsWith('[');
  const origins = e.WEBAUTHN_ORIGINS?.split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return {
    rpId: e.WEBAUTHN_RP_ID ?? (isIp ? null : host),
    rpName: e.WEBAUTHN_RP_NAME,
    origins: origins?.length ? origins : [publicUrl.origin],
  };
};

/** Loads `.env` from the working directory into the environment, if there is one. */
export const loadDotEnv = (file = '.env') => {
  if (existsSync(file)) process.loadEnvFile(file);
};
