/**
 * Issue 9 item 4, what a shopper sees: while the database does not answer (blackholed) or
 * refuses connections, the home, a category, search, the cart, sign-in and a product page answer
 * 503 with the brand's error page (usb2c in English, cab2c in French) and `Retry-After`, form
 * posts too (with and without JavaScript); once the database is back the store works again, with
 * no restart.
 *
 * This spec starts its own store (the real production build, `node --import tsx
 * apps/api/src/main.ts`) on a fresh PostgreSQL database that it creates and drops, reached
 * through a switchable TCP proxy (packages/testing/src/tcp-proxy.ts). It runs where PostgreSQL is
 * configured (TEST_DATABASE_URL, as for the API suite and in CI).
 *
 * While the database is cut off, pages may still answer 200 for up to 5 s from the API's read
 * cache of reference data (ADR 0011); each page is therefore polled until it answers 503.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { adminQuery } from "../packages/testing/src/db.ts";
import { freePort } from "../packages/testing/src/net.ts";
import {
  startTcpProxy,
  type ProxyMode,
  type TcpProxy,
} from "../packages/testing/src/tcp-proxy.ts";
import {
  spawnStore,
  stopStore,
  waitUntilReady,
  type ChildStore,
} from "./child-store.ts";
import { DEMO_CATEGORY_CODES, DEMO_CODES, expect, test } from "./fixtures.ts";
import { buyBoxAddButton, EN, FR } from "./shopper.ts";

const ADMIN_URLS = process.env.TEST_DATABASE_URL
  ? [process.env.TEST_DATABASE_URL]
  : [];

interface Brand {
  name: string;
  origin: (port: number) => string;
  htmlLang: string;
  site: string;
  headline: string;
  retry: string;
  pages: Array<{ what: string; path: string }>;
}

const BRANDS: Brand[] = [
  {
    name: "usb2c English",
    origin: (port) => `http://localhost:${port}`,
    htmlLang: "en",
    site: "usb2c",
    headline: "SORRY, WE ARE BREWING A FRESH POT!",
    retry: "Try again",
    pages: [
      { what: "home", path: "/" },
      { what: "category", path: `/c/${DEMO_CATEGORY_CODES.brewers}` },
      { what: "search", path: "/search?text=dark" },
      { what: "cart", path: "/cart" },
      { what: "sign-in", path: "/login" },
      { what: "product", path: `/p/${DEMO_CODES.coffeeVariant24}` },
    ],
  },
  {
    name: "cab2c French",
    origin: (port) => `http://ca.localhost:${port}`,
    htmlLang: "fr-CA",
    site: "cab2c",
    headline: "DÉSOLÉ, NOUS INFUSONS UNE NOUVELLE CAFETIÈRE\u202f!",
    retry: "Réessayer",
    pages: [
      { what: "accueil", path: "/fr" },
      { what: "catégorie", path: `/fr/c/${DEMO_CATEGORY_CODES.brewers}` },
      { what: "recherche", path: "/fr/recherche?text=cafe" },
      { what: "panier", path: "/fr/panier" },
      { what: "connexion", path: "/fr/connexion" },
      { what: "produit", path: `/fr/p/${DEMO_CODES.coffeeVariant24}` },
    ],
  },
];

/** The store process on its own port, database and proxy. */
interface Store {
  port: number;
  proxy: TcpProxy;
  run: ChildStore;
}

