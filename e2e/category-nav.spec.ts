/**
 * Issue 9 item 10: at 375 px every category of the header's bar is visible inside the viewport
 * and clickable, without a hidden horizontal scroll, on every brand, in English and French
 * (longer labels); at 1280 px the bar stays one row.
 */
import type { Page } from '@playwright/test';
import { CA_ORIGIN, expect, PORT, test, US_ORIGIN } from './fixtures.ts';

const OFFICE_ORIGIN = `http://office.localhost:${PORT}`;

const STORES = [
  { name: 'usb2c, English', origin: US_ORIGIN, home: '/', label: 'Shop by category', links: ['Beverages', 'Coffee makers', 'Accessories', 'Gift cards'] },
  { name: 'usafh, English', origin: OFFICE_ORIGIN, home: '/', label: 'Shop by category', links: ['Beverages', 'Coffee makers', 'Accessories', 'Gift cards'] },
  { name: 'cab2c, English', origin: CA_ORIGIN, home: '/', label: 'Shop by category', links: ['Beverages', 'Coffee makers', 'Accessories', 'Gift cards'] },
  { name: 'cab2c, French', origin: CA_ORIGIN, home: '/fr', label: 'Magasiner par catégorie', links: ['Boissons', 'Cafetières', 'Accessoires', 'Cartes-cadeaux'] },
] as const;

function categoryBar(page: Page, label: string) {
  return page.getByRole('navigation', { name: label });
}

test.describe('category bar on a phone (issue 9 item 10)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const store of STORES) {
    test(`${store.name}: every category is visible in the viewport and clickable`, async ({ page }) => {
      await page.goto(`${store.origin}${store.home}`);
      const bar = categoryBar(page, store.label);
      const links = bar.getByRole('link');
      await expect(links).toHaveCount(store.links.length);
      // nothing hidden behind a horizontal scroll
      const overflow = await bar.locator('ul').evaluate((ul) => ul.scrollWidth - ul.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const name of store.links) {
        const link = bar.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toBeInViewport({ ratio: 1 });
        const box = await link.boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
        expect(box!.height, `${name} is a comfortable tap target`).toBeGreaterThanOrEqual(40);
      }
      for (const name of store.links) {
        await page.goto(`${store.origin}${store.home}`);
        await categoryBar(page, store.label).getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(/\/c\/[A-Z_]+$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(categoryBar(page, store.label).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      }
    });
  }

  test('at 320 px too, in French', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${CA_ORIGIN}/fr`);
    for (const name of STORES[3].links) await expect(categoryBar(page, STORES[3].label).getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
  });
});

test.describe('category bar on a desktop (issue 9 item 10)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('stays one row of four links, in English and French', async ({ page }) => {
    for (const store of [STORES[0], STORES[3]]) {
      await page.goto(`${store.origin}${store.home}`);
      const tops = new Set<number>();
      for (const name of store.links) {
        const box = await categoryBar(page, store.label).getByRole('link', { name, exact: true }).boundingBox();
        tops.add(Math.round(box!.y));
      }
      expect(tops.size, store.name).toBe(1);
    }
  });
});
