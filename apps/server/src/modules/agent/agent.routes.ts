import {
  agentEndpoints,
  brokerAuthEndpoints,
  DEVICE_PROTOCOL,
  isUpTopicOf,
  terminalFilters,
} from '@cpm/contracts';
import { matchTopic } from '../../gateway/topics';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { isOwnDownFilter } from '../auth/broker-auth';
import type { AgentService } from './agent.service';
import { type BrokerSuperuser, isSuperuserPassword } from './broker-superuser';
import type { HeartbeatAnswer } from './heartbeat-answers';

/** The HTTP fallback of the device protocol and the external broker's auth callbacks. */
export const registerAgentRoutes = (
  api: EndpointRegistry,
  deps: {
    agent: AgentService;
    clock: Clock;
    superuser: BrokerSuperuser;
    /** Work waiting for a terminal (remote tasks) and the payment-app lock it has not confirmed. */
    answers?: (device: { id: string }) => Promise<HeartbeatAnswer>;
  },
) => {
  const { agent } = deps;
  const accepted = { accepted: true };

  api.register(agentEndpoints.enroll, ({ body }) => agent.enroll(body));
  api.register(agentEndpoints.hello, async ({ body, device }) => {
    await agent.hello(device, body);
    return accepted;
  });
  api.register(agentEndpoints.heartbeat, async ({ body, device }) => {
    agent.heartbeat(device, body);
    const { pending, paymentLock } = (await deps.answers?.(device)) ?? { pending: 0, paymentLock: null };
    return {
      heartbeatIntervalSec: DEVICE_PROTOCOL.heartbeatIntervalSec,
      pending,
      serverTime: deps.clock.now().getTime(),
      ...(paymentLock ? { paymentLock } : {}),
    };
  });
  api.register(agentEndpoints.location, async ({ body, device }) => {
    await agent.location(device, body);
    return accepted;
  });
  api.register(agentEndpoints.event, async ({ body, device }) => {
    await agent.event(device, body);
    return accepted;
  });
  api.register(agentEndpoints.alarm, async ({ body, device }) => {
    await agent.alarm(device, body);
    return accepted;
  });
  api.register(agentEndpoints.status, async ({ body, device }) => {
    await agent.status(device, body.online);
    return accepted;
  });
  api.register(agentEndpoints.output, async ({ body, device }) => {
    await agent.output(device, body);
    return accepted;
  });

  /** The superuser by name: only ever asked about clients the broker let in through `canConnect`. */
  const isSuperuser = (username: string) => deps.superuser !== null && username === deps.superuser.username;

  /** The topic rule of the embedded broker, for a client the external broker names. */
  const mayAccess = (username: string, topic: string, write: boolean) => {
    if (isSuperuser(username)) return true;
    if (write) return isUpTopicOf(username, topic);
    // Reads are checked per delivered topic (Mosquitto) or per filter (subscribe): both must stay in `down`.
    return isOwnDownFilter(username, topic) || matchTopic(terminalFilters.down(username), topic);
  };
  // The superuser's name takes its password only: a terminal holding that SN (registered before the
  // broker was configured) must not get in with its own secret and then be treated as the server.
  const canConnect = async (username: string, password: string | undefined) =>
    isSuperuser(username)
      ? isSuperuserPassword(deps.superuser, password)
      : (await agent.authenticate(username, password)) !== null;

  // Mosquitto go-auth reads the HTTP status: 200 allows, anything else denies.
  const goAuth = (ok: boolean, reply: { status(code: number): unknown }) => {
    reply.status(ok ? 200 : 403);
    return { Ok: ok, Error: ok ? '' : 'denied' };
  };
  api.register(brokerAuthEndpoints.mosquittoUser, async ({ body, reply }) =>
    goAuth(await canConnect(body.username, body.password), reply),
  );
  api.register(brokerAuthEndpoints.mosquittoSuperuser, ({ body, reply }) =>
    goAuth(isSuperuser(body.username), reply),
  );
  api.register(brokerAuthEndpoints.mosquittoAcl, ({ body, reply }) => {
    const acc = body.acc ?? 0;
    const topic = body.topic ?? '';
    // 1 read, 2 write, 3 both, 4 subscribe.
    const ok =
      topic !== '' &&
      (acc === 2
        ? mayAccess(body.username, topic, true)
        : acc === 3
          ? false
          : mayAccess(body.username, topic, false));
    return goAuth(ok || isSuperuser(body.username), reply);
  });

  api.register(brokerAuthEndpoints.emqxAuthenticate, async ({ body }) => ({
    result: (await canConnect(body.username, body.password)) ? ('allow' as const) : ('deny' as const),
    is_superuser: isSuperuser(body.username) && isSuperuserPassword(deps.superuser, body.password),
  }));
  api.register(brokerAuthEndpoints.emqxAuthorize, ({ body }) => {
    const topic = body.topic ?? '';
    const ok =
      topic !== '' &&
      (body.action === 'publish'
        ? mayAccess(body.username, topic, true)
        : body.action === 'subscribe'
          ? mayAccess(body.username, topic, false)
          : isSuperuser(body.username));
    return { result: ok ? ('allow' as const) : ('deny' as const) };
  });
};
