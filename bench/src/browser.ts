/**
 * Browser measures (issue 5, measure 4): JavaScript each page loads, measured in Debian's
 * Chromium through Playwright, and Lighthouse 12 mobile scores through chrome-launcher.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import type { LighthouseFigure, PageWeight } from './results.ts';

/** Debian's Chromium (no browser download). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for Chromium in this sandbox (root, no GPU) and without background traffic. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const KB = 1024;
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The pages of measure 4; `path` is a storefront path on `origin`. */
export interface PageTarget {
  page: 'home' | 'category' | 'product';
  path: string;
}

interface ScriptSample {
  url: string;
  bytes: number;
  gzipBytes: number;
  encoding: string;
}

async function sampleScript(response: Response): Promise<ScriptSample | null> {
  try {
    const body = await response.body();
    const headers = await response.allHeaders();
    return { url: response.url(), bytes: body.length, gzipBytes: gzipSync(body).length, encoding: headers['content-encoding'] ?? 'identity' };
  } catch {
    return null; // a redirect or an aborted request has no body
  }
}

/** Loads `url` in `context` and measures every script it loads (deduplicated by URL). */
async function weighPage(context: BrowserContext, page: PageWeight['page'], origin: string, path: string): Promise<PageWeight> {
  const tab = await context.newPage();
  const consoleErrors: string[] = [];
  tab.on('console', (msg) => {
    if (msg.type() === 'error' && consoleErrors.length < 5) consoleErrors.push(msg.text().slice(0, 300));
  });
  tab.on('pageerror', (error) => {
    if (consoleErrors.length < 5) consoleErrors.push(`uncaught: ${error.message.slice(0, 300)}`);
  });
  const responses: Response[] = [];
  tab.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  const main = await tab.goto(`${origin}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
  const samples = new Map<string, ScriptSample>();
  for (const response of responses) {
    if (samples.has(response.url())) continue;
    const sample = await sampleScript(response);
    if (sample) samples.set(sample.url, sample);
  }
  const inline = await tab.evaluate(() =>
    Array.from(document.querySelectorAll('script:not([src])'))
      .filter((s) => {
        const type = (s.getAttribute('type') ?? '').toLowerCase();
        return type === '' || type === 'module' || type.includes('javascript');
      })
      .map((s) => s.textContent ?? '')
      .join('\n'),
  );
  const finalPath = new URL(tab.url()).pathname;
  await tab.close();
  const list = [...samples.values()];
  const encodings = [...new Set(list.map((s) => s.encoding))];
  return {
    page,
    path: finalPath === path.split('?')[0] ? path : `${path} -> ${finalPath}`,
    status: main?.status() ?? 0,
    scripts: list.length,
    jsKB: round1(list.reduce((sum, s) => sum + s.bytes, 0) / KB),
    jsGzipKB: round1(list.reduce((sum, s) => sum + s.gzipBytes, 0) / KB),
    inlineGzipKB: inline ? round1(gzipSync(Buffer.from(inline)).length / KB) : 0,
    servedEncoding: encodings.length === 0 ? '-' : encodings.join(','),
    largestScripts: [...list]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 5)
      .map((s) => ({ path: new URL(s.url).pathname, gzipKB: round1(s.gzipBytes / KB) })),
    consoleErrors,
  };
}

/** Options of `measurePageWeights`. */
export interface PageWeightOptions {
  origin: string;
  pages: PageTarget[];
  cartPath?: string;
  checkoutPath?: string;
  /** called with a message when a step does not work (e.g. no add-to-cart button) */
  onProblem?: (message: string) => void;
}

/**
 * JavaScript per page for home, category and product (each in a fresh browser context, so
 * nothing comes from cache), then cart and checkout with one product added through the product
 * page's "Add to cart" button (the cart cookie is carried into fresh contexts).
 */
export async function measurePageWeights(opts: PageWeightOptions): Promise<PageWeight[]> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const out: PageWeight[] = [];
  try {
    for (const target of opts.pages) {
      const context = await browser.newContext();
      try {
        out.push(await weighPage(context, target.page, opts.origin, target.path));
      } finally {
        await context.close();
      }
    }
    const product = opts.pages.find((p) => p.page === 'product');
    if (!product) return out;
    const shopper = await browser.newContext();
    let state: Awaited<ReturnType<BrowserContext['storageState']>>;
    try {
      const tab = await shopper.newPage();
      await tab.goto(`${opts.origin}${product.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
      const button = tab.getByRole('button', { name: 'Add to cart' }).first();
      if ((await button.count()) === 0) {
        opts.onProblem?.('no "Add to cart" button on the product page; cart and checkout measured with an empty cart');
      } else {
        await button.click();
        await tab.waitForLoadState('networkidle');
        await tab.waitForTimeout(500);
        await tab.waitForLoadState('networkidle');
      }
      state = await shopper.storageState();
      if (state.cookies.length === 0) opts.onProblem?.('adding to cart in the browser set no cookie; cart and checkout measured with an empty cart');
    } finally {
      await shopper.close();
    }
    for (const [page, path] of [
      ['cart', opts.cartPath ?? '/cart'],
      ['checkout', opts.checkoutPath ?? '/checkout/singlestep'],
    ] as const) {
      const context = await browser.newContext({ storageState: state });
      try {
        out.push(await weighPage(context, page, opts.origin, path));
      } finally {
        await context.close();
      }
    }
    return out;
  } finally {
    await browser.close();
  }
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Lighthouse 12 with its default (mobile, simulated throttling) settings for each page, one
 * Chromium for all of them. Scores are 0-100.
 */
export async function measureLighthouse(origin: string, pages: PageTarget[], onProblem?: (message: string) => void): Promise<LighthouseFigure[]> {
  // chrome-launcher reports a missing executable as an unhandled 'error' event (the process
  // dies), so check first and fail like any other measure.
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
  const out: LighthouseFigure[] = [];
  try {
    for (const target of pages) {
      const result = await lighthouse(`${origin}${target.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) {
        onProblem?.(`lighthouse gave no result for ${target.page}`);
        continue;
      }
      if (lhr.runtimeError) onProblem?.(`lighthouse ${target.page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const score = (id: (typeof CATEGORIES)[number]) => {
        const s = lhr.categories[id]?.score;
        return s === null || s === undefined ? null : Math.round(s * 100);
      };
      const metric = (id: string) => {
        const v = lhr.audits[id]?.numericValue;
        return v === undefined ? null : Math.round(v * 1000) / 1000;
      };
      const failing = new Set<string>();
      for (const id of CATEGORIES) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failing.add(ref.id);
        }
      }
      const ms = (id: string) => {
        const v = metric(id);
        return v === null ? null : Math.round(v);
      };
      out.push({
        page: target.page,
        path: target.path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: ms('first-contentful-paint'),
        lcpMs: ms('largest-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        failingAudits: [...failing],
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
