/**
 * Playwright fixtures of the end-to-end suite: a `test` whose pages fail the test on a browser
 * console error or an uncaught page error (DESIGN "Tests": a test that logs console.error fails),
 * the store's hosts (brand by host), and the demo product codes.
 */
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_CATEGORY_CODES, DEMO_CODES } from '../packages/db/src/seed/catalog.ts';

export { expect, DEMO_CATEGORY_CODES, DEMO_CODES };

/** Port of the e2e server (playwright.config.ts). */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
/** usb2c: any host that is not Canadian or commercial. */
export const US_ORIGIN = `http://localhost:${PORT}`;
/** cab2c: `ca.localhost` is in DEFAULT_HOSTS.canadianHosts (Chromium resolves *.localhost to loopback). */
export const CA_ORIGIN = `http://ca.localhost:${PORT}`;

/**
 * Chromium logs "Failed to load resource" for every answer with an error status. Some are the
 * store working as designed: a document answered 400 (a form with errors, no JavaScript), 404,
 * 500 or 503 (the database unavailable, issue 9 item 4), and React Router data requests
 * (`*.data`) answering a form's business error (400, 409) or 503. A failing script, style or
 * image still fails the test.
 */
const ERROR_STATUS = /^Failed to load resource: the server responded with a status of (\d{3})/;

function expectedFailure(text: string, resourceUrl: string, pageUrl: string): boolean {
  const status = ERROR_STATUS.exec(text)?.[1];
  if (!status) return false;
  if (resourceUrl === pageUrl) return ['400', '404', '500', '503'].includes(status);
  const path = new URL(resourceUrl, pageUrl).pathname;
  return path.endsWith('.data') && ['400', '409', '422', '503'].includes(status);
}

/** Collects console errors and uncaught errors of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (expectedFailure(text, msg.location().url, page.url())) return;
    problems.push(`console.error: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** `test` with a page that fails the test on console errors (see module comment). */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems = watchConsole(page);
      await use(problems);
      expect(problems, 'the browser console stays free of errors').toEqual([]);
    },
    { auto: true },
  ],
});
