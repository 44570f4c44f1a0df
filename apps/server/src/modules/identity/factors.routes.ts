import { factorsEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { FactorsService } from './factors.service';

/** The signed-in calls of second factors: one's own enrolment and removal, recovery codes, an administrator's reset and the rules. */
export const registerFactorsRoutes = (api: EndpointRegistry, deps: { factors: FactorsService }) => {
  const { factors } = deps;
  api.register(factorsEndpoints.mine, ({ auth }) => factors.mine(auth));
  api.register(factorsEndpoints.enrolStart, ({ auth }) => factors.startMine(auth));
  api.register(factorsEndpoints.enrolConfirm, ({ auth, oplog, body }) =>
    factors.confirmMine(auth, oplog, body.otp),
  );
  api.register(factorsEndpoints.removeMine, ({ auth, oplog }) => factors.removeMine(auth, oplog));
  api.register(factorsEndpoints.regenerateRecovery, ({ auth, oplog }) =>
    factors.regenerateRecovery(auth, oplog),
  );
  api.register(factorsEndpoints.ofUser, ({ auth, query }) => factors.ofUser(auth, query.id));
  api.register(factorsEndpoints.reset, ({ auth, oplog, body }) => factors.reset(auth, oplog, body.id));
  api.register(factorsEndpoints.rules, ({ auth }) => factors.rules(auth));
  api.register(factorsEndpoints.saveRule, ({ auth, oplog, body }) => factors.saveRule(auth, oplog, body));
};
