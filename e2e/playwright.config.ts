import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN, ADMIN_STATE, BASE_URL, PORT, REPO_ROOT, SMTP_PORT, WEB_DIST } from './support/env';

const CI = Boolean(process.env.CI);

/**
 * Debian's headless shell (Chromium's old headless mode) draws no browser window: the suite took about
 * a fifth less CPU with it (bench/history/test-loop.md). A headed or debug run needs the full browser.
 */
const HEADED = Boolean(process.env.PWDEBUG) || process.argv.some((a) => /^--(headed|debug|ui)$/.test(a));
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (!HEADED && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * End-to-end suite: the real server (in-memory database, no captcha) serving the built console,
 * driven with Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  // Tests that only take pictures run on demand, for a visual review (see support/screenshot.ts).
  grepInvert: process.env.E2E_SCREENSHOTS ? undefined : /@pictures/,
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  forbidOnly: CI,
  // No retries: a test that passes only sometimes has a cause to fix (wait for what the user sees,
  // never for time), and a retry would hide it.
  retries: 0,
  workers: 2,
  // A test's budget, not its expected time: two workers, the server and Chromium share two cores,
  // and a multi-page test that takes 30 s on an idle machine takes twice that under load.
  timeout: 180_000,
  // How long a check waits for what the user should see. On two shared cores a page's first render
  // (its code, catalogue and first call) has taken more than 10 s; a passing check waits no longer
  // for this, only a failing one does.
  expect: { timeout: 30_000 },
  // The root test runner sets PLAYWRIGHT_JSON_OUTPUT_NAME and reads the json report's stats.
  // Without that variable the report goes to a file instead of flooding the terminal.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  outputDir: './test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    // The console honours the system's reduced motion: dialogs, menus and charts appear at once, so
    // no check waits out an animation.
    contextOptions: { reducedMotion: 'reduce' },
    // A failed test keeps its screenshot and the page's accessibility snapshot (error-context.md).
    // Its trace (actions, network, DOM snapshots) only with E2E_TRACE=on: a run on a clean
    // checkout keeps no file anyone reads, and recording costs CPU (bench/history/test-loop.md).
    trace: process.env.E2E_TRACE === 'on' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      // The administrator's session, signed in once: tests start on the page they test. Logging out
      // ends only the token of that browser, so specs that sign out sign in on their own.
      use: { storageState: ADMIN_STATE },
    },
  ],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: REPO_ROOT,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      // The remote desktop relay under the main port, so parallel runs never fight over 8018.
      REMOTE_PORT: '0',
      DATABASE_URL: 'memory://',
      CAPTCHA: 'off',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WEB_DIST,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_URL: BASE_URL,
      // Browsers refuse passkeys on an IP address: the passkey spec opens the console as localhost.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${PORT}`,
      // The data centre's pages show a few seconds of heartbeats without waiting for the five-minute write.
      ACTIVITY_WRITE_SEC: '2',
      // The gray-release test waits for the health gate: every 5 s instead of every minute.
      APP_HEALTH_CHECK_SEC: '5',
      // The suite uploads and exports as a few accounts at machine speed; the server's tests cover the limits.
      RATE_FILES_PER_MINUTE: '1000',
      RATE_JOBS_PER_MINUTE: '1000',
      RATE_LINKS_PER_MINUTE: '1000',
      RATE_SSO_PER_MINUTE: '1000',
      // The specs share one administrator session and each checks its own password dialog.
      STEP_UP_MINUTES: '0',
      // The webhooks spec receives its test ping on a local http port.
      WEBHOOK_ALLOW_HTTP: 'on',
    },
  },
});
