import { authEndpoints } from './auth/auth.contract';
import { agentEndpoints, brokerAuthEndpoints } from './device-protocol/agent.contract';
import { devicesEndpoints } from './devices/devices.contract';
import type { EndpointDef } from './endpoint';
import { systemEndpoints } from './system/system.contract';

/** Every endpoint of the API, grouped by domain. The server registers each of them. */
export const ENDPOINTS = {
  system: systemEndpoints,
  auth: authEndpoints,
  devices: devicesEndpoints,
  agent: agentEndpoints,
  brokerAuth: brokerAuthEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

/** All endpoint definitions as a flat list. */
export const allEndpoints = (): EndpointDef[] =>
  Object.values(ENDPOINTS).flatMap((group) => Object.values(group));
