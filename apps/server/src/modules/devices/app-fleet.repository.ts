import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import type { MarketTerminal } from '../appmarket/market-core';
import { terminalModels, terminals } from './devices.table';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const installedCode = (packageName: string) =>
  sql<number | null>`(select (a->>'versionCode')::bigint from jsonb_array_elements(${terminals.apps}) a
      where a->>'packageName' = ${packageName} limit 1)`;

/**
 * Reads of the terminal fleet for the app market: installed versions of a package, the OS of the
 * terminals of some models, terminals by SN. The market never touches the terminal tables itself.
 */
export const createAppFleetRepository = (db: Db) => {
  const select = (packageName: string) => ({
    sn: terminals.sn,
    ownerId: terminals.ownerId,
    online: terminals.online,
    osVersion: terminals.osVersion,
    modelName: terminalModels.name,
    versionCode: installedCode(packageName).mapWith(Number),
  });
  const fetch = (packageName: string, where: SQL | undefined) =>
    db
      .select(select(packageName))
      .from(terminals)
      .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
      .where(where) as Promise<MarketTerminal[]>;
  const hasPackage = (packageName: string) =>
    sql`${terminals.apps} @> ${JSON.stringify([{ packageName }])}::jsonb`;

  return {
    /** How many terminals (inside the scope, if given) run each version of a package. */
    installStats: async (packageName: string, scope: Scope | null) =>
      rowsOf<{ code: string | null; name: string | null; n: string }>(
        await db.execute(sql`
          select (a->>'versionCode') as code, max(a->>'versionName') as name, count(*) as n
          from ${terminals}, jsonb_array_elements(${terminals.apps}) a
          where a->>'packageName' = ${packageName}
            ${scope ? sql`and ${inDataScope(scope, terminals.ownerId) ?? sql`true`}` : sql``}
          group by 1 order by 1 desc nulls last`),
      ).map((r) => ({
        versionCode: r.code === null ? null : Number(r.code),
        versionName: r.name ?? '',
        terminals: Number(r.n),
      })),

    /** Terminals that report each of these packages installed. */
    installCounts: async (packageNames: string[]): Promise<Map<string, number>> => {
      if (!packageNames.length) return new Map();
      const rows = rowsOf<{ p: string; n: string }>(
        await db.execute(sql`
          select a->>'packageName' as p, count(*) as n
          from ${terminals}, jsonb_array_elements(${terminals.apps}) a
          where a->>'packageName' = any(${`{${packageNames.map((p) => `"${p}"`).join(',')}}`}::text[])
          group by 1`),
      );
      return new Map(rows.map((r) => [r.p, Number(r.n)]));
    },

    /** The OS versions terminals of these models report (all models when the list is empty). */
    osVersionsOfModels: async (modelNames: string[]): Promise<string[]> =>
      (
        await db
          .selectDistinct({ os: terminals.osVersion })
          .from(terminals)
          .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
          .where(
            and(
              sql`${terminals.osVersion} is not null`,
              modelNames.length ? inArray(terminalModels.name, modelNames) : undefined,
            ),
          )
      )
        .map((r) => r.os)
        .filter((v): v is string => !!v),

    /** Terminals with these SNs inside the caller's scope, with the package's installed version. */
    bySns: (scope: Scope, sns: string[], packageName: string) =>
      sns.length
        ? fetch(packageName, and(inArray(terminals.sn, sns), inDataScope(scope, terminals.ownerId)))
        : [],

    /**
     * Every terminal that reports the package installed, with its version; with an account, only
     * the terminals of that account and those below it (a private app's reach).
     */
    running: (packageName: string, withinAccount?: string | null) =>
      fetch(
        packageName,
        and(
          hasPackage(packageName),
          withinAccount
            ? inDataScope({ userId: withinAccount, dataScope: 'tree' }, terminals.ownerId)
            : undefined,
        ),
      ),
  };
};

export type AppFleetRepository = ReturnType<typeof createAppFleetRepository>;
