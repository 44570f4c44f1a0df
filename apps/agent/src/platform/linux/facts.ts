import { statfsSync } from 'node:fs';
import os from 'node:os';
import type { AttachedPeripheral, Heartbeat, Hello } from '@cpm/contracts';
import si from 'systeminformation';
import { printerQueues } from './printers';
import { bootId, cpuModel, interfaceBytes, readText, serialPorts, usbDevices } from './sysfs';

const MB = 1024 * 1024;

/** The interface that carries the default route, else the first one up with an address. */
const mainInterface = async () => {
  const all = (await si.networkInterfaces()) as si.Systeminformation.NetworkInterfacesData[];
  const live = all.filter((i) => !i.internal && i.mac && i.mac !== '00:00:00:00:00:00');
  return live.find((i) => i.default) ?? live.find((i) => i.operstate === 'up' && i.ip4) ?? live[0] ?? null;
};

/** The file system holding `/`: what the terminal has to store things. */
const rootFs = async () => {
  const all = await si.fsSize();
  return all.find((f) => f.mount === '/') ?? all[0] ?? null;
};

/** The screen's resolution: X11 through systeminformation, else the framebuffer's size. */
const resolution = async (): Promise<string | undefined> => {
  try {
    const g = await si.graphics();
    const d = g.displays.find((x) => x.currentResX && x.currentResY);
    if (d) return `${d.currentResX}x${d.currentResY}`;
  } catch {
    // No X server and no graphics tools: the framebuffer may still say.
  }
  const fb = readText('/sys/class/graphics/fb0/virtual_size');
  return fb ? fb.replace(',', 'x') : undefined;
};

const networkType = (iface: { iface: string; type: string } | null): Heartbeat['network'] => {
  if (!iface) return 'none';
  if (iface.type === 'wireless') return 'wifi';
  if (/^(wwan|ppp|rmnet)/.test(iface.iface)) return 'cellular';
  return 'ethernet';
};

/** Wi-Fi signal of an interface in dBm from /proc/net/wireless, when it is wireless. */
const wifiSignal = (name: string) => {
  const line = (readText('/proc/net/wireless') ?? '')
    .split('\n')
    .find((l) => l.trim().startsWith(`${name}:`));
  const level = line ? Number(line.trim().split(/\s+/)[3]?.replace('.', '')) : Number.NaN;
  return Number.isFinite(level) && level < 0 && level >= -150 ? level : undefined;
};

/** Peripherals attached now: USB devices, serial ports and CUPS printer queues (with their state). */
export const peripherals = async (): Promise<AttachedPeripheral[]> => {
  const usb = usbDevices().map<AttachedPeripheral>((d) => ({
    kind: 'usb',
    name: d.name,
    vid: d.vid,
    pid: d.pid,
    port: `usb ${d.bus}`,
    status: 'ok',
  }));
  const serial = serialPorts().map<AttachedPeripheral>((port) => ({
    kind: 'serial',
    name: `Serial port ${port.slice(5)}`,
    port,
    status: 'ok',
  }));
  const printers = (await printerQueues()).map<AttachedPeripheral>((q) => ({
    kind: 'printer',
    name: `Printer ${q.name}`.slice(0, 128),
    port: (q.deviceUri ?? q.name).slice(0, 128),
    status: q.state === 'stopped' ? 'fault' : 'ok',
  }));
  return [...usb, ...serial, ...printers].slice(0, 64);
};

/** The hello's facts: platform, model, OS and kernel, hardware and peripherals, read from the system. */
export const helloFacts = async (o: { model?: string; agentVersion: string }): Promise<Hello> => {
  const [cpu, mem, fs, osInfo, iface, system, bios, res, attached] = await Promise.all([
    si.cpu(),
    si.mem(),
    rootFs(),
    si.osInfo(),
    mainInterface(),
    si.system(),
    si.bios().catch(() => null),
    resolution(),
    peripherals(),
  ]);
  const model =
    o.model ?? ([system.manufacturer, system.model].filter(Boolean).join(' ') || 'Linux terminal');
  return {
    ts: Date.now(),
    platform: 'linux',
    model: model.slice(0, 128),
    osVersion: `${osInfo.distro} ${osInfo.release}`.trim().concat(`, Linux ${os.release()}`).slice(0, 128),
    ...(bios?.version ? { firmwareVersion: bios.version.slice(0, 128) } : {}),
    agentVersion: o.agentVersion,
    hardware: {
      cpu: (cpuModel() ?? `${cpu.manufacturer} ${cpu.brand}`.trim()).slice(0, 128),
      cores: cpu.cores,
      memoryMb: Math.round(mem.total / MB),
      ...(fs ? { storageMb: Math.round(fs.size / MB) } : {}),
      ...(res ? { resolution: res } : {}),
      ...(iface?.mac ? { mac: iface.mac.toUpperCase() } : {}),
    },
    apps: [],
    peripherals: attached,
  };
};

/** The heartbeat's vital signs: battery, network, free storage and memory, uptime, data usage. */
export const heartbeatFacts = async (): Promise<Heartbeat> => {
  const [battery, mem, fs, iface] = await Promise.all([si.battery(), si.mem(), rootFs(), mainInterface()]);
  const counters = interfaceBytes();
  const total = counters.reduce((a, c) => a + c.bytes, 0);
  const mobile = counters.filter((c) => c.cellular).reduce((a, c) => a + c.bytes, 0);
  const signal = iface?.type === 'wireless' ? wifiSignal(iface.iface) : undefined;
  return {
    ts: Date.now(),
    ...(battery.hasBattery ? { battery: Math.round(battery.percent), charging: battery.isCharging } : {}),
    network: networkType(iface),
    ...(signal !== undefined ? { signal } : {}),
    ...(iface?.ip4 ? { ip: iface.ip4 } : {}),
    ...(fs ? { storageFreeMb: Math.round(fs.available / MB) } : {}),
    memoryFreeMb: Math.round(mem.available / MB),
    uptimeSec: Math.floor(os.uptime()),
    dataUsageBytes: total,
    mobileBytes: mobile,
    wifiBytes: total - mobile,
  };
};

/** Free space for ordinary users (what root keeps back counts as used), percent of the file system. */
export const diskFreePercent = (path: string): number | null => {
  try {
    const s = statfsSync(path);
    return s.blocks > 0 ? (s.bavail / s.blocks) * 100 : null;
  } catch {
    return null;
  }
};

export { bootId };
