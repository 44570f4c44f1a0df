import { describe, expect, it } from 'vitest';
import { createEventBus } from './event-bus';

type Events = { said: [who: string, text: string]; ticked: [] };

describe('createEventBus', () => {
  it('hands an event to every handler of its name, and to no other', async () => {
    const bus = createEventBus<Events>();
    const heard: string[] = [];
    bus.on('said', async (who, text) => {
      heard.push(`a ${who}: ${text}`);
    });
    bus.on('said', async (who) => {
      heard.push(`b ${who}`);
    });
    bus.on('ticked', async () => {
      heard.push('tick');
    });
    await bus.emit('said', 'ann', 'hi');
    expect(heard).toEqual(['a ann: hi', 'b ann']);
  });

  it('resolves at once for an event nobody handles', async () => {
    await expect(createEventBus<Events>().emit('ticked')).resolves.toBeUndefined();
  });

  it('waits for the handlers, and rejects when one fails', async () => {
    const bus = createEventBus<Events>();
    let done = false;
    bus.on('ticked', async () => {
      await Promise.resolve();
      done = true;
    });
    await bus.emit('ticked');
    expect(done).toBe(true);
    bus.on('ticked', async () => {
      throw new Error('broken');
    });
    await expect(bus.emit('ticked')).rejects.toThrow('broken');
  });

  it('stops handing events to a handler once it is removed', async () => {
    const bus = createEventBus<Events>();
    let count = 0;
    const off = bus.on('ticked', async () => {
      count += 1;
    });
    await bus.emit('ticked');
    off();
    await bus.emit('ticked');
    expect(count).toBe(1);
  });
});
