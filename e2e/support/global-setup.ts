import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from './env';
import { forgetEnrollmentKey } from './fleet';
import { startMailCatcher } from './mail';

/** The suite drives the built console; without it every page would be the server's 404. */
export default async function globalSetup() {
  const index = path.join(WEB_DIST, 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `The console is not built: ${index} is missing.\n` +
        'Build it first with `npm run build -w @cpm/web` (the root `npm test` does this before the browser tests).',
    );
  }
  await forgetEnrollmentKey();
  // The suite reads registration links and email codes from real mail; the returned function stops it.
  return startMailCatcher();
}
