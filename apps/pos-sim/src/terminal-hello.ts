import type { Hello } from '@cpm/contracts';
import type { SimApp } from './app-health';
import { SIM_PRINTER } from './printer';
import type { TerminalExtension, TerminalOptions } from './terminal-options';

/** The cashier app every simulated terminal runs. */
const CASHIER: SimApp = {
  packageName: 'com.example.cashier',
  name: 'Cashier',
  versionName: '3.2.0',
  versionCode: 320,
};

/** The peripherals every simulated terminal reports. */
const PERIPHERALS = [
  SIM_PRINTER,
  { kind: 'serial' as const, name: 'Cash drawer', port: '/dev/ttyS1', status: 'ok' as const },
  { kind: 'usb' as const, name: 'Barcode scanner', vid: '05E0', pid: '1200', status: 'ok' as const },
];

/** What the terminal has installed: the task agent's list once it has one, else the defaults. */
export const installedAppsOf = (o: Pick<TerminalOptions, 'apps'>, ext: TerminalExtension): Hello['apps'] =>
  ext.apps?.() ?? [
    {
      packageName: 'com.cpm.agent',
      name: 'CPM Agent',
      versionName: '1.0.1',
      versionCode: 101,
      system: true,
    },
    CASHIER,
    ...(o.apps ?? []),
  ];

/** The hello a terminal sends after each connection: hardware, versions, apps, peripherals. */
export const helloOf = (
  o: Pick<TerminalOptions, 'platform' | 'model' | 'mac' | 'apps'>,
  ext: TerminalExtension,
): Hello => ({
  ts: Date.now(),
  platform: o.platform ?? 'android',
  model: o.model,
  osVersion: o.platform === 'windows' ? 'Windows 10 IoT' : 'Android 11',
  firmwareVersion: 'FW-2.4.1',
  ...ext.versions?.(),
  agentVersion: 'pos-sim 1.0.1',
  hardware: {
    cpu: 'Cortex-A53 2.0GHz',
    cores: 8,
    memoryMb: 2048,
    storageMb: 16384,
    resolution: '1280x800',
    mac: o.mac,
    bluetoothMac: o.mac.replace(/^..:/, 'BB:'),
  },
  apps: installedAppsOf(o, ext),
  peripherals: PERIPHERALS,
});
