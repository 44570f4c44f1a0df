import { test as base, expect, type Page } from '@playwright/test';
import { Api } from './api';

/**
 * What went wrong in the browser during a test. `allowed` names console errors a test causes on
 * purpose (an outage it stages); they are left out when the test ends, whenever the browser reports
 * them, so one delivered after the test's last step is not mistaken for a defect.
 */
export type BrowserProblems = { pageErrors: string[]; consoleErrors: string[]; allowed?: RegExp[] };

// Chromium logs every 4xx answer as a console error; the console meets them on purpose (401 after a
// session ends, 400 for a wrong password), so those alone are not a problem.
const EXPECTED_CONSOLE_ERROR = /Failed to load resource: the server responded with a status of 4\d\d/;

/** Records uncaught page errors and console errors of a page. */
export const watchPage = (page: Page, problems: BrowserProblems) => {
  page.on('pageerror', (error) => problems.pageErrors.push(`${error.name}: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !EXPECTED_CONSOLE_ERROR.test(msg.text())) {
      problems.consoleErrors.push(`${msg.text()} (${msg.location().url})`);
    }
  });
};

type Fixtures = {
  /** Direct server calls without a session. */
  api: Api;
  /** Fails the test when the page threw or logged an unexpected error. */
  problems: BrowserProblems;
};

/** The suite's `test`: every test fails on uncaught page errors or unexpected console errors. */
export const test = base.extend<Fixtures>({
  api: async ({ request }, use) => {
    await use(new Api(request));
  },
  problems: [
    async ({ page }, use) => {
      const problems: BrowserProblems = { pageErrors: [], consoleErrors: [] };
      watchPage(page, problems);
      await use(problems);
      const allowed = problems.allowed ?? [];
      const unexpected = problems.consoleErrors.filter((e) => !allowed.some((a) => a.test(e)));
      expect(problems.pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(unexpected, 'console errors other than expected 4xx answers').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
