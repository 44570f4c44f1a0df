import { describe, expect, it } from 'vitest';
import { createPosScreen, loadPosFonts } from './pos-screen';

const fixedClock = () => new Date('2026-06-01T08:00:00Z');

/** How many pixels differ between two RGBA buffers of one size. */
const changed = (a: Uint8Array, b: Uint8Array) => {
  let n = 0;
  for (let i = 0; i < a.length; i += 4)
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) n++;
  return n;
};

describe('simulated POS screen', () => {
  it('adds a tapped item to the order, and a long press on the line takes it off again', async () => {
    await loadPosFonts();
    const s = createPosScreen({ storeName: 'Cafe', till: '001', now: fixedClock });
    const before = Uint8Array.from(s.render().data);
    expect(s.input({ kind: 'tap', x: 0.1, y: 0.35 })).toBe(true);
    const after = Uint8Array.from(s.render().data);
    expect(changed(before, after)).toBeGreaterThan(500);
    // The first order line sits under the order title.
    expect(s.input({ kind: 'longPress', x: 0.8, y: 0.3, ms: 800 })).toBe(true);
    expect(changed(before, Uint8Array.from(s.render().data))).toBe(0);
  });

  it('marks the PIN pad secure and ignores remote touches and text on it; back leaves it', async () => {
    await loadPosFonts();
    const s = createPosScreen({ storeName: 'Cafe', till: '001', now: fixedClock });
    s.render();
    s.input({ kind: 'tap', x: 0.1, y: 0.35 });
    s.render();
    s.input({ kind: 'tap', x: 0.93, y: 0.93 });
    expect(s.screen()).toBe('pin');
    expect(s.isSecure()).toBe(true);
    s.render();
    expect(s.input({ kind: 'tap', x: 0.35, y: 0.4 })).toBe(false);
    expect(s.input({ kind: 'text', text: '1234' })).toBe(false);
    s.input({ kind: 'key', key: 'back' });
    expect(s.isSecure()).toBe(false);
    expect(s.screen()).toBe('till');
  });

  it('takes no payment while a geofence locks it, cancels a PIN entry, and takes it again once unlocked', async () => {
    await loadPosFonts();
    const s = createPosScreen({ storeName: 'Cafe', till: '001', now: fixedClock });
    s.render();
    s.input({ kind: 'tap', x: 0.1, y: 0.35 });
    s.render();
    s.input({ kind: 'tap', x: 0.93, y: 0.93 });
    expect(s.screen()).toBe('pin');
    s.setPaymentLock('Harbour store');
    const locked = Uint8Array.from(s.render().data);
    expect(s.paymentLocked()).toBe(true);
    expect(s.screen()).toBe('till');
    // Card and cash do nothing while locked.
    s.input({ kind: 'tap', x: 0.93, y: 0.93 });
    expect(s.screen()).toBe('till');
    s.input({ kind: 'tap', x: 0.81, y: 0.93 });
    expect(s.screen()).toBe('till');
    s.setPaymentLock(null);
    expect(s.paymentLocked()).toBe(false);
    // The bar and the greyed buttons are gone again.
    expect(changed(locked, Uint8Array.from(s.render().data))).toBeGreaterThan(500);
    s.input({ kind: 'tap', x: 0.81, y: 0.93 });
    expect(s.screen()).toBe('paid');
  });

  it('turns with rotation and switches the menu with a swipe', async () => {
    await loadPosFonts();
    const s = createPosScreen({ storeName: 'Cafe', till: '001', now: fixedClock });
    expect(s.size()).toEqual({ width: 800, height: 480 });
    s.input({ kind: 'rotate' });
    expect(s.size()).toEqual({ width: 480, height: 800 });
    const drinks = Uint8Array.from(s.render().data);
    expect(s.input({ kind: 'swipe', x1: 0.8, y1: 0.3, x2: 0.2, y2: 0.3, ms: 300 })).toBe(true);
    expect(changed(drinks, Uint8Array.from(s.render().data))).toBeGreaterThan(1000);
  });
});
