import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { whenIdle } from '../idle/whenIdle';
import {
  createLiveClient,
  type LiveClient,
  type LiveHandler,
  type LiveStatus,
  type LiveTransport,
} from './liveClient';
import { liveEventsUrl } from './liveEventsUrl';

/** Opens the tab's MQTT connection; replaced in tests. */
export type LiveConnect = (opts: { token: string; userId: string }) => Promise<LiveTransport>;

/** The real connection: MQTT over `/mqtt`, loaded only once someone is signed in. */
export const connectMqtt: LiveConnect = async ({ token, userId }) => {
  const { connectMqttSocket } = await import('./mqttSocket');
  return connectMqttSocket({
    url: liveEventsUrl(window.location),
    username: 'console',
    password: token,
    clientId: `console-${userId.slice(0, 8)}-${Math.random().toString(36).slice(2, 10)}`,
    reconnectMs: 5_000,
  });
};

type LiveContext = { client: LiveClient | null; userId: string | null };
const Context = createContext<LiveContext>({ client: null, userId: null });

/**
 * The tab's one live-events connection: opened after sign-in with the session token as password,
 * reconnecting by itself, closed on sign-out. Components listen through `useLiveTopic`.
 */
export const LiveEventsProvider = ({
  token,
  userId,
  connect = connectMqtt,
  children,
}: {
  token: string | null;
  userId: string | null;
  connect?: LiveConnect;
  children: ReactNode;
}) => {
  const [client, setClient] = useState<LiveClient | null>(null);
  useEffect(() => {
    if (!token || !userId) return;
    let stopped = false;
    let opened: LiveClient | undefined;
    // Opened once the signed-in page is drawn: the connection is for updates, not for the first view.
    void whenIdle()
      .then(() => (stopped ? null : connect({ token, userId })))
      .then((transport) => {
        if (!transport) return;
        if (stopped) return void transport.end(true);
        opened = createLiveClient(transport);
        setClient(opened);
      });
    return () => {
      stopped = true;
      opened?.close();
      setClient(null);
    };
  }, [token, userId, connect]);
  return <Context.Provider value={{ client, userId: token ? userId : null }}>{children}</Context.Provider>;
};

/** The signed-in user the live events are for (null when signed out); build topics from it. */
export const useLiveUserId = () => useContext(Context).userId;

const noStatusChange = () => () => undefined;

/** Where the tab's live connection stands (`connecting` before it is opened). */
export const useLiveStatus = (): LiveStatus => {
  const { client } = useContext(Context);
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.onStatus(listener) : noStatusChange()),
    [client],
  );
  return useSyncExternalStore(subscribe, () => client?.status() ?? 'connecting');
};

/**
 * Calls `onMessage` with each event on `topic` (null listens to nothing), and `onConnect` whenever the
 * connection is (re)established, to read again what may have been missed. Handlers may change on
 * every render without resubscribing.
 */
export const useLiveTopic = (
  topic: string | null,
  onMessage: LiveHandler,
  opts: { onConnect?: () => void } = {},
) => {
  const { client } = useContext(Context);
  const handlers = useRef({ onMessage, onConnect: opts.onConnect });
  handlers.current = { onMessage, onConnect: opts.onConnect };
  useEffect(() => {
    if (!client || !topic) return;
    return client.subscribe(
      topic,
      (payload, t) => handlers.current.onMessage(payload, t),
      () => handlers.current.onConnect?.(),
    );
  }, [client, topic]);
};
