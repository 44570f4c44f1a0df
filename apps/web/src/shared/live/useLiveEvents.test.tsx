import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeTransport } from './fakeLiveTransport';
import { type LiveConnect, LiveEventsProvider } from './LiveEventsProvider';
import { ALERT_RULES_QUERY_KEY, ALERTS_QUERY_KEY, useAlertLiveEvents } from './useLiveEvents';

/** A page reading the alert list, the rules and something else; each read is counted. */
const Page = ({ reads }: { reads: Record<string, number> }) => {
  useAlertLiveEvents();
  const count = (name: string) => () => {
    reads[name] = (reads[name] ?? 0) + 1;
    return name;
  };
  useQuery({ queryKey: [...ALERTS_QUERY_KEY, 'SN1'], queryFn: count('alerts') });
  useQuery({ queryKey: ALERT_RULES_QUERY_KEY, queryFn: count('rules') });
  useQuery({ queryKey: ['users'], queryFn: count('users') });
  return null;
};

describe('useAlertLiveEvents', () => {
  it('reads the alert lists and rules again when an alert event arrives, nothing else', async () => {
    const transports: ReturnType<typeof createFakeTransport>[] = [];
    const connect: LiveConnect = async () => {
      const transport = createFakeTransport();
      transports.push(transport);
      queueMicrotask(() => transport.connect());
      return transport;
    };
    const reads: Record<string, number> = {};
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <LiveEventsProvider token="tok" userId="u1" connect={connect}>
          <Page reads={reads} />
        </LiveEventsProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(transports[0]?.calls).toContain('sub cpm/user/u1/alert'));
    await waitFor(() => expect(reads).toEqual({ alerts: 1, rules: 1, users: 1 }));

    act(() => transports[0].deliver('cpm/user/u1/alert', '{"type":"alert","ruleId":"r1"}'));
    act(() => transports[0].deliver('cpm/user/u1/alert', '{"type":"alert","ruleId":"r2"}'));
    await waitFor(() => expect(reads).toEqual({ alerts: 2, rules: 2, users: 1 }), { timeout: 3000 });
  });
});
