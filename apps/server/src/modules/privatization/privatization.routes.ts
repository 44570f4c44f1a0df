import { privatizationEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { xlsxPagedExport } from '../../shared/xlsx';
import type { DictsService } from '../dicts/dicts.service';
import { PRIVATE_CUSTOMER_EXPORT_COLUMNS } from './private-export-columns';
import type { PrivatizationService } from './privatization.service';

/** Private deployments (`/user/cpmPrivatization`). */
export const registerPrivatizationRoutes = (
  api: EndpointRegistry,
  deps: { customers: PrivatizationService; dicts: Pick<DictsService, 'bundle'> },
) => {
  const { customers } = deps;
  api.register(privatizationEndpoints.page, ({ query, auth }) => customers.page(auth, query));
  api.register(privatizationEndpoints.save, ({ body, auth }) => customers.save(auth, body));
  api.register(privatizationEndpoints.remove, async ({ query, auth }) => {
    await customers.remove(auth, query.id);
    return null;
  });
  api.register(privatizationEndpoints.reveal, ({ body, auth, oplog }) =>
    customers.reveal(auth, oplog, body.id),
  );
  api.register(
    privatizationEndpoints.exportXlsx,
    xlsxPagedExport(
      {
        fileName: 'private-deployments.xlsx',
        sheet: 'Customers',
        columns: PRIVATE_CUSTOMER_EXPORT_COLUMNS,
        dicts: deps.dicts.bundle,
      },
      ({ query, auth }, offset, limit) => customers.list(auth, query, offset, limit),
    ),
  );
};