async function startStore(adminUrl: string, database: string): Promise<Store> {
  const direct = new URL(adminUrl);
  const proxy = await startTcpProxy({
    host: direct.hostname,
    port: Number(direct.port || 5432),
  });
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const port = await freePort();
  const run = spawnStore(
    ["--conditions=source", "--import", "tsx", "apps/api/src/main.ts"],
    {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      HOST: "localhost",
      NODE_ENV: "production",
      JWT_SECRET: "e2e-only-jwt-secret-0123456789abcdef0123456789",
      OAUTH_CLIENT_SECRET: "e2e-only-storefront-secret",
      DEV_PAGES: "false",
      DATABASE_URL: proxy.urlFor(databaseUrl.toString()),
      DB_CONNECT_TIMEOUT_MS: "1000",
      DB_STATEMENT_TIMEOUT_MS: "1000",
      OUTBOX_DIR: `./test-results/e2e-outage/outbox-${database}`,
      SMTP_URL: "",
      PAYMENT_PROVIDER: "test",
      LOG_LEVEL: "warn",
      // a cold render on a busy CI machine may take more than the 3 s render deadline (e2e/render-deadline.spec.ts)
      RENDER_TIMEOUT_MS: "30000",
    },
  );
  const store: Store = { port, proxy, run };
  await waitUntilReady(`http://localhost:${port}`, [run]);
  return store;
}

async function stopOutageStore(store: Store | undefined): Promise<void> {
  if (!store) return;
  await stopStore(store.run);
  await store.proxy.close();
}

/**
 * Waits until `store` answers `/readyz` 200, i.e. its database answers again. A page
 * may answer 200 earlier, from the page, response or read caches without a statement (a product
 * page of an anonymous shopper does), while a write such as an add to cart would still get the 503.
 */
async function untilDatabaseBack(store: Store): Promise<void> {
  await waitUntilReady(`http://localhost:${store.port}`, [store.run], 30_000);
}

/** Opens `url` until it answers `status` (the read cache may serve reference data a few seconds more). */
async function openUntil(
  page: Page,
  url: string,
  status: number,
): Promise<void> {
  await expect
    .poll(async () => (await page.goto(url))?.status(), {
      timeout: 30_000,
      intervals: [250, 500, 1000],
      message: `${url} answers ${status}`,
    })
    .toBe(status);
}

