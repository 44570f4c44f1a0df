import type { PageQuery } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import type { FavoritesRepository } from './favorites.repository';
import { toTerminalRow } from './terminals.repository';

/** Each user's favourite terminals; only terminals in the caller's data scope can be marked. */
export const createFavoritesService = (deps: { repo: FavoritesRepository; clock: Clock }) => {
  const { repo } = deps;
  return {
    async page(auth: AuthContext, q: PageQuery) {
      const now = deps.clock.now();
      const { rows, total } = await repo.findPage(auth, pageOffset(q), q.size);
      return toPage(
        rows.map((r) => toTerminalRow(r, now)),
        total,
        q,
      );
    },
    async toggle(auth: AuthContext, sns: string[], favorite: boolean) {
      const ids = await repo.visibleIdsBySn(
        auth,
        sns.map((s) => s.toUpperCase()),
      );
      if (!ids.length) return { changed: 0 };
      return { changed: favorite ? await repo.add(auth.userId, ids) : await repo.remove(auth.userId, ids) };
    },
  };
};

export type FavoritesService = ReturnType<typeof createFavoritesService>;
