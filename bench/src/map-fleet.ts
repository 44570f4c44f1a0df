import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

/**
 * Inserts `rows` activated terminals owned by `ownerId`, a third of them online, with positions:
 * half in China, a quarter in Europe, an eighth each in North and South America, clumped on
 * lattices of spots 0.2 degrees across (a city's spread), so every zoom from the world to a street
 * has terminals in view.
 */
export const insertLocatedTerminals = async (db: Db, ownerId: string, rows: number) => {
  await db.execute(sql`
    insert into terminals (sn, name, owner_id, status, online, lat, lng, located_at)
    select 'T' || lpad(g::text, 9, '0'), 'Terminal ' || g, ${ownerId}::uuid, 'activated', g % 3 = 0,
      case when g % 2 = 0 then 22 + (g % 50) * 0.35
           when g % 4 = 1 then 40 + (g % 50) * 0.24
           when g % 8 = 3 then 30 + (g % 61) * 0.3
           else -33 + (g % 59) * 0.48 end + random() * 0.2,
      case when g % 2 = 0 then 102 + (g % 97) * 0.2
           when g % 4 = 1 then -5 + (g % 97) * 0.25
           when g % 8 = 3 then -120 + (g % 89) * 0.5
           else -65 + (g % 53) * 0.47 end + random() * 0.2,
      now()
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`analyze terminals`);
};

/**
 * Viewports a user pans through, each about a screen wide at its zoom: the world, a country, a
 * province, a city and a street, all over seeded terminals (Hubei, around Wuhan).
 */
export const MAP_VIEWS = [
  { west: -180, south: -80, east: 180, north: 80, zoom: 2 },
  { west: 100, south: 18, east: 125, north: 42, zoom: 5 },
  { west: 112, south: 28, east: 118, north: 32, zoom: 8 },
  { west: 114.0, south: 30.2, east: 114.6, north: 30.6, zoom: 11 },
  { west: 114.3, south: 30.45, east: 114.32, north: 30.46, zoom: 16 },
] as const;
