import { type SQL, sql } from 'drizzle-orm';

/**
 * Subquery of rows `(group_id, zone)`: for each group `starts` answers, its own time zone or the
 * nearest ancestor's; groups with no zone anywhere up the chain are absent. The climb stops at the
 * first group that has a zone, so each start yields at most one row.
 */
export const groupZonesSql = (starts: SQL): SQL =>
  sql`(with recursive up(start, id, parent_id, zone, depth) as (
          select g.id, g.id, g.parent_id, g.time_zone, 0 from terminal_groups g where g.id in ${starts}
          union all
          select up.start, p.id, p.parent_id, p.time_zone, up.depth + 1
          from up join terminal_groups p on p.id = up.parent_id
          where up.zone is null and up.depth < 64
        ) select start as group_id, zone from up where zone is not null)`;
