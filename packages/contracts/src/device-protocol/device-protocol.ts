import { z } from 'zod';
import { AlarmMessageSchema } from './alarms';
import { SN_PATTERN } from './protocol-constants';

export const SnSchema = z.string().trim().regex(SN_PATTERN);

/* @__NO_SIDE_EFFECTS__ */
const int = (max: number) => z.number().int().min(0).max(max);
const shortText = z.string().max(128);

/** Enrollment: a registered or factory-recorded SN with its enterprise's enrollment key receives its secret. */
export const EnrollRequestSchema = z.strictObject({
  sn: SnSchema,
  /** The enterprise's enrollment key (shown in the console to enterprise administrators). */
  enrollmentKey: z.string().min(16).max(128),
  /** MAC of the main interface, checked against the record when one is there. */
  mac: z.string().max(32).optional(),
});
export type EnrollRequest = z.infer<typeof EnrollRequestSchema>;

export const EnrollResultSchema = z.object({
  sn: z.string(),
  /** MQTT password and HTTP Basic password from now on; a new enrollment replaces it. */
  secret: z.string(),
  /** MQTT topics to use. */
  topics: z.object({ up: z.string(), down: z.string() }),
  heartbeatIntervalSec: z.number().int(),
});
export type EnrollResult = z.infer<typeof EnrollResultSchema>;

/** An installed app, as the terminal reports it. */
export const InstalledAppSchema = z.object({
  packageName: z.string().min(1).max(256),
  name: shortText.optional(),
  versionName: shortText.optional(),
  versionCode: z.number().int().min(0).optional(),
  system: z.boolean().optional(),
  /** Android runtime permissions the app holds now (changed by permission tasks). */
  permissions: z.array(z.string().max(255)).max(100).optional(),
});

/** A peripheral attached to the terminal. */
export const AttachedPeripheralSchema = z.object({
  /** `printer`: a print queue of the terminal's OS (CUPS on Linux), whatever connects it. */
  kind: z.enum(['serial', 'usb', 'printer']),
  name: shortText,
  vid: z.string().max(8).optional(),
  pid: z.string().max(8).optional(),
  port: shortText.optional(),
  status: z.enum(['ok', 'fault']).default('ok'),
});
export type AttachedPeripheral = z.infer<typeof AttachedPeripheralSchema>;

/** Hello, sent once on every boot and connection: hardware and versions. */
export const HelloSchema = z.object({
  ts: z.number().int().optional(),
  platform: z.enum(['android', 'linux', 'windows']).default('android'),
  /** Model name as the terminal knows it; matched against the model catalogue. */
  model: shortText.optional(),
  osVersion: shortText.optional(),
  firmwareVersion: shortText.optional(),
  agentVersion: shortText.optional(),
  hardware: z
    .object({
      cpu: shortText.optional(),
      cores: int(256).optional(),
      memoryMb: int(1_048_576).optional(),
      storageMb: int(100_000_000).optional(),
      resolution: z.string().max(32).optional(),
      imei: z.string().max(32).optional(),
      mac: z.string().max(32).optional(),
      bluetoothMac: z.string().max(32).optional(),
    })
    .default({}),
  apps: z.array(InstalledAppSchema).max(500).default([]),
  peripherals: z.array(AttachedPeripheralSchema).max(64).default([]),
});
export type Hello = z.infer<typeof HelloSchema>;

