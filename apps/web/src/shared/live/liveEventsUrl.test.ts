import { describe, expect, it } from 'vitest';
import { liveEventsUrl } from './liveEventsUrl';

describe('live events address', () => {
  it('follows the page protocol and host', () => {
    expect(liveEventsUrl({ protocol: 'https:', host: 'pos.example.com' })).toBe('wss://pos.example.com/mqtt');
    expect(liveEventsUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/mqtt');
  });
});
