import { describe, expect, it } from 'vitest';
import { xdotoolArgs } from './platform/linux/desktop';
import { allowedWhileSecure } from './remote';

const size = { width: 800, height: 600 };

describe('remote input on an X screen', () => {
  it('turns fractions of the viewed screen into pixels, clamped inside it', () => {
    expect(xdotoolArgs({ kind: 'tap', x: 0.5, y: 0.25 }, size)).toEqual([
      'mousemove',
      '400',
      '150',
      'click',
      '1',
    ]);
    expect(xdotoolArgs({ kind: 'tap', x: 1, y: 1 }, size)).toEqual(['mousemove', '799', '599', 'click', '1']);
  });

  it('holds the button for a long press and drags a swipe through its way', () => {
    expect(xdotoolArgs({ kind: 'longPress', x: 0, y: 0, ms: 900 }, size)).toEqual([
      ...['mousemove', '0', '0', 'mousedown', '1', 'sleep', '0.9', 'mouseup', '1'],
    ]);
    const swipe = xdotoolArgs({ kind: 'swipe', x1: 0, y1: 0.5, x2: 1, y2: 0.5, ms: 500 }, size) ?? [];
    expect(swipe.slice(0, 5)).toEqual(['mousemove', '0', '300', 'mousedown', '1']);
    expect(swipe.slice(-5)).toEqual(['mousemove', '799', '300', 'mouseup', '1']);
    expect(swipe.filter((a) => a === 'sleep')).toHaveLength(10);
  });

  it('maps the hardware keys and types text as given', () => {
    expect(xdotoolArgs({ kind: 'key', key: 'back' }, size)).toEqual(['key', '--clearmodifiers', 'Escape']);
    expect(xdotoolArgs({ kind: 'text', text: '-n 42' }, size)).toEqual([
      'type',
      '--delay',
      '0',
      '--',
      '-n 42',
    ]);
    expect(xdotoolArgs({ kind: 'rotate' }, size)).toBeNull();
  });

  it('lets only keys through while the payment app marks its screen secure', () => {
    expect(allowedWhileSecure({ kind: 'key', key: 'back' })).toBe(true);
    expect(allowedWhileSecure({ kind: 'tap', x: 0.5, y: 0.5 })).toBe(false);
    expect(allowedWhileSecure({ kind: 'text', text: '1234' })).toBe(false);
  });
});
