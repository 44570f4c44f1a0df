import { z } from 'zod';

/**
 * The typed fields a configuration policy may set. Each field belongs to a group of the editor, has
 * one schema for its value, and is sent to terminals by its key (see `docs/device-protocol.md`,
 * "Configuration policies").
 */
const packageName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, 'package name such as com.example.pos')
  .max(256);
const onOff = z.boolean();
const percent = z.number().int().min(0).max(100);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const monthDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** When apps may update: at once, only inside the update window, or never during a sale (payment-aware). */
export const APP_UPDATE_MODES = ['immediately', 'window', 'notInSale'] as const;

export const POLICY_FIELD_SCHEMAS = {
  /** The one app the terminal is locked to (kiosk mode); null switches kiosk mode off. */
  kioskApp: packageName.nullable(),
  /** Apps a user may open besides the kiosk app (lockdown allow-list). */
  allowedApps: z.array(packageName).max(200),
  /** Apps that must be installed, with the versions accepted (from the app market). */
  requiredApps: z
    .array(
      z.strictObject({
        packageName,
        minVersionCode: z.number().int().min(0).optional(),
        maxVersionCode: z.number().int().min(0).optional(),
      }),
    )
    .max(100),
  /**
   * Managed app configuration: key/value pairs per app. Values may hold `${sn}`, `${store}` (the
   * group's number) and `${group}` (the group's name), replaced per terminal.
   */
  appConfig: z.record(packageName, z.record(z.string().min(1).max(128), z.string().max(1000))),
  screenTimeoutSec: z.number().int().min(5).max(86_400),
  brightness: percent,
  volume: percent,
  /** IANA time zone, e.g. Asia/Shanghai. */
  timeZone: z
    .string()
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/)
    .max(64),
  wifiNetworks: z
    .array(
      z.strictObject({
        ssid: z.string().min(1).max(32),
        security: z.enum(['open', 'wpa2', 'wpa3']),
        password: z.string().max(63).optional(),
      }),
    )
    .max(20),
  bluetooth: onOff,
  usbDebugging: onOff,
  usbFileTransfer: onOff,
  locationReporting: onOff,
  /** A wallpaper from the media library (its id); null leaves the terminal's own. */
  wallpaper: z.uuid().nullable(),
  /** A boot animation from the media library (its id). */
  bootAnimation: z.uuid().nullable(),
  /** Maintenance: restart hour, the update window, dates without updates, and the app update mode. */
  maintenance: z.strictObject({
    restartHour: z.number().int().min(0).max(23).nullable(),
    updateWindow: z.strictObject({ from: hhmm, to: hhmm }).nullable(),
    freezeDates: z.array(z.strictObject({ from: monthDay, to: monthDay })).max(50),
    appUpdateMode: z.enum(APP_UPDATE_MODES),
  }),
} as const;

export type PolicyFieldKey = keyof typeof POLICY_FIELD_SCHEMAS;
export const POLICY_FIELD_KEYS = Object.keys(POLICY_FIELD_SCHEMAS) as PolicyFieldKey[];
export type PolicyFieldValue<K extends PolicyFieldKey = PolicyFieldKey> = z.infer<
  (typeof POLICY_FIELD_SCHEMAS)[K]
>;

/** The editor's field groups, in order. */
export const POLICY_FIELD_GROUPS = {
  lockdown: ['kioskApp', 'allowedApps'],
  apps: ['requiredApps', 'appConfig'],
  display: ['screenTimeoutSec', 'brightness', 'volume', 'wallpaper', 'bootAnimation'],
  system: ['timeZone', 'maintenance'],
  connectivity: ['wifiNetworks', 'bluetooth'],
  security: ['usbDebugging', 'usbFileTransfer', 'locationReporting'],
} as const satisfies Record<string, readonly PolicyFieldKey[]>;

/** Each field's name in both languages (errors name the locked field with it). */
export const POLICY_FIELD_LABELS: Record<PolicyFieldKey, { zh: string; en: string }> = {
  kioskApp: { zh: '锁定应用（Kiosk）', en: 'Kiosk app' },
  allowedApps: { zh: '允许的应用', en: 'Allowed apps' },
  requiredApps: { zh: '必装应用', en: 'Required apps' },
  appConfig: { zh: '应用配置', en: 'Managed app configuration' },
  screenTimeoutSec: { zh: '屏幕超时', en: 'Screen timeout' },
  brightness: { zh: '亮度', en: 'Brightness' },
  volume: { zh: '音量', en: 'Volume' },
  timeZone: { zh: '时区', en: 'Time zone' },
  wifiNetworks: { zh: 'Wi-Fi 网络', en: 'Wi-Fi networks' },
  bluetooth: { zh: '蓝牙', en: 'Bluetooth' },
  usbDebugging: { zh: 'USB 调试', en: 'USB debugging' },
  usbFileTransfer: { zh: 'USB 文件传输', en: 'USB file transfer' },
  locationReporting: { zh: '位置上报', en: 'Location reporting' },
  wallpaper: { zh: '壁纸', en: 'Wallpaper' },
  bootAnimation: { zh: '开机动画', en: 'Boot animation' },
  maintenance: { zh: '维护策略', en: 'Maintenance' },
};

/** How much a field's non-compliance matters; `log` is recorded and never counts against compliance. */
export const POLICY_SEVERITIES = ['critical', 'major', 'minor', 'log'] as const;
export type PolicySeverity = (typeof POLICY_SEVERITIES)[number];

/**
 * A terminal's state for one field: verified (reported actual equals desired), pending (sent, no
 * report yet), failed (the terminal's reason), drift (changed after it was verified), unsupported
 * (the terminal cannot apply it; never verified, never retried until the field changes).
 */
export const COMPLIANCE_STATES = ['verified', 'pending', 'failed', 'drift', 'unsupported'] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];

/** One field as a policy sets it. */
const settingOf = <S extends z.ZodType>(value: S) =>
  z.strictObject({
    value,
    severity: z.enum(POLICY_SEVERITIES).default('major'),
    /** Locked: nothing assigned below may set this field. */
    locked: z.boolean().default(false),
  });

/** The fields a policy sets: any subset of the catalogue. */
const S = POLICY_FIELD_SCHEMAS;
export const PolicyFieldsSchema = z.strictObject({
  kioskApp: settingOf(S.kioskApp).optional(),
  allowedApps: settingOf(S.allowedApps).optional(),
  requiredApps: settingOf(S.requiredApps).optional(),
  appConfig: settingOf(S.appConfig).optional(),
  screenTimeoutSec: settingOf(S.screenTimeoutSec).optional(),
  brightness: settingOf(S.brightness).optional(),
  volume: settingOf(S.volume).optional(),
  timeZone: settingOf(S.timeZone).optional(),
  wifiNetworks: settingOf(S.wifiNetworks).optional(),
  bluetooth: settingOf(S.bluetooth).optional(),
  usbDebugging: settingOf(S.usbDebugging).optional(),
  usbFileTransfer: settingOf(S.usbFileTransfer).optional(),
  locationReporting: settingOf(S.locationReporting).optional(),
  wallpaper: settingOf(S.wallpaper).optional(),
  bootAnimation: settingOf(S.bootAnimation).optional(),
  maintenance: settingOf(S.maintenance).optional(),
});
export type PolicyFields = z.infer<typeof PolicyFieldsSchema>;
export type PolicySetting = NonNullable<PolicyFields[PolicyFieldKey]>;
