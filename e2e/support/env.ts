import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root; the server is started from there. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The built console the server serves. */
export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');

/** An unusual fixed port so a developer's own server on 8080 is never hit by mistake. */
export const PORT = Number(process.env.E2E_PORT ?? 18555);

export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** The seeded administrator. The password satisfies the product's policy (upper, lower, digit, special). */
export const ADMIN = { username: 'admin', password: 'E2e-Admin#2024pass' } as const;

/** Where screenshots go; the folder is git-ignored. */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e', 'screenshots');