/** Heartbeat, every `heartbeatIntervalSec`: the terminal's vital signs. */
export const HeartbeatSchema = z.object({
  ts: z.number().int().optional(),
  battery: int(100).optional(),
  charging: z.boolean().optional(),
  network: z.enum(['wifi', 'ethernet', 'cellular', 'none']).optional(),
  signal: z.number().int().min(-150).max(0).optional(),
  ip: z.string().max(64).optional(),
  storageFreeMb: int(100_000_000).optional(),
  memoryFreeMb: int(1_048_576).optional(),
  /** Seconds since boot. */
  uptimeSec: int(10 * 365 * 86400).optional(),
  /** Mobile and Wi-Fi data used since boot, bytes. */
  dataUsageBytes: z.number().int().min(0).optional(),
  /** Mobile (cellular) data used since boot, bytes; the data centre sums its growth. */
  mobileBytes: z.number().int().min(0).optional(),
  /** Wi-Fi data used since boot, bytes. */
  wifiBytes: z.number().int().min(0).optional(),
  /**
   * Payment state, for payment-aware tasks: a sale is in progress, the day's batch is not settled
   * yet. Tasks with conditions wait for these to clear on the terminal itself.
   */
  payment: z.object({ inTransaction: z.boolean(), unsettled: z.boolean() }).optional(),
});
export type Heartbeat = z.infer<typeof HeartbeatSchema>;

/** Location fix. */
export const LocationSchema = z.object({
  ts: z.number().int().optional(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
  source: z.enum(['gps', 'network', 'ip']).default('gps'),
});
export type Location = z.infer<typeof LocationSchema>;

export const DEVICE_EVENT_TYPES = [
  'boot',
  'shutdown',
  'peripheralAttached',
  'peripheralDetached',
  'peripheralFault',
  'appInstalled',
  'appRemoved',
  /** The terminal's own hardware failed (battery, touch panel, card reader...); `detail` says what. */
  'hardwareFault',
  /** An app crashed (`app` names the package and version); the app market's gray-release health gate counts them. */
  'appCrash',
  /** An app stopped responding (ANR); counted like a crash. */
  'appAnr',
  /** The terminal locked its payment app as the server asked (`detail`: the fence named). */
  'paymentLocked',
  /** The terminal unlocked its payment app as the server asked. */
  'paymentUnlocked',
] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

/** Something that happened on the terminal. */
export const DeviceEventSchema = z.object({
  ts: z.number().int().optional(),
  type: z.enum(DEVICE_EVENT_TYPES),
  peripheral: AttachedPeripheralSchema.optional(),
  app: InstalledAppSchema.optional(),
  /** Free text: fault reason, shutdown cause. */
  detail: z.string().max(500).optional(),
});
export type DeviceEvent = z.infer<typeof DeviceEventSchema>;

/** Connection state; a terminal sets `{online:false}` as its MQTT will and sends `{online:true}` after connecting. */
export const DeviceStatusSchema = z.object({ online: z.boolean() });
export type DeviceStatus = z.infer<typeof DeviceStatusSchema>;

/** Schema of each up kind the gateway handles. */
export const UP_SCHEMAS = {
  hello: HelloSchema,
  heartbeat: HeartbeatSchema,
  location: LocationSchema,
  event: DeviceEventSchema,
  status: DeviceStatusSchema,
  alarm: AlarmMessageSchema,
} as const;
export type HandledUpKind = keyof typeof UP_SCHEMAS;

/**
 * `down/cmd` `paymentLock`: lock (or unlock) the payment app. Sent when a geofence that locks payment
 * sees the terminal break its rule (or come back), and again on every hello until the terminal reports
 * the state it was asked for with a `paymentLocked` or `paymentUnlocked` event. HTTP terminals read
 * the same order from the heartbeat answer's `paymentLock`.
 */
export const PaymentLockCommandSchema = z.object({
  type: z.literal('paymentLock'),
  locked: z.boolean(),
  /** The fence that asked for the lock; null when unlocking. */
  fence: z.string().nullable(),
  ts: z.number().int(),
});
export type PaymentLockCommand = z.infer<typeof PaymentLockCommandSchema>;

/** Answer to an HTTP heartbeat: what the terminal should do next. */
export const HeartbeatAnswerSchema = z.object({
  heartbeatIntervalSec: z.number().int(),
  /** Deliveries waiting for this terminal (tasks, commands); fetched separately. */
  pending: z.number().int(),
  /** The payment-app lock the terminal must hold, when it has not yet reported holding it. */
  paymentLock: PaymentLockCommandSchema.optional(),
  serverTime: z.number().int(),
});
