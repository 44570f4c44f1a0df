import { ACCOUNT_STATE, usersEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { pageOffset, toPage } from '../../shared/paging';
import { xlsxPagedExport } from '../../shared/xlsx';
import type { DictsService } from '../dicts/dicts.service';
import { USER_EXPORT_COLUMNS } from './user-export-columns';
import type { UsersRepository } from './users.repository';
import type { UsersService } from './users.service';

/** User management (`/user/index`), review (`/user/toExamine`) and "complete your information". */
export const registerUsersRoutes = (
  api: EndpointRegistry,
  deps: { users: UsersService; repo: UsersRepository; dicts: Pick<DictsService, 'bundle'> },
) => {
  const { repo, users } = deps;

  api.register(usersEndpoints.page, async ({ query, auth }) => {
    const [records, total] = await Promise.all([
      repo.list(auth, query, pageOffset(query), query.size),
      repo.count(auth, query),
    ]);
    return toPage(records, total, query);
  });

  api.register(usersEndpoints.reviewPage, async ({ query, auth }) => {
    const filter = { ...query, state: query.state ?? ACCOUNT_STATE.pendingReview };
    const [records, total] = await Promise.all([
      repo.list(auth, filter, pageOffset(query), query.size),
      repo.count(auth, filter),
    ]);
    return toPage(records, total, query);
  });

  api.register(usersEndpoints.options, ({ auth }) => repo.options(auth));
  api.register(usersEndpoints.save, ({ body, auth, oplog }) => users.save(auth, oplog, body));
  api.register(usersEndpoints.remove, async ({ query, auth, oplog }) => {
    await users.remove(auth, oplog, query.id);
    return null;
  });
  api.register(usersEndpoints.setStatus, async ({ body, auth, oplog }) => {
    await users.setStatus(auth, oplog, body.id, body.enabled);
    return null;
  });
  api.register(usersEndpoints.resetPassword, async ({ body, auth, oplog }) => {
    await users.resetPassword(auth, oplog, body.id, body.password);
    return null;
  });
  api.register(usersEndpoints.kick, ({ body, auth, oplog }) => users.kick(auth, oplog, body.id));
  api.register(usersEndpoints.audit, async ({ body, auth, oplog }) => {
    await users.audit(auth, oplog, body);
    return null;
  });
  api.register(usersEndpoints.reviewHistory, ({ query, auth }) => users.reviewHistory(auth, query.id));
  api.register(usersEndpoints.completeInfo, ({ body, auth, oplog }) => users.completeInfo(auth, oplog, body));

  api.register(
    usersEndpoints.exportXlsx,
    xlsxPagedExport(
      { fileName: 'users.xlsx', sheet: 'Users', columns: USER_EXPORT_COLUMNS, dicts: deps.dicts.bundle },
      ({ query, auth }, offset, limit) => repo.list(auth, query, offset, limit),
    ),
  );
};
