import { userTopic } from '@cpm/contracts';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeTransport } from './fakeLiveTransport';
import { type LiveConnect, LiveEventsProvider, useLiveTopic, useLiveUserId } from './LiveEventsProvider';
import { LiveStaleNotice } from './LiveStaleNotice';

const Listener = ({ kind, heard }: { kind: 'notice' | 'device'; heard: string[] }) => {
  const userId = useLiveUserId();
  useLiveTopic(userId ? userTopic(userId, kind) : null, (payload) =>
    heard.push(`${kind} ${JSON.stringify(payload)}`),
  );
  return null;
};

/** A page with two notice listeners and one fleet listener that can be taken away one by one. */
const Page = ({
  heard,
  show,
}: {
  heard: string[];
  show: { bell: boolean; badge: boolean; fleet: boolean };
}) => (
  <>
    {show.bell && <Listener kind="notice" heard={heard} />}
    {show.badge && <Listener kind="notice" heard={heard} />}
    {show.fleet && <Listener kind="device" heard={heard} />}
  </>
);

const setup = () => {
  const transports: ReturnType<typeof createFakeTransport>[] = [];
  const opened: { token: string; userId: string }[] = [];
  const connect: LiveConnect = async (opts) => {
    opened.push(opts);
    const transport = createFakeTransport();
    transports.push(transport);
    queueMicrotask(() => transport.connect());
    return transport;
  };
  return { transports, opened, connect };
};

describe('LiveEventsProvider', () => {
  it('opens one connection for every listener of the tab and counts subscriptions per topic', async () => {
    const { transports, opened, connect } = setup();
    const heard: string[] = [];
    const view = (show: { bell: boolean; badge: boolean; fleet: boolean }) => (
      <LiveEventsProvider token="tok" userId="u1" connect={connect}>
        <Page heard={heard} show={show} />
      </LiveEventsProvider>
    );
    const { rerender } = render(view({ bell: true, badge: true, fleet: true }));
    await waitFor(() => expect(transports[0]?.calls).toHaveLength(2));
    expect(opened).toEqual([{ token: 'tok', userId: 'u1' }]);
    expect([...transports[0].calls].sort()).toEqual(['sub cpm/user/u1/device', 'sub cpm/user/u1/notice']);

    act(() => transports[0].deliver('cpm/user/u1/notice', '{"n":1}'));
    expect(heard).toEqual(['notice {"n":1}', 'notice {"n":1}']);

    rerender(view({ bell: false, badge: true, fleet: true }));
    expect(transports[0].calls).toHaveLength(2);
    rerender(view({ bell: false, badge: false, fleet: true }));
    expect(transports[0].calls.at(-1)).toBe('unsub cpm/user/u1/notice');
    rerender(view({ bell: true, badge: false, fleet: true }));
    expect(transports[0].calls.at(-1)).toBe('sub cpm/user/u1/notice');
    expect(transports).toHaveLength(1);
  });

  it('connects only when signed in and disconnects on sign-out', async () => {
    const { transports, connect } = setup();
    const heard: string[] = [];
    const show = { bell: true, badge: false, fleet: false };
    const { rerender } = render(
      <LiveEventsProvider token={null} userId={null} connect={connect}>
        <Page heard={heard} show={show} />
      </LiveEventsProvider>,
    );
    expect(transports).toHaveLength(0);
    rerender(
      <LiveEventsProvider token="tok" userId="u1" connect={connect}>
        <Page heard={heard} show={show} />
      </LiveEventsProvider>,
    );
    await waitFor(() => expect(transports[0]?.calls).toEqual(['sub cpm/user/u1/notice']));
    rerender(
      <LiveEventsProvider token={null} userId={null} connect={connect}>
        <Page heard={heard} show={show} />
      </LiveEventsProvider>,
    );
    expect(transports[0].ended).toBe(true);
    expect(transports).toHaveLength(1);
  });

  it('marks the page as possibly out of date while the connection is lost', async () => {
    const { transports, connect } = setup();
    const view = render(
      <LiveEventsProvider token="tok" userId="u1" connect={connect}>
        <LiveStaleNotice />
      </LiveEventsProvider>,
    );
    await waitFor(() => expect(transports[0]?.connected).toBe(true));
    expect(view.queryByTestId('live-stale')).toBeNull();
    act(() => transports[0].drop());
    expect(view.getByTestId('live-stale').textContent).toMatch(/out of date|已过时/);
    act(() => transports[0].connect());
    expect(view.queryByTestId('live-stale')).toBeNull();
  });
});
