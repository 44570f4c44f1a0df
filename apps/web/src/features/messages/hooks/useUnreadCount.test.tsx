import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/sessionStore';
import { sessionUser } from '../../../test/sessionFactory';
import { useUnreadCount } from './useUnreadCount';

describe('the bell count', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null, user: null, isLogin: false });
  });

  it('asks for page 1 of size 1 of the unread messages and shows result.total', async () => {
    const urls: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      urls.push(new URL(String(input), 'http://console.test'));
      const result = { records: [], total: 7, current: 1, size: 1 };
      return new Response(JSON.stringify({ code: 1, message: '', messageEn: '', msg: '', result }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    useSessionStore.setState({
      token: 'tok',
      isLogin: true,
      user: sessionUser(),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUnreadCount(), { wrapper });
    await waitFor(() => expect(result.current).toBe(7));
    expect(urls).toHaveLength(1);
    expect(urls[0].pathname).toBe('/upms/v1/upms/sysMsgUser/findPageList');
    expect(Object.fromEntries(urls[0].searchParams)).toMatchObject({
      current: '1',
      size: '1',
      read: 'false',
    });
  });
});
