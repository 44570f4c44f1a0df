import { Readable } from 'node:stream';
import { auditStreamEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { AuditStreamService } from './auditstream.service';

/** The audit stream's settings page, its test message and the JSON-lines export. */
export const registerAuditStreamRoutes = (api: EndpointRegistry, deps: { stream: AuditStreamService }) => {
  const { stream } = deps;
  api.register(auditStreamEndpoints.get, () => stream.view());
  api.register(auditStreamEndpoints.save, ({ body, oplog }) => stream.save(oplog, body));
  api.register(auditStreamEndpoints.test, ({ auth, oplog }) => stream.test(oplog, auth));
  api.register(auditStreamEndpoints.export, ({ query, auth, reply }) => {
    const lines = stream.exportLines(auth, query);
    const name = `operation-log-${query.from.slice(0, 10)}-${query.to.slice(0, 10)}.jsonl`;
    reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`);
    return Readable.from(lines);
  });
};
