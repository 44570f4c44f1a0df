/** Terminals as lists show them: the filter, the selected columns and the row the API answers. */
import type { TerminalFilter, TerminalRow, TerminalStatus } from '@cpm/contracts';
import { and, eq, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import { equalTo, escapeLike } from '../../shared/sql';
import { terminalGroups } from '../groups/groups.table';
import { users } from '../users/users.table';
import { terminalModels, terminals } from './devices.table';

/** Offline longer than this is highlighted. */
export const LONG_OFFLINE_MS = 72 * 3600 * 1000;

/**
 * The WHERE clause of the terminal list and its export. `visibleOwners`, when given, is the caller's
 * data scope resolved to account ids beforehand (see `visibleOwnerIds`): the planner sizes a literal
 * list well, while a recursive subquery inside a million-row filter makes it guess and scan.
 */
export const terminalFilterSql = (
  scope: Scope,
  f: TerminalFilter,
  now: Date,
  visibleOwners?: string[] | null,
): SQL | undefined =>
  and(
    visibleOwners ? inArray(terminals.ownerId, visibleOwners) : inDataScope(scope, terminals.ownerId),
    f.sn ? sql`${terminals.sn} like ${`${escapeLike(f.sn.toUpperCase())}%`}` : undefined,
    f.name ? sql`${terminals.name} ilike ${`%${escapeLike(f.name)}%`}` : undefined,
    f.status ? eq(terminals.status, f.status) : undefined,
    f.online === undefined ? undefined : eq(terminals.online, f.online),
    ...equalTo(terminals, { modelId: f.modelId, groupId: f.groupId }),
    f.storeName ? sql`${terminals.storeName} ilike ${`%${escapeLike(f.storeName)}%`}` : undefined,
    f.ownerId ? eq(terminals.ownerId, f.ownerId) : undefined,
    f.longOffline
      ? and(
          eq(terminals.online, false),
          isNotNull(terminals.lastSeenAt),
          lt(terminals.lastSeenAt, new Date(now.getTime() - LONG_OFFLINE_MS)),
        )
      : undefined,
  );

export const terminalRowColumns = {
  id: terminals.id,
  sn: terminals.sn,
  name: terminals.name,
  platform: terminals.platform,
  modelId: terminals.modelId,
  modelName: terminalModels.name,
  ownerId: terminals.ownerId,
  ownerName: users.name,
  groupId: terminals.groupId,
  groupName: terminalGroups.name,
  storeName: terminals.storeName,
  mac: terminals.mac,
  status: terminals.status,
  online: terminals.online,
  lastSeenAt: terminals.lastSeenAt,
  battery: terminals.battery,
  ip: terminals.ip,
  osVersion: terminals.osVersion,
  agentVersion: terminals.agentVersion,
  activationDate: terminals.activationDate,
  createdAt: terminals.createdAt,
};
export type TerminalRawRow = {
  [K in keyof typeof terminalRowColumns]: (typeof terminalRowColumns)[K]['_']['data'] | null;
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Database row to list row; `longOffline` is computed against the caller's clock. */
export const toTerminalRow = (r: TerminalRawRow, now: Date): TerminalRow => ({
  id: r.id as string,
  sn: r.sn as string,
  name: r.name as string,
  platform: r.platform as string,
  modelId: r.modelId,
  modelName: r.modelName,
  ownerId: r.ownerId as string,
  ownerName: r.ownerName,
  groupId: r.groupId,
  groupName: r.groupName,
  storeName: r.storeName ?? '',
  mac: r.mac,
  status: r.status as TerminalStatus,
  online: r.online === true,
  lastSeenAt: iso(r.lastSeenAt),
  longOffline:
    r.online !== true && r.lastSeenAt !== null && now.getTime() - r.lastSeenAt.getTime() > LONG_OFFLINE_MS,
  battery: r.battery,
  ip: r.ip,
  osVersion: r.osVersion,
  agentVersion: r.agentVersion,
  activationDate: iso(r.activationDate),
  createdAt: (r.createdAt as Date).toISOString(),
});

/** The list's select: terminals with their model, group and owner names. */
export const selectRows = (db: Db) =>
  db
    .select(terminalRowColumns)
    .from(terminals)
    .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
    .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
    .leftJoin(users, eq(users.id, terminals.ownerId));
