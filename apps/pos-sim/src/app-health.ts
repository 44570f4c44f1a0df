import type { DeviceEvent } from '@cpm/contracts';

/** An installed app as the simulated terminal reports it. */
export type SimApp = { packageName: string; versionCode: number; versionName: string; name?: string };

/**
 * Chance per heartbeat that an app version crashes or stops responding, by `package@versionCode`.
 * This is how a demo or a test makes one version unhealthy while the others run fine.
 */
export type CrashRates = Map<string, { crash: number; anr: number }>;

const key = (packageName: string, versionCode: number) => `${packageName}@${versionCode}`;

/**
 * `com.example.cashier@320=0.2,com.cpm.demo@3=1` to rates. `kind` says which rate the list sets
 * (`--crash-rate` or `--anr-rate`); both lists may name the same version.
 */
export const parseCrashRates = (
  spec: string | undefined,
  kind: 'crash' | 'anr',
  into: CrashRates = new Map(),
) => {
  for (const part of (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z][\w.]*)@(\d+)=(\d*\.?\d+)$/.exec(part);
    if (!m)
      throw new Error(`bad rate "${part}": expected package@versionCode=chance, e.g. com.cpm.demo@3=0.5`);
    const rate = Number(m[3]);
    if (rate < 0 || rate > 1) throw new Error(`bad rate "${part}": the chance is between 0 and 1`);
    const k = key(m[1], Number(m[2]));
    const current = into.get(k) ?? { crash: 0, anr: 0 };
    into.set(k, { ...current, [kind]: rate });
  }
  return into;
};

/** `com.cpm.demo:1:1.0.0,com.example.pay:7:2.1` to installed apps (package, version code, name). */
export const parseApps = (spec: string | undefined): SimApp[] =>
  (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const [packageName, code, versionName] = part.split(':');
      if (!packageName || !/^\d+$/.test(code ?? ''))
        throw new Error(`bad app "${part}": expected package:versionCode[:versionName]`);
      return { packageName, versionCode: Number(code), versionName: versionName || code };
    });

/** The crashes and ANRs one heartbeat of a terminal running `apps` produces. */
export const healthEvents = (
  apps: readonly { packageName: string; versionCode?: number; versionName?: string }[],
  rates: CrashRates,
  rnd: () => number,
): DeviceEvent[] => {
  const out: DeviceEvent[] = [];
  for (const app of apps) {
    if (app.versionCode === undefined) continue;
    const rate = rates.get(key(app.packageName, app.versionCode));
    if (!rate) continue;
    const which = {
      packageName: app.packageName,
      versionCode: app.versionCode,
      versionName: app.versionName,
    };
    if (rnd() < rate.crash)
      out.push({ ts: Date.now(), type: 'appCrash', app: which, detail: 'simulated crash' });
    if (rnd() < rate.anr) out.push({ ts: Date.now(), type: 'appAnr', app: which, detail: 'simulated ANR' });
  }
  return out;
};
