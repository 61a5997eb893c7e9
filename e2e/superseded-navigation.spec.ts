/**
 * A navigation replaced by a newer one before it finished (lib/superseded-loads.ts): React Router
 * aborts the first load, and the browser must not report that abort as an error. CI saw it as an
 * "AbortError: signal is aborted without reason" page error in a test that clicked on while a
 * page was still loading. Other unhandled rejections are still reported.
 *
 * The first test replays the shape of that flow (a held load replaced by a second click); it does
 * not make the browser report the abort on its own every time (that depends on where the first
 * load was when it was cut), so the second test pins the guard itself: an unawaited abort is quiet
 * (it fails without lib/superseded-loads.ts), an ordinary rejection is not.
 */
import { expect, test, US_ORIGIN } from './fixtures.ts';

test.describe('superseded navigations', () => {
  test('a second click while the first page still loads: no error, the second page shows', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/`);
    await page.locator('html[data-hydrated]').waitFor();
    // hold the first client-side load long enough for the second click to replace it
    let held = 0;
    await page.route(/\.data(\?|$)/, async (route) => {
      if (held++ === 0) await new Promise((r) => setTimeout(r, 1_500));
      await route.continue().catch(() => undefined);
    });
    const links = page.locator('header a[href*="/c/"]');
    await links.first().click();
    await page.waitForTimeout(200);
    const second = page.locator('footer a[href^="/content/"], footer a[href*="/c/"]').last();
    const target = await second.getAttribute('href');
    await second.click();
    await expect(page).toHaveURL(new RegExp(`${target!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await page.waitForTimeout(1_800); // the held answer arrives for a load nobody awaits any more
    expect(held).toBeGreaterThanOrEqual(2);
  });

  test('an abort nobody awaits is quiet; any other unhandled rejection is still reported', async ({ page, consoleProblems }) => {
    await page.goto(`${US_ORIGIN}/`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.evaluate(() => {
      const controller = new AbortController();
      controller.abort();
      void Promise.reject(controller.signal.reason);
    });
    await page.evaluate(() => void Promise.reject(new Error('a real failure (test)')));
    await expect.poll(() => consoleProblems.length).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(consoleProblems).toEqual(['page error: a real failure (test)']);
    consoleProblems.splice(0); // expected here: the check is that it was reported
  });
});
