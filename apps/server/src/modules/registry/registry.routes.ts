import { registryEndpoints } from '@cpm/contracts';
import type { FastifyRequest } from 'fastify';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { RegistryService } from './registry.service';

const metaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  sessionId: request.session?.sessionId,
  sessionUserId: request.session?.userId,
});

/** Account calls: registration, activation, forgotten or changed password (public but the last). */
export const registerRegistryRoutes = (api: EndpointRegistry, deps: { registry: RegistryService }) => {
  const { registry } = deps;
  api.register(registryEndpoints.publicKey, () => registry.publicKey());
  api.register(registryEndpoints.emailCaptcha, async ({ query, request }) => {
    await registry.sendEmailCode(query, metaOf(request));
    return null;
  });
  api.register(registryEndpoints.updatePassword, async ({ body, request, oplog }) => {
    await registry.updatePassword(body, { ...metaOf(request), note: oplog });
    return null;
  });
  api.register(registryEndpoints.changePassword, async ({ auth, body, request, oplog }) => {
    await registry.changePassword(auth, body, { ...metaOf(request), note: oplog });
    return null;
  });
  api.register(registryEndpoints.register, async ({ body, request, oplog }) => {
    await registry.register(body, { ...metaOf(request), note: oplog });
    return null;
  });
  api.register(registryEndpoints.activate, ({ body, request, oplog }) =>
    registry.activate(body.token, { ...metaOf(request), note: oplog }),
  );
};
