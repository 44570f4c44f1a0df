/**
 * Writes `src/routes.ts`: every endpoint's method and path without its zod schemas, typed by the
 * full definitions. The console calls endpoints through these, so a page that only calls the API
 * does not download zod and every contract with it.
 *
 *   npm run routes -w @cpm/contracts
 *
 * `src/routes.test.ts` fails when the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderRoutes } from '../src/routes-source';

const target = fileURLToPath(new URL('../src/routes.ts', import.meta.url));
writeFileSync(target, renderRoutes());
console.log(`wrote ${target}`);
