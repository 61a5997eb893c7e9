/**
 * The targets of issues 5 and 11 ("goals for optimisation, not test assertions") and their verdicts. A
 * missed target never fails the run; it is printed beside the figure and stored in latest.json.
 */
import type { BenchResults, ScenarioResult, SqlOperation, TargetVerdict } from './results.ts';
import { STARTUP_TARGET_MS } from './startup.ts';

/** The target numbers (issue 5, "Targets to aim for"). */
export const TARGETS = {
  /** product page req/s as a share of its static baseline */
  productPageRatio: 0.3,
  /** ms */
  productPageP99Ms: 60,
  /** issue 11: a cached anonymous home, category or product page, req/s as a share of the same bytes from memory */
  cachedPageRatio: 0.5,
  /** ms, at 50 connections */
  cachedPageP99Ms: 50,
  /** issue 11: the same pages for a visitor with a cart (no page cache), share of the static copy */
  cartPageRatio: 0.03,
  /** ms, at 50 connections */
  cartPageP99Ms: 1000,
  /** on SQLite (issue 11) */
  addToCartReqPerSec: 1500,
  /** ms, on SQLite (issue 11) */
  addToCartP99Ms: 50,
  sqlPerOperation: 8,
  /** statements of a place order, whatever the number of lines (issue 11) */
  placeOrderSql: 12,
  /** API product `?fields=FULL` req/s as a share of hello world (issue 11) */
  apiProductRatio: 0.25,
  /** gzipped KB */
  productPageJsKB: 110,
  lighthousePerformance: 95,
} as const;

const SQL_LABELS: Record<SqlOperation, string> = {
  productPage: 'SQL: product page',
  productPageCart: 'SQL: product page (visitor with a cart)',
  categoryPage: 'SQL: category page',
  addToCartNew: 'SQL: add to cart (new cart)',
  addToCart1: 'SQL: add to cart (cart of 1 line)',
  addToCart20: 'SQL: add to cart (cart of 20 lines)',
  placeOrder1: 'SQL: place order (1 line)',
  placeOrder20: 'SQL: place order (20 lines)',
};

function verdict(ok: boolean | null): TargetVerdict['status'] {
  return ok === null ? 'n/a' : ok ? 'pass' : 'miss';
}

