import { policiesEndpoints, policyAgentEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { xlsxExport } from '../../shared/xlsx';
import { COMPLIANCE_EXPORT_COLUMNS } from './compliance-export-columns';
import type { PoliciesService } from './policies.service';
import type { PolicyAgentService } from './policy-agent.service';

/** Configuration policies for the console, and the terminals' pull and report. */
export const registerPoliciesRoutes = (
  api: EndpointRegistry,
  deps: { policies: PoliciesService; agent: PolicyAgentService },
) => {
  const { policies, agent } = deps;
  const e = policiesEndpoints;
  api.register(e.page, ({ auth, query }) => policies.page(auth, query));
  api.register(e.get, ({ auth, query }) => policies.get(auth, query.id));
  api.register(e.save, ({ auth, oplog, body }) => policies.save(auth, oplog, body));
  api.register(e.remove, ({ auth, oplog, body }) => policies.remove(auth, oplog, body.id));
  api.register(e.versions, ({ auth, query }) => policies.versions(auth, query.id));
  api.register(e.assign, ({ auth, oplog, body }) => policies.assign(auth, oplog, body.id, body.targets));
  api.register(e.unassign, ({ auth, oplog, body }) =>
    policies.unassign(auth, oplog, body.id, body.assignmentId),
  );
  api.register(e.compliance, ({ auth, query }) => policies.compliance(auth, query.policyId, query.groupId));
  api.register(e.fields, ({ auth, query }) => policies.fields(auth, query));
  api.register(e.terminalFields, ({ auth, query }) => policies.terminalFields(auth, query.sn));
  api.register(
    e.export,
    xlsxExport(
      { fileName: 'policy-compliance.xlsx', sheet: 'Compliance', columns: COMPLIANCE_EXPORT_COLUMNS },
      ({ auth, query }) => policies.exportRows(auth, query).batches(),
    ),
  );
  api.register(e.drift, ({ auth }) => policies.drift(auth));
  api.register(e.converge, ({ auth, oplog, body }) => policies.converge(auth, oplog, body));
  api.register(policyAgentEndpoints.pull, ({ device }) => agent.pull(device));
  api.register(policyAgentEndpoints.report, ({ device, body }) => agent.report(device, body));
};
