import type { DeviceEvent } from '@cpm/contracts';
import type { AgentRepository } from './agent.repository';
import type { AgentServiceDeps, DeviceIdentity } from './agent.service';

/** `list` without the entry whose `key` matches `entry`'s, and with `entry` at the end when `present`. */
const replaced = <T>(list: T[], entry: T, key: keyof T, present: boolean) => {
  const others = list.filter((x) => x[key] !== entry[key]);
  return present ? [...others, entry] : others;
};

/**
 * What a terminal's events do: boots batched like heartbeats; the rest logged, counted for the data
 * centre, and applied (shutdown, payment lock, faults, peripherals and apps changed), then announced.
 */
export const createDeviceEventHandler = (
  deps: Pick<
    AgentServiceDeps,
    'repo' | 'clock' | 'events' | 'activity' | 'appHealth' | 'onPaymentLock' | 'onFault'
  >,
  parts: {
    writer: ReturnType<AgentRepository['heartbeatWriter']>;
    stats: { accepted: number };
    logStatus: (terminalId: string, kind: string, detail?: string | null) => Promise<unknown>;
    markOffline: (sn: string, detail: string) => Promise<void>;
  },
) => {
  const { repo, clock } = deps;
  const { writer, stats, logStatus, markOffline } = parts;
  /** Tells the fault handler (support's health watch) about a terminal's fault. */
  const fault = (
    device: DeviceIdentity,
    kind: 'peripheral' | 'hardware',
    peripheralName: string,
    detail: string | undefined,
    at: Date,
  ) =>
    deps.onFault?.({
      terminalId: device.id,
      sn: device.sn,
      ownerId: device.ownerId,
      kind,
      peripheralName,
      detail: detail ?? null,
      at,
    });
  return async (device: DeviceIdentity, ev: DeviceEvent) => {
    const now = clock.now();
    // Boots come in bursts (a store powering up, a restarted broker): batched like heartbeats.
    if (ev.type === 'boot') {
      writer.add(device.sn, null, { boot: true });
      deps.events.emit({ sn: device.sn, ownerId: device.ownerId, kind: 'boot' });
      stats.accepted++;
      return;
    }
    const detail = ev.peripheral?.name ?? ev.app?.packageName ?? ev.detail ?? null;
    await logStatus(device.id, ev.type, detail);
    if (ev.type === 'shutdown') deps.activity?.shutdown(device.sn, now, detail);
    else deps.activity?.event(device.sn, ev.type, detail, now);
    const changesApps = ev.type === 'appInstalled' || ev.type === 'appRemoved';
    // What the terminal ran before this event tells an install from an upgrade, reinstall or downgrade.
    const appsBefore = changesApps && ev.app ? await repo.appsOf(device.id) : [];
    if (ev.app && ['appCrash', 'appAnr', 'appInstalled', 'appRemoved'].includes(ev.type)) {
      const had = appsBefore.find((a) => a.packageName === ev.app?.packageName)?.versionCode;
      await deps.appHealth?.(device.sn, ev, now, typeof had === 'number' ? had : null);
    }
    switch (ev.type) {
      case 'shutdown':
        await repo.markShutdown(device.id, now);
        break;
      case 'paymentLocked':
      case 'paymentUnlocked':
        await deps.onPaymentLock?.(device, ev.type === 'paymentLocked', now);
        deps.events.emit({ sn: device.sn, ownerId: device.ownerId, kind: ev.type });
        break;
      case 'peripheralFault': {
        const name = ev.peripheral?.name ?? 'unknown';
        await repo.saveFault(
          device.id,
          { name, kind: ev.peripheral?.kind ?? null, detail: ev.detail ?? null },
          now,
        );
        await fault(device, 'peripheral', name, ev.detail, now);
        break;
      }
      case 'hardwareFault':
        await fault(device, 'hardware', ev.detail ?? 'hardware', ev.detail, now);
        break;
      case 'peripheralAttached':
      case 'peripheralDetached': {
        const p = ev.peripheral;
        if (!p) break;
        const list = await repo.peripheralsOf(device.id);
        await repo.setPeripherals(device.id, replaced(list, p, 'name', ev.type === 'peripheralAttached'));
        break;
      }
      case 'appInstalled':
      case 'appRemoved': {
        const app = ev.app;
        if (!app) break;
        await repo.setApps(device.id, replaced(appsBefore, app, 'packageName', ev.type === 'appInstalled'));
        break;
      }
    }
    if (ev.type === 'shutdown') await markOffline(device.sn, 'shutdown');
    else writer.add(device.sn, null);
    deps.events.emit({ sn: device.sn, ownerId: device.ownerId, kind: ev.type });
    stats.accepted++;
  };
};
