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

/** The suite's own SMTP server (the test server sends mail to it). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1);

/** Where the suite's SMTP server writes every mail it receives. */
export const MAIL_DIR = path.join(REPO_ROOT, 'e2e', 'test-results', 'mail');

/** A page's first load: its code chunk, catalogue and first call, on a busy two-core machine. */
export const PAGE_LOAD = { timeout: 30_000 } as const;

/**
 * The administrator's signed-in browser state, saved once by the setup project and loaded by every
 * test. Named by port: a second run on another port has its own server and its own token.
 */
export const ADMIN_STATE = path.join(REPO_ROOT, 'e2e', 'test-results', `admin-state-${PORT}.json`);
