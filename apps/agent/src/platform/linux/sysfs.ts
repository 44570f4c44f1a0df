import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A sysfs or procfs file's text, trimmed; null when it is not there or cannot be read. */
export const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** A folder's entries; none when it is not there. */
export const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** The CPU's model name as the kernel gives it (`model name`, or `Hardware`/`Processor` on ARM). */
export const cpuModel = (cpuinfo = readText('/proc/cpuinfo') ?? ''): string | null => {
  for (const key of ['model name', 'Hardware', 'Processor', 'cpu model']) {
    const m = new RegExp(`^${key}\\s*:\\s*(.+)$`, 'm').exec(cpuinfo);
    if (m) return m[1].trim();
  }
  return null;
};

/** This boot's id: changes at every power-on, so a boot event is sent once per boot. */
export const bootId = () => readText('/proc/sys/kernel/random/boot_id') ?? 'unknown';

/** Bytes received and sent by each interface since boot, from `/sys/class/net/<if>/statistics`. */
export const interfaceBytes = (root = '/sys/class/net') =>
  entries(root)
    .filter((name) => name !== 'lo')
    .map((name) => {
      const n = (f: string) => Number(readText(path.join(root, name, 'statistics', f)) ?? 0);
      return {
        name,
        bytes: n('rx_bytes') + n('tx_bytes'),
        wireless: entries(path.join(root, name)).includes('wireless'),
        // Cellular modems show up as wwan*, or as ppp links on older ones.
        cellular: /^(wwan|ppp|rmnet|usb)/.test(name),
      };
    });

/** A USB device as sysfs describes it. */
export type UsbDevice = { bus: string; vid: string; pid: string; name: string };

/** USB devices from `/sys/bus/usb/devices` (root hubs left out): vendor and product ids and names. */
export const usbDevices = (root = '/sys/bus/usb/devices'): UsbDevice[] =>
  entries(root)
    .filter((name) => /^\d+-[\d.]+$/.test(name))
    .flatMap((name) => {
      const dir = path.join(root, name);
      const vid = readText(path.join(dir, 'idVendor'));
      const pid = readText(path.join(dir, 'idProduct'));
      if (!vid || !pid) return [];
      const product = readText(path.join(dir, 'product'));
      const maker = readText(path.join(dir, 'manufacturer'));
      const label = [maker, product].filter(Boolean).join(' ') || `USB device ${vid}:${pid}`;
      return [{ bus: name, vid, pid, name: label.slice(0, 128) }];
    });

/**
 * Serial ports that exist: USB serial adapters (ttyUSB, ttyACM) and on-board UARTs the kernel found
 * (ttyS with a UART type other than 0, "unknown").
 */
export const serialPorts = (root = '/sys/class/tty'): string[] =>
  entries(root)
    .filter((name) => {
      if (/^tty(USB|ACM)\d+$/.test(name)) return true;
      if (!/^ttyS\d+$/.test(name)) return false;
      const type = readText(path.join(root, name, 'type'));
      return type !== null && type !== '0';
    })
    .map((name) => `/dev/${name}`);
