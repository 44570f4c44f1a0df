import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Per dependency: database, broker. */
  checks: z.record(z.string(), z.enum(['ok', 'down', 'off'])),
  version: z.string(),
});

export const systemEndpoints = {
  healthz: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process answers',
    tag: 'system',
    public: true,
    result: HealthSchema,
  }),
  readyz: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: database and broker reachable (HTTP 503 when not)',
    tag: 'system',
    public: true,
    result: HealthSchema,
  }),
};
