/**
 * The targets of issue 5 ("goals for optimisation, not test assertions") and their verdicts. A
 * missed target never fails the run; it is printed beside the figure and stored in latest.json.
 */
import type { BenchResults, ScenarioResult, SqlOperation, TargetVerdict } from './results.ts';

/** The target numbers (issue 5, "Targets to aim for"). */
export const TARGETS = {
  /** product page req/s as a share of its static baseline */
  productPageRatio: 0.3,
  /** ms */
  productPageP99Ms: 60,
  /** on SQLite */
  addToCartReqPerSec: 2500,
  /** ms, on SQLite */
  addToCartP99Ms: 20,
  sqlPerOperation: 8,
  /** gzipped KB */
  productPageJsKB: 110,
  lighthousePerformance: 95,
} as const;

const SQL_LABELS: Record<SqlOperation, string> = {
  productPage: 'SQL: product page',
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
  const add = s.api.addToCart;
  if (add) {
    const sqlite = database === 'sqlite';
    out.push({ id: `${at}.api.addToCart.rps`, scenario: at, label: 'Add to cart req/s (SQLite)', target: `>= ${fmt(TARGETS.addToCartReqPerSec)}`, value: fmt(add.load.reqPerSec), status: verdict(sqlite ? add.load.reqPerSec >= TARGETS.addToCartReqPerSec : null) });
    out.push({ id: `${at}.api.addToCart.p99`, scenario: at, label: 'Add to cart p99 (SQLite)', target: `<= ${TARGETS.addToCartP99Ms} ms`, value: `${add.load.saturated ? '>' : ''}${fmt(add.load.p99Ms)} ms`, status: verdict(sqlite ? add.load.p99Ms <= TARGETS.addToCartP99Ms : null) });
  }
  for (const [op, label] of Object.entries(SQL_LABELS) as Array<[SqlOperation, string]>) {
    const figure = s.sql[op];
    if (!figure) continue;
    out.push({ id: `${at}.sql.${op}`, scenario: at, label, target: `<= ${TARGETS.sqlPerOperation}`, value: String(figure.statements), status: verdict(figure.statements <= TARGETS.sqlPerOperation) });
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
  for (const lh of results.lighthouse) {
    out.push({ id: `browser.lighthouse.${lh.page}.performance`, scenario: 'browser', label: `Lighthouse mobile performance: ${lh.page}`, target: `>= ${TARGETS.lighthousePerformance}`, value: lh.performance === null ? '-' : String(lh.performance), status: verdict(lh.performance === null ? null : lh.performance >= TARGETS.lighthousePerformance) });
  }
  return out;
}