/** The page on screen is the brand's 503 page in its language. */
async function expectUnavailablePage(
  page: Page,
  brand: Brand,
  path: string,
): Promise<void> {
  await expect(
    page.getByRole("heading", { level: 1, name: brand.headline }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", brand.htmlLang);
  await expect(page.locator("html")).toHaveAttribute("data-site", brand.site);
  await expect(page.getByRole("banner")).toBeVisible(); // the brand's header
  await expect(page.getByRole("link", { name: brand.retry })).toHaveAttribute(
    "href",
    path,
  );
  await expect(page).toHaveTitle(brand.headline);
  // the cart count is unknown while the database is away: no "0" next to "your cart is safe"
  await expect(page.getByRole("banner").locator(".cart-count")).toBeHidden();
}

for (const adminUrl of ADMIN_URLS) {
  test.describe("a database outage, as shoppers see it", () => {
    test.describe.configure({ mode: "serial" });
    const database = `e2e_outage_${randomBytes(5).toString("hex")}`;
    let store: Store | undefined;

    const setMode = (mode: ProxyMode) => store!.proxy.setMode(mode);
    const origin = (brand: Brand) => brand.origin(store!.port);

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      await adminQuery(adminUrl, `CREATE DATABASE "${database}"`);
      store = await startStore(adminUrl, database);
    });

    test.afterAll(async () => {
      await stopOutageStore(store);
      await adminQuery(
        adminUrl,
        `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`,
      );
    });

    for (const mode of ["blackhole", "refuse"] as const) {
      test(`every page answers the brand's 503 page with Retry-After while the database ${mode === "blackhole" ? "does not answer" : "refuses connections"}, and recovers`, async ({
        page,
      }) => {
        test.setTimeout(240_000);
        // a cart with an item, so the cart page has something to read
        for (const brand of BRANDS) {
          await openUntil(
            page,
            `${origin(brand)}${brand.pages.at(-1)!.path}`,
            200,
          );
          // a click while React hydrates the form can be lost: press it once the page is live
          await page.locator("html[data-hydrated]").waitFor();
          await buyBoxAddButton(page, brand.site === "cab2c" ? FR : EN).click();
          await expect(
            page
              .getByRole("status")
              .filter({
                hasText: (brand.site === "cab2c" ? FR : EN).addedToCart,
              }),
          ).toBeVisible();
        }

        await setMode(mode);
        for (const brand of BRANDS) {
          for (const { what, path } of brand.pages) {
            const url = `${origin(brand)}${path}`;
            await openUntil(page, url, 503);
            const response = await page.goto(url);
            expect(response?.status(), `${brand.name} ${what}`).toBe(503);
            expect(
              Number(response?.headers()["retry-after"]),
              `${brand.name} ${what} Retry-After`,
            ).toBeGreaterThan(0);
            expect(response?.headers()["cache-control"]).toBe("no-store");
            await expectUnavailablePage(page, brand, path);
          }
        }

        await setMode("pass");
        for (const brand of BRANDS) {
          await openUntil(page, `${origin(brand)}${brand.pages[0]!.path}`, 200);
          for (const { what, path } of brand.pages) {
            const response = await page.goto(`${origin(brand)}${path}`);
            expect(
              response?.status(),
              `${brand.name} ${what} after recovery`,
            ).toBe(200);
            await expect(
              page.getByRole("heading", { level: 1, name: brand.headline }),
            ).toHaveCount(0);
          }
          // the cart made before the outage is still there
          await page.goto(`${origin(brand)}${brand.pages[3]!.path}`);
          const L = brand.site === "cab2c" ? FR : EN;
          await expect(
            page.getByRole("heading", { level: 1, name: L.cartTitle }),
          ).toBeVisible();
          await expect(
            page.getByRole("banner").getByRole("link", { name: L.cart }),
          ).toContainText(/[1-9]/);
        }
      });
    }

    test("a sign-in form post (with JavaScript) shows the 503 page, and the sign-in page is back with the database", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const brand = BRANDS[0]!;
      await openUntil(page, `${origin(brand)}/login`, 200);
      await expect(page.locator("html")).toHaveAttribute(
        "data-hydrated",
        "true",
      );
      await setMode("blackhole");
      try {
        const main = page.getByRole("main");
        await main
          .getByLabel("Email address", { exact: true })
          .fill("nobody@example.com");
        await main
          .getByLabel("Password", { exact: true })
          .fill("Brew2026coffee");
        await main
          .getByRole("button", { name: "Sign in", exact: true })
          .click();
        await expect(
          page.getByRole("heading", { level: 1, name: brand.headline }),
        ).toBeVisible({ timeout: 30_000 });
      } finally {
        await setMode("pass");
      }
      await openUntil(page, `${origin(brand)}/login`, 200);
      await expect(
        page.getByRole("heading", { level: 1, name: "Sign in" }),
      ).toBeVisible();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("an add-to-cart form post answers the 503 page (not a redirect to an empty page), then works once the database is back", async ({
        page,
      }) => {
        test.setTimeout(120_000);
        const brand = BRANDS[1]!;
        const productPath = brand.pages.at(-1)!.path;
        await openUntil(page, `${origin(brand)}${productPath}`, 200);
        await setMode("refuse");
        try {
          const [response] = await Promise.all([
            // the French page's form posts to the French add-to-cart path (issue 9 item 8)
            page.waitForResponse(
              (r) =>
                ["/cart/add", "/fr/panier/ajouter"].includes(
                  new URL(r.url()).pathname,
                ) && r.request().method() === "POST",
            ),
            buyBoxAddButton(page, FR).click(),
          ]);
          expect(response.status()).toBe(503);
          expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
          await expect(
            page.getByRole("heading", { level: 1, name: brand.headline }),
          ).toBeVisible();
          await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
          // "Try again" goes back to the (canonical) product page the form was posted from
          await expect(
            page.getByRole("link", { name: brand.retry }),
          ).toHaveAttribute("href", /^\/fr\/.+\/p\/BH-SIGNATURE-DARK/);
        } finally {
          await setMode("pass");
        }
        await untilDatabaseBack(store!);
        await openUntil(page, `${origin(brand)}${productPath}`, 200);
        await buyBoxAddButton(page, FR).click();
        await expect(
          page.getByRole("status").filter({ hasText: FR.addedToCart }),
        ).toBeVisible();
      });
    });
  });
}
