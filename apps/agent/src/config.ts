import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The agent's configuration: a JSON file the operator (or the package) writes, usually
 * `/etc/cpm-agent/agent.json`. Everything the agent may touch on the terminal is named here: where it
 * keeps its state, the only folders pushed files may land in, where apps go, the reboot command.
 */
export const AgentConfigSchema = z.strictObject({
  /** The server, `https://cpm.example.com` (the HTTP fallback and file downloads go here). */
  server: z.url(),
  /** The broker; default the server's own `/mqtt` over WebSocket. */
  mqttUrl: z.string().optional(),
  /** `mqtt` (with the HTTP fallback while MQTT cannot connect) or `http` only. */
  transport: z.enum(['mqtt', 'http']).default('mqtt'),
  /** Seconds MQTT may fail to connect before messages go over HTTP meanwhile. */
  httpFallbackAfterSec: z.number().int().min(1).max(3600).default(30),
  /** Secret, queued results and downloads; readable by the agent only (0700, files 0600). */
  stateDir: z.string().default('/var/lib/cpm-agent'),
  /** Folders a pushed system file may be saved under; a path outside them is refused. */
  fileRoots: z.array(z.string()).default(['/opt/pos/files']),
  /** Versioned app folders: `<appsDir>/<package>/<version>/`, `current` links the running one. */
  appsDir: z.string().default('/opt/pos/apps'),
  /** The agent's own versions: `versions/<version>/`, `current` links the running one (self-update). */
  installDir: z.string().default('/opt/cpm-agent'),
  /** The Ed25519 public key (PEM) update packages must be signed with; without it updates are refused. */
  updatePublicKey: z.string().default('/etc/cpm-agent/update-key.pem'),
  /** Seconds a new version has to reach the server before it is rolled back. */
  updateConfirmSec: z.number().int().min(5).max(3600).default(120),
  /** Whether a `.deb` app package may be installed through dpkg (changes the whole system). */
  allowDeb: z.boolean().default(false),
  /** The reboot command, run for reboot tasks and commands. */
  rebootCommand: z.array(z.string()).min(1).default(['systemctl', 'reboot']),
  /** Shell for command tasks, and the time a command may run, seconds. */
  shell: z.string().default('/bin/sh'),
  commandTimeoutSec: z.number().int().min(1).max(3600).default(300),
  /** gpsd, read when it runs; `null` turns location off. */
  gpsd: z
    .object({ host: z.string(), port: z.number().int() })
    .nullable()
    .default({ host: '127.0.0.1', port: 2947 }),
  /** The X display screenshots and remote desktop sessions are taken of (default `$DISPLAY`). */
  display: z.string().optional(),
  /** Language of what the person at the till reads (the remote desktop's consent dialog). */
  language: z.enum(['en', 'zh']).default('en'),
  /** Model name reported in hello (default the DMI product name). */
  model: z.string().max(128).optional(),
  /** Log file uploaded when the server asks for logs (default the agent's own journal in stateDir). */
  logFile: z.string().optional(),
  /**
   * The payment app's status file (JSON `{"inTransaction": bool, "unsettled": bool, "secure": bool}`),
   * read for the payment-aware task conditions and sent in heartbeats; without it the till counts as
   * idle and settled. `secure` blacks out remote desktop frames while the payment app shows a PIN pad.
   */
  paymentStatusFile: z.string().optional(),
  /** Shortest time between two location reports, seconds. */
  locationEverySec: z.number().int().min(1).max(3600).default(10),
  /** Heartbeat period, seconds, instead of the one the server asks for (for tests and trials). */
  heartbeatSec: z.number().int().min(1).max(3600).optional(),
  /** When the agent raises `lowBattery` and `diskFull` (below these percentages), and which disk. */
  alarms: z
    .object({
      lowBatteryPercent: z.number().min(0).max(100).default(15),
      diskFreePercent: z.number().min(0).max(100).default(5),
      diskPath: z.string().default('/'),
    })
    .prefault({}),
  /**
   * What configuration policies may change here. Time zone only when allowed; the screen timeout on
   * `display` through xset; brightness through the backlight (`null`: none); wallpaper and kiosk app
   * through hook commands run with the value as their last argument.
   */
  policy: z
    .object({
      timeZone: z.boolean().default(false),
      /** A backlight folder, `/sys/class/backlight/<name>` (default the first one, if any). */
      backlight: z.string().nullable().optional(),
      hooks: z
        .object({
          wallpaper: z.array(z.string()).min(1).optional(),
          kioskApp: z.array(z.string()).min(1).optional(),
        })
        .prefault({}),
    })
    .prefault({}),
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

/** Reads and checks a configuration file; relative paths in it are taken from the file's folder. */
export const loadConfig = (file: string): AgentConfig => {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const c = AgentConfigSchema.parse(raw);
  const dir = path.dirname(path.resolve(file));
  const abs = (p: string) => path.resolve(dir, p);
  return {
    ...c,
    stateDir: abs(c.stateDir),
    appsDir: abs(c.appsDir),
    installDir: abs(c.installDir),
    updatePublicKey: abs(c.updatePublicKey),
    fileRoots: c.fileRoots.map(abs),
    logFile: c.logFile ? abs(c.logFile) : undefined,
    paymentStatusFile: c.paymentStatusFile ? abs(c.paymentStatusFile) : undefined,
  };
};

/** The broker URL for a server: its own `/mqtt` over WebSocket. */
export const mqttUrlOf = (c: AgentConfig) =>
  c.mqttUrl ?? `${c.server.replace(/^http/, 'ws').replace(/\/$/, '')}/mqtt`;