function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function scenarioTargets(s: ScenarioResult, database: 'sqlite' | 'postgres'): TargetVerdict[] {
  const out: TargetVerdict[] = [];
  const at = s.name;
  const product = s.ssr.product;
  if (product) {
    out.push({ id: `${at}.ssr.product.ratio`, scenario: at, label: 'Product page vs static baseline', target: `>= ${TARGETS.productPageRatio * 100}%`, value: `${fmt(product.ratio * 100, 1)}%`, status: verdict(product.ratio >= TARGETS.productPageRatio) });
    out.push({ id: `${at}.ssr.product.p99`, scenario: at, label: 'Product page p99', target: `<= ${TARGETS.productPageP99Ms} ms`, value: `${product.page.saturated ? '>' : ''}${fmt(product.page.p99Ms)} ms`, status: verdict(product.page.p99Ms <= TARGETS.productPageP99Ms) });
  }
  // issue 11: both rows for home, category and product (cached anonymous; visitor with a cart)
  for (const page of ['home', 'category', 'product'] as const) {
    const cached = s.ssr[page];
    if (cached) {
      out.push({ id: `${at}.ssr.cached.${page}.ratio`, scenario: at, label: `Cached anonymous ${page} page vs static`, target: `>= ${TARGETS.cachedPageRatio * 100}%`, value: `${fmt(cached.ratio * 100, 1)}%`, status: verdict(cached.ratio >= TARGETS.cachedPageRatio) });
      out.push({ id: `${at}.ssr.cached.${page}.p99`, scenario: at, label: `Cached anonymous ${page} page p99`, target: `<= ${TARGETS.cachedPageP99Ms} ms`, value: `${cached.page.saturated ? '>' : ''}${fmt(cached.page.p99Ms)} ms`, status: verdict(cached.page.p99Ms <= TARGETS.cachedPageP99Ms) });
    }
    const cart = s.ssrCart?.[page];
    if (cart) {
      out.push({ id: `${at}.ssr.cart.${page}.ratio`, scenario: at, label: `${page} page, visitor with a cart, vs static`, target: `>= ${TARGETS.cartPageRatio * 100}%`, value: `${fmt(cart.ratio * 100, 1)}%`, status: verdict(cart.ratio >= TARGETS.cartPageRatio) });
      out.push({ id: `${at}.ssr.cart.${page}.p99`, scenario: at, label: `${page} page, visitor with a cart, p99`, target: `<= ${fmt(TARGETS.cartPageP99Ms)} ms`, value: `${cart.page.saturated ? '>' : ''}${fmt(cart.page.p99Ms)} ms`, status: verdict(cart.page.p99Ms <= TARGETS.cartPageP99Ms) });
    }
  }
  const apiProduct = s.api.product;
  if (apiProduct) {
    out.push({ id: `${at}.api.product.ratio`, scenario: at, label: 'API product FULL vs hello world', target: `>= ${TARGETS.apiProductRatio * 100}%`, value: `${fmt(apiProduct.ratio * 100, 1)}%`, status: verdict(apiProduct.ratio >= TARGETS.apiProductRatio) });
  }
  const add = s.api.addToCart;
  if (add) {
    const sqlite = database === 'sqlite';
    out.push({ id: `${at}.api.addToCart.rps`, scenario: at, label: 'Add to cart req/s (SQLite)', target: `>= ${fmt(TARGETS.addToCartReqPerSec)}`, value: fmt(add.load.reqPerSec), status: verdict(sqlite ? add.load.reqPerSec >= TARGETS.addToCartReqPerSec : null) });
    out.push({ id: `${at}.api.addToCart.p99`, scenario: at, label: 'Add to cart p99 (SQLite)', target: `<= ${TARGETS.addToCartP99Ms} ms`, value: `${add.load.saturated ? '>' : ''}${fmt(add.load.p99Ms)} ms`, status: verdict(sqlite ? add.load.p99Ms <= TARGETS.addToCartP99Ms : null) });
  }
  for (const [op, label] of Object.entries(SQL_LABELS) as Array<[SqlOperation, string]>) {
    const figure = s.sql[op];
    if (!figure) continue;
    // issue 11: a place order may take up to 12 statements (claim, one transaction, the payment, the settle)
    const limit = op === 'placeOrder1' || op === 'placeOrder20' ? TARGETS.placeOrderSql : TARGETS.sqlPerOperation;
    out.push({ id: `${at}.sql.${op}`, scenario: at, label, target: `<= ${limit}`, value: String(figure.statements), status: verdict(figure.statements <= limit) });
  }
  for (const [one, twenty, label] of [
    ['addToCart1', 'addToCart20', 'SQL: add to cart, same for 1 and 20 lines'],
    ['placeOrder1', 'placeOrder20', 'SQL: place order, same for 1 and 20 lines'],
  ] as const) {
    const a = s.sql[one];
    const b = s.sql[twenty];
    if (!a || !b) continue;
    out.push({ id: `${at}.sql.${one}-vs-${twenty}`, scenario: at, label, target: 'equal', value: a.statements === b.statements ? `${a.statements} = ${b.statements}` : `${a.statements} -> ${b.statements} (grows)`, status: verdict(a.statements === b.statements) });
  }
  return out;
}

/** Evaluates every target the results have a figure for. */
export function evaluateTargets(results: Omit<BenchResults, 'targets'>): TargetVerdict[] {
  const out: TargetVerdict[] = [];
  for (const s of results.scenarios) out.push(...scenarioTargets(s, results.meta.database));
  const productJs = results.pageWeights.find((w) => w.page === 'product');
  if (productJs) {
    out.push({ id: 'browser.js.product', scenario: 'browser', label: 'Product page JS (gzipped)', target: `<= ${TARGETS.productPageJsKB} KB`, value: `${fmt(productJs.jsGzipKB, 1)} KB`, status: verdict(productJs.jsGzipKB <= TARGETS.productPageJsKB) });
  }
  if (results.startup) {
    const { first, restart } = results.startup;
    const cpu = (ms: number | null) => (ms === null ? '' : `, CPU ${fmt(ms)} ms`);
    out.push({ id: 'startup.first', scenario: 'startup', label: 'Compiled store: start to ready (fresh database)', target: `< ${fmt(STARTUP_TARGET_MS)} ms`, value: `${fmt(first.readyMs)} ms${cpu(first.cpuMs)}`, status: verdict(first.readyMs < STARTUP_TARGET_MS) });
    out.push({ id: 'startup.restart', scenario: 'startup', label: 'Compiled store: start to ready (restart)', target: `< ${fmt(STARTUP_TARGET_MS)} ms`, value: `${fmt(restart.readyMs)} ms${cpu(restart.cpuMs)}`, status: verdict(restart.readyMs < STARTUP_TARGET_MS) });
  }
  for (const lh of results.lighthouse) {
    out.push({ id: `browser.lighthouse.${lh.page}.performance`, scenario: 'browser', label: `Lighthouse mobile performance: ${lh.page}`, target: `>= ${TARGETS.lighthousePerformance}`, value: lh.performance === null ? '-' : String(lh.performance), status: verdict(lh.performance === null ? null : lh.performance >= TARGETS.lighthousePerformance) });
  }
  return out;
}
