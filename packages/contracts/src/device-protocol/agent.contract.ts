import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { AlarmMessageSchema } from './alarms';
import {
  DeviceEventSchema,
  DeviceStatusSchema,
  EnrollRequestSchema,
  EnrollResultSchema,
  HeartbeatAnswerSchema,
  HeartbeatSchema,
  HelloSchema,
  LocationSchema,
} from './device-protocol';

const TAG = 'agent';
const base = '/device/v1/agent';
const Accepted = z.object({ accepted: z.boolean() });

/**
 * The HTTP fallback of the device protocol. Terminals authenticate with HTTP Basic (SN and secret);
 * enrollment with the enterprise's enrollment key in the body.
 */
export const agentEndpoints = {
  enroll: defineEndpoint({
    method: 'POST',
    path: `${base}/enroll`,
    summary: "A registered SN with its enterprise's enrollment key receives its secret",
    tag: TAG,
    body: EnrollRequestSchema,
    result: EnrollResultSchema,
    public: true,
  }),
  hello: defineEndpoint({
    method: 'POST',
    path: `${base}/hello`,
    summary: 'Hardware and versions, on every boot',
    tag: TAG,
    body: HelloSchema,
    result: Accepted,
    device: true,
  }),
  heartbeat: defineEndpoint({
    method: 'POST',
    path: `${base}/heartbeat`,
    summary: 'Vital signs; answers the heartbeat period and pending work',
    tag: TAG,
    body: HeartbeatSchema,
    result: HeartbeatAnswerSchema,
    device: true,
  }),
  location: defineEndpoint({
    method: 'POST',
    path: `${base}/location`,
    summary: 'A location fix',
    tag: TAG,
    body: LocationSchema,
    result: Accepted,
    device: true,
  }),
  event: defineEndpoint({
    method: 'POST',
    path: `${base}/event`,
    summary: 'Boot, shutdown, peripheral and app events',
    tag: TAG,
    body: DeviceEventSchema,
    result: Accepted,
    device: true,
  }),
  alarm: defineEndpoint({
    method: 'POST',
    path: `${base}/alarm`,
    summary: 'Alarms raised and cleared, and the snapshot of standing alarms after every connection',
    tag: TAG,
    body: AlarmMessageSchema,
    result: Accepted,
    device: true,
  }),
  status: defineEndpoint({
    method: 'POST',
    path: `${base}/status`,
    summary: 'The terminal goes offline (or back online) on purpose',
    tag: TAG,
    body: DeviceStatusSchema,
    result: Accepted,
    device: true,
  }),
  output: defineEndpoint({
    method: 'POST',
    path: `${base}/output`,
    summary: 'Output of a command, such as a requested log',
    tag: TAG,
    body: z.object({ requestId: z.string().max(64), text: z.string().max(60_000) }),
    result: Accepted,
    device: true,
  }),
};

/** Body of Mosquitto go-auth's HTTP backend calls (JSON parameter mode). */
export const MosquittoAuthBodySchema = z.object({
  username: z.string().max(256).default(''),
  password: z.string().max(512).optional(),
  clientid: z.string().max(256).optional(),
  topic: z.string().max(1024).optional(),
  /** 1 read, 2 write, 3 read and write, 4 subscribe. */
  acc: z.coerce.number().int().optional(),
});

/** Body of EMQX's HTTP authentication and authorization calls. */
export const EmqxAuthBodySchema = z.object({
  username: z.string().max(256).default(''),
  password: z.string().max(512).optional(),
  clientid: z.string().max(256).optional(),
  topic: z.string().max(1024).optional(),
  action: z.enum(['publish', 'subscribe', 'all']).optional(),
});

const brokerBase = '/device/v1/broker';
/**
 * What an external broker asks the server: may this client connect, publish, subscribe. Called by
 * the broker (no session); answers in the broker's own format, not the envelope.
 */
export const brokerAuthEndpoints = {
  mosquittoUser: defineEndpoint({
    method: 'POST',
    path: `${brokerBase}/mosquitto/user`,
    summary: 'Mosquitto go-auth: may this client connect (200 yes, 403 no)',
    tag: TAG,
    body: MosquittoAuthBodySchema,
    result: z.object({ Ok: z.boolean(), Error: z.string() }),
    public: true,
    binary: true,
  }),
  mosquittoSuperuser: defineEndpoint({
    method: 'POST',
    path: `${brokerBase}/mosquitto/superuser`,
    summary: 'Mosquitto go-auth: is this client the server itself',
    tag: TAG,
    body: MosquittoAuthBodySchema,
    result: z.object({ Ok: z.boolean(), Error: z.string() }),
    public: true,
    binary: true,
  }),
  mosquittoAcl: defineEndpoint({
    method: 'POST',
    path: `${brokerBase}/mosquitto/acl`,
    summary: 'Mosquitto go-auth: may this client read or write this topic',
    tag: TAG,
    body: MosquittoAuthBodySchema,
    result: z.object({ Ok: z.boolean(), Error: z.string() }),
    public: true,
    binary: true,
  }),
  emqxAuthenticate: defineEndpoint({
    method: 'POST',
    path: `${brokerBase}/emqx/authenticate`,
    summary: 'EMQX HTTP authentication',
    tag: TAG,
    body: EmqxAuthBodySchema,
    result: z.object({ result: z.enum(['allow', 'deny', 'ignore']), is_superuser: z.boolean() }),
    public: true,
    binary: true,
  }),
  emqxAuthorize: defineEndpoint({
    method: 'POST',
    path: `${brokerBase}/emqx/authorize`,
    summary: 'EMQX HTTP authorization',
    tag: TAG,
    body: EmqxAuthBodySchema,
    result: z.object({ result: z.enum(['allow', 'deny', 'ignore']) }),
    public: true,
    binary: true,
  }),
};
