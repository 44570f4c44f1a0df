import { afterEach, describe, expect, it, vi } from 'vitest';
import { getWithMessage, postWithMessage, request, setMessageApi, showMessage } from './http';

const answer = (code: number, messageEn: string) =>
  new Response(JSON.stringify({ code, message: messageEn, messageEn, msg: '', result: null }), {
    status: code === 1 ? 200 : 400,
    headers: { 'Content-Type': 'application/json' },
  });

describe('console messages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows one message at a time: each new one, error or success, replaces the one before', async () => {
    const open = vi.fn();
    setMessageApi({ open } as never);
    const replies = [
      answer(400, 'First refusal'),
      answer(400, 'Second refusal'),
      answer(1, 'OK'),
      answer(1, 'OK'),
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => replies.shift() as Response);
    await expect(request({ method: 'GET', path: '/a' })).rejects.toThrow();
    await expect(request({ method: 'POST', path: '/b', body: {} })).rejects.toThrow();
    await getWithMessage('/c');
    await postWithMessage('/d', {});
    showMessage('warning', 'A hint');
    const shown = open.mock.calls.map(([m]) => m as { type: string; content: string; key: string });
    expect(shown.map((m) => [m.type, m.content])).toEqual([
      ['error', 'First refusal'],
      ['error', 'Second refusal'],
      ['success', expect.any(String)],
      ['success', expect.any(String)],
      ['warning', 'A hint'],
    ]);
    // antd replaces an open message that has the same key.
    expect(new Set(shown.map((m) => m.key)).size).toBe(1);
    expect(shown[0].key).toBeTruthy();
  });
});
