import { describe, expect, it } from 'vitest';
import { describeAgent } from './SessionsTable';

describe('describeAgent', () => {
  it('names the browser and the system', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36';
    expect(describeAgent(chrome)).toBe('Chrome/159.0.8154.6 · Windows NT 10.0');
    const edge = `${chrome} Edg/159.0.1`;
    expect(describeAgent(edge)).toBe('Edge/159.0.1 · Windows NT 10.0');
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    expect(describeAgent(safari)).toBe('Safari/18.1 · iPhone OS 18_1');
    expect(describeAgent('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox/140.0 · Linux',
    );
  });

  it('keeps the start of an agent it does not know, and a dash for none', () => {
    expect(describeAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeAgent(null)).toBe('-');
  });
});
