import type { AttachedPeripheral, Heartbeat, Hello, Location } from '@cpm/contracts';
import { type Desktop, x11Desktop } from './linux/desktop';
import { bootId, diskFreePercent, heartbeatFacts, helloFacts, peripherals } from './linux/facts';
import { watchGpsd } from './linux/gps';
import { firstBacklight, linuxPolicySystem } from './linux/policy-system';
import { screenshotJpeg } from './linux/screen';

/**
 * What the agent needs from the operating system. Everything OS-specific sits behind this, in one
 * folder per OS (`linux/` today); the rest of the agent is the same everywhere.
 */
export type Platform = {
  hello(o: { model?: string; agentVersion: string }): Promise<Hello>;
  heartbeat(): Promise<Heartbeat>;
  peripherals(): Promise<AttachedPeripheral[]>;
  /** Free space of the file system holding `path`, percent of its size; null when it cannot be read. */
  diskFreePercent(path: string): number | null;
  /** Changes at every power-on. */
  bootId(): string;
  /** Reports fixes from the positioning service while it runs. */
  watchLocation(o: { host: string; port: number; onFix: (fix: Location) => void }): { stop(): void };
  /** The screen as a JPEG (X11 on Linux). */
  screenshot(display?: string): Promise<{ width: number; height: number; bytes: Buffer }>;
  /** The screen of `display` for a remote desktop session: capture, input, the consent dialog. */
  desktop(display: string): Desktop;
  /** Commands and files configuration policies are applied through. */
  policySystem: {
    run(cmd: string, args: string[]): Promise<string>;
    readText(file: string): string | null;
    writeText(file: string, text: string): void;
  };
  /** The screen backlight's folder when the terminal has one (brightness). */
  backlight(): string | undefined;
};

export type { Asking, Desktop } from './linux/desktop';

export const linuxPlatform: Platform = {
  hello: helloFacts,
  heartbeat: heartbeatFacts,
  peripherals,
  diskFreePercent,
  bootId,
  watchLocation: watchGpsd,
  screenshot: screenshotJpeg,
  desktop: x11Desktop,
  policySystem: linuxPolicySystem,
  backlight: firstBacklight,
};

/** The platform this process runs on; only Linux is supported so far. */
export const currentPlatform = (): Platform => {
  if (process.platform !== 'linux')
    throw new Error(`cpm-agent supports Linux only (this is ${process.platform})`);
  return linuxPlatform;
};
