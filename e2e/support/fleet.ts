import { mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SimApp } from '../../apps/pos-sim/src/app-health';
import { apiClient, registerFleet, startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { ADMIN, BASE_URL, REPO_ROOT } from './env';

const KEY_DIR = path.join(REPO_ROOT, 'e2e', 'test-results', 'enrollment');
const LOCK = path.join(KEY_DIR, 'lock');
const KEY = path.join(KEY_DIR, 'key');

/** Forgets the previous run's key: each run's server starts empty. Called by the global setup. */
export const forgetEnrollmentKey = () => rm(KEY_DIR, { recursive: true, force: true });

let issued: Promise<string> | undefined;

/**
 * The administrator's enrollment key for this run. Issuing a key revokes the previous one, and the
 * suite's workers run fleets at the same time, so the first worker to ask issues it (holding the
 * lock file) and every other one reads it; a fleet never loses its key to another spec.
 */
const enrollmentKey = () => {
  issued ??= (async () => {
    await mkdir(KEY_DIR, { recursive: true });
    try {
      await (await open(LOCK, 'wx')).close();
    } catch {
      for (;;) {
        const key = await readFile(KEY, 'utf8').catch(() => '');
        if (key) return key;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const api = await apiClient(BASE_URL, ADMIN.username, ADMIN.password);
    const { enrollmentKey } = await api.call<{ enrollmentKey: string }>(
      'POST',
      '/device/v1/device/terminal/rotateEnrollmentKey',
    );
    // Written aside and renamed, so a reader never sees half a key.
    await writeFile(`${KEY}.tmp`, enrollmentKey);
    await rename(`${KEY}.tmp`, KEY);
    return enrollmentKey;
  })();
  return issued;
};

/** Registers a simulated fleet for the administrator and hands back the run's enrollment key. */
export const provisionFleet = async (o: Parameters<typeof registerFleet>[0]) => {
  const { registered } = await registerFleet(o);
  return { enrollmentKey: await enrollmentKey(), registered };
};

/**
 * Registers and starts `count` simulated tills in Shanghai over MQTT that take remote work and never
 * fail, reboot or go offline by themselves: what a test of the console's terminal tools drives.
 */
export const startSteadyTills = async (o: {
  prefix: string;
  model: string;
  count?: number;
  /** Apps installed beside the defaults. */
  apps?: SimApp[];
}) => {
  const count = o.count ?? 1;
  const { enrollmentKey } = await provisionFleet({
    server: BASE_URL,
    username: ADMIN.username,
    password: ADMIN.password,
    count,
    prefix: o.prefix,
    model: o.model,
  });
  return startFleet({
    count,
    server: BASE_URL,
    transport: 'mqtt',
    prefix: o.prefix,
    enrollmentKey,
    cities: [CITIES.shanghai],
    model: o.model,
    apps: o.apps,
    heartbeatSec: 5,
    rampSec: 1,
    faultRate: 0,
    rebootRate: 0,
    tasks: {
      failureRate: 0,
      paymentRate: 0,
      offlineRate: 0,
      offlineSec: 0,
      dataDir: await mkdtemp(path.join(tmpdir(), `e2e-${o.prefix.toLowerCase()}-`)),
    },
  });
};
