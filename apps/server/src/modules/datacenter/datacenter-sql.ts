import { type SQL, sql } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth-context';
import { accountSubtreeSql, inDataScope } from '../../shared/data-scope';
import { likePrefix } from '../../shared/sql';

/** Rows of a raw query, the same on PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Who reads: the caller's account and data scope. */
export type Scope = Pick<AuthContext, 'userId' | 'dataScope'>;

/** The terminal filters the data centre's reads share. */
export type TerminalFilter = { sn?: string; groupId?: string; modelId?: string; ownerId?: string };

/** The filters' conditions on the terminals, without the data scope. */
export const filterWhere = (f: TerminalFilter): SQL[] => {
  const parts: SQL[] = [];
  if (f.sn) parts.push(sql`terminals.sn like ${likePrefix(f.sn.toUpperCase())}`);
  if (f.groupId) parts.push(sql`terminals.group_id = ${f.groupId}`);
  if (f.modelId) parts.push(sql`terminals.model_id = ${f.modelId}`);
  if (f.ownerId) parts.push(sql`terminals.owner_id in ${accountSubtreeSql(f.ownerId)}`);
  return parts;
};

/** Conditions joined with `and` (`true` for none). */
export const joinWhere = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** The terminal conditions every data-centre read shares: the caller's data scope, then the filters. */
export const terminalWhere = (auth: Scope, f: TerminalFilter): SQL => {
  const scope = inDataScope(auth, terminals.ownerId);
  return joinWhere([...(scope ? [scope] : []), ...filterWhere(f)]);
};

/** Online seconds in a day from which a terminal counts as active that day. */
export const ACTIVE_SEC = 3600;

/** A timestamp column as an ISO string, or null. */
export const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
