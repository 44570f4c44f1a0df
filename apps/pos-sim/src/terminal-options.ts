import type { Heartbeat, Hello, UpKind } from '@cpm/contracts';
import type { CrashRates, SimApp } from './app-health';
import type { RemoteAnswer } from './remote-screen';

/** A city the simulated terminals wander around. */
export type City = { name: string; lat: number; lng: number };

/** Cities known by name to `--cities`. */
export const CITIES: Record<string, City> = {
  shanghai: { name: 'Shanghai', lat: 31.2304, lng: 121.4737 },
  beijing: { name: 'Beijing', lat: 39.9042, lng: 116.4074 },
  shenzhen: { name: 'Shenzhen', lat: 22.5431, lng: 114.0579 },
  singapore: { name: 'Singapore', lat: 1.3521, lng: 103.8198 },
  london: { name: 'London', lat: 51.5074, lng: -0.1278 },
  saopaulo: { name: 'Sao Paulo', lat: -23.5505, lng: -46.6333 },
};

/** How one virtual terminal behaves. */
export type TerminalOptions = {
  sn: string;
  mac: string;
  /** HTTP base URL of the server (enrollment and the HTTP transport). */
  server: string;
  enrollmentKey: string;
  /** The secret of a terminal enrolled before (it connects at once instead of enrolling). */
  secret?: string;
  transport: 'mqtt' | 'http';
  /** Broker URL for the MQTT transport. */
  mqttUrl: string;
  city: City;
  model: string;
  heartbeatSec: number;
  /** Chance per heartbeat that the printer jams (a peripheral fault), and of a reboot. */
  faultRate: number;
  rebootRate: number;
  /** Counters shared by the whole fleet. */
  stats: SimStats;
  /** Apps installed besides the agent and the cashier, and the crash and ANR rates per version. */
  apps?: SimApp[];
  crashRates?: CrashRates;
  random?: () => number;
  /** What the person at the terminal answers to a remote session request (default accept). */
  remoteAnswer?: RemoteAnswer;
  /** Platform reported in the hello (default android). */
  platform?: 'android' | 'windows';
  /** Further behaviour (remote tasks), given the terminal's handles. */
  extension?: (api: TerminalApi) => TerminalExtension;
};

/** What an extension may use of a terminal. */
export type TerminalApi = {
  sn: string;
  server: string;
  transport: 'mqtt' | 'http';
  /** The secret from enrollment (undefined before). */
  secret(): string | undefined;
  /** Sends an up message (MQTT publish, or the HTTP fallback's endpoint of that kind). */
  send(kind: UpKind, body: unknown): Promise<void>;
  /** Calls the server over HTTP as this terminal. */
  http(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown>;
  reboot(): Promise<void>;
  /** Goes away without a word (as a terminal losing its network) and comes back after `ms`. */
  dropOut(ms: number): Promise<void>;
  battery(): number;
  charging(): boolean;
  isConnected(): boolean;
  /** The screen as a JPEG (a secure screen comes out black). */
  screenshot?(): Promise<{ bytes: Buffer; width: number; height: number; secure: boolean }>;
  /** Sends a file as multipart field `file` to a device endpoint (path with its query). */
  upload?(path: string, name: string, mediaType: string, bytes: Buffer): Promise<unknown>;
  /** Sends the hello again (its inventory changed: an app's permissions). */
  hello?(): Promise<void>;
};

/** Hooks an extension offers the terminal. */
export type TerminalExtension = {
  /** After every connection's hello. */
  onConnected?(): void;
  /** A message on one of the terminal's `down` topics. */
  onDown?(kind: string, payload: Buffer): void;
  /** The HTTP heartbeat's answer. */
  onHeartbeatAnswer?(answer: { pending: number }): void;
  /** Fields added to each heartbeat. */
  heartbeat?(): Partial<Heartbeat>;
  /** Apps to report in the hello, replacing the defaults. */
  apps?(): Hello['apps'];
  /** Versions to report in the hello. */
  versions?(): Partial<Pick<Hello, 'osVersion' | 'firmwareVersion'>>;
};

/** What the fleet has done so far. */
export type SimStats = {
  enrolled: number;
  connected: number;
  heartbeats: number;
  messages: number;
  reconnects: number;
  /** Connections the broker refused for load ("server unavailable"), each followed by the protocol's back-off. */
  backoffs: number;
  reboots: number;
  faults: number;
  /** App crashes and ANRs reported. */
  crashes: number;
  errors: number;
  lastError?: string;
};

export const newStats = (): SimStats => ({
  enrolled: 0,
  connected: 0,
  heartbeats: 0,
  messages: 0,
  reconnects: 0,
  backoffs: 0,
  reboots: 0,
  faults: 0,
  crashes: 0,
  errors: 0,
});
