import { describe, expect, it } from 'vitest';
import { terminalTopic } from '../live/topics';
import { DEVICE_PROTOCOL, UP_KINDS } from './protocol-constants';

describe('device protocol limits', () => {
  const { maxPayloadBytes, maxPacketBytes, rateLimit } = DEVICE_PROTOCOL;

  it('fit the largest allowed message, on the longest up topic, into one packet', () => {
    const longestTopic = Math.max(
      ...UP_KINDS.map((kind) => terminalTopic('S'.repeat(64), 'up', kind).length),
    );
    // Fixed header (type byte, up to 4 length bytes), topic length prefix, packet id.
    expect(5 + 2 + longestTopic + 2 + maxPayloadBytes).toBeLessThanOrEqual(maxPacketBytes);
  });

  it('let the largest allowed message through a terminal budget that is full', () => {
    expect(maxPayloadBytes).toBeLessThanOrEqual(rateLimit.burstBytes);
    expect(rateLimit.minMessageBytes).toBeGreaterThan(0);
  });
});
