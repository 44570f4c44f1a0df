import type { PageQuery, PrivateCustomerSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit } from '../../shared/permissions';
import type { AppKeys } from '../keys/app-keys';
import type { CustomerFilter, PrivatizationRepository } from './privatization.repository';

/** Private-deployment customers; the customer system's password is only ever given by `reveal`. */
export const createPrivatizationService = (deps: {
  repo: PrivatizationRepository;
  keys: AppKeys;
  clock: Clock;
}) => {
  const { repo } = deps;
  const mustFind = async (auth: AuthContext, id: string) => orNotFound(await repo.findVisible(auth, id));

  return {
    list: (auth: AuthContext, f: CustomerFilter, offset: number, limit: number) =>
      repo.list(auth, f, offset, limit),

    count: (auth: AuthContext, f: CustomerFilter) => repo.count(auth, f),

    async page(auth: AuthContext, q: PageQuery & CustomerFilter) {
      const records = await this.list(auth, q, pageOffset(q), q.size);
      return toPage(records, await this.count(auth, q), q);
    },

    async save(auth: AuthContext, body: PrivateCustomerSave) {
      requireAddOrEdit(auth, 'user:private', body.id);
      const existing = body.id ? await mustFind(auth, body.id) : null;
      if (!existing && !body.password) throw new AppError('passwordRequiredForNew');
      const { id: _id, password, ...fields } = body;
      const values = {
        ...fields,
        remark: body.remark ?? null,
        ...(password ? { passwordEnc: deps.keys.encryptSecret(password) } : {}),
      };
      if (existing) {
        await repo.update(existing.id, { ...values, updatedAt: deps.clock.now() });
        return { id: existing.id };
      }
      return repo.insert({ ...values, ownerId: auth.userId });
    },

    async remove(auth: AuthContext, id: string) {
      await mustFind(auth, id);
      await repo.remove(id);
    },

    /** The stored password in clear, recorded in the operation log. */
    async reveal(auth: AuthContext, note: OperationNote, id: string) {
      const row = await mustFind(auth, id);
      note.subject({ id: row.id, name: row.name });
      return { password: row.passwordEnc ? deps.keys.decryptSecret(row.passwordEnc) : '' };
    },
  };
};

export type PrivatizationService = ReturnType<typeof createPrivatizationService>;
