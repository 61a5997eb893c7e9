/**
 * The stdout report: one table per measure, targets beside the figures, then the growth
 * comparison and the target summary.
 */
import type { LoadResult } from './load.ts';
import type { BenchResults, ScenarioResult, SqlOperation, TargetVerdict } from './results.ts';

type Cell = string | number;

/** Renders rows as a fixed-width text table; numeric-looking cells are right-aligned. */
export function table(headers: string[], rows: Cell[][]): string {
  const text = rows.map((r) => r.map((c) => String(c)));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => text.length > 0 && text.every((r) => /^>?[-+]?[\d,.]+( ?(ms|KB|%|x))?$|^-( ms)?$/.test(r[i] ?? '-')));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...text.map(line)].join('\n');
}

function n(value: number | undefined | null, digits = 0): string {
  if (value === undefined || value === null || Number.isNaN(value)) return '-';
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function pct(value: number | undefined): string {
  return value === undefined ? '-' : `${n(value * 100, 1)}%`;
}

function mark(targets: TargetVerdict[], id: string): string {
  const t = targets.find((x) => x.id === id);
  if (!t) return '';
  return `${t.target} ${t.status === 'pass' ? 'PASS' : t.status === 'miss' ? 'MISS' : 'n/a'}`;
}

/** A latency cell: `12 ms`, or `>3,000 ms` when nothing completed within the window. */
function lat(load: LoadResult | undefined, which: 'p50Ms' | 'p99Ms'): string {
  if (!load) return '- ms';
  return `${load.saturated ? '>' : ''}${n(load[which])} ms`;
}

function failures(load: LoadResult | undefined): string {
  if (load?.saturated) return 'saturated: no answer within the window';
  if (!load) return '';
  const timeouts = load.timeouts > 0 ? `${load.timeouts} timed out (>30 s, not in p99)` : '';
  if (load.failures === 0) return timeouts;
  const codes = Object.entries(load.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${count}x${code}`)
    .join(' ');
  return [`! ${load.failures} failed ${codes}`.trim(), timeouts].filter(Boolean).join('; ');
}

function scenarioTitle(s: ScenarioResult): string {
  return `${s.name === 'demo' ? 'demo catalogue' : 'large catalogue'}: ${n(s.data.products)} products, ${n(s.data.variants)} variants, ${n(s.data.orders)} orders (${n(s.data.orderEntries)} lines); setup ${n(s.setupS, 1)} s`;
}

function ssrTable(s: ScenarioResult, targets: TargetVerdict[], which: 'cached' | 'cart' | 'rendered' = 'cached'): string {
  const figures = which === 'cart' ? (s.ssrCart ?? {}) : which === 'rendered' ? (s.ssrRendered ?? {}) : s.ssr;
  if (Object.keys(figures).length === 0) return '(not measured)';
  const rows: Cell[][] = [];
  for (const page of ['home', 'category', 'product'] as const) {
    const f = figures[page];
    if (!f) {
      rows.push([page, '-', '-', '-', '-', '-', '-', '-', '-', '-', 'not measured']);
      continue;
    }
    // issue 11: every page has both rows' targets (cached anonymous; visitor with a cart)
    const target = which === 'rendered' ? 'none (what composing saves)' : [mark(targets, `${s.name}.ssr.${which}.${page}.ratio`), `p99 ${mark(targets, `${s.name}.ssr.${which}.${page}.p99`)}`].join('; ');
    rows.push([
      page,
      f.path,
      n(f.bytes / 1024, 1),
      n(f.page.reqPerSec),
      lat(f.page, 'p50Ms'),
      lat(f.page, 'p99Ms'),
      n(f.baseline.reqPerSec),
      lat(f.baseline, 'p99Ms'),
      pct(f.ratio),
      target,
      [failures(f.page), failures(f.baseline)].filter(Boolean).join(' '),
    ]);
  }
  return table(['page', 'path', 'HTML KB', 'req/s', 'p50', 'p99', 'static req/s', 'static p99', 'ratio', 'target', 'notes'], rows);
}

function apiTable(s: ScenarioResult, targets: TargetVerdict[]): string {
  const rows: Cell[][] = [];
  const hello = s.api.hello;
  if (hello) rows.push(['hello world (baseline)', 'GET', n(hello.load.reqPerSec), lat(hello.load, 'p50Ms'), lat(hello.load, 'p99Ms'), '100.0%', '', failures(hello.load)]);
  const product = s.api.product;
  if (product) rows.push(['product ?fields=FULL', 'GET', n(product.load.reqPerSec), lat(product.load, 'p50Ms'), lat(product.load, 'p99Ms'), pct(product.ratio), mark(targets, `${s.name}.api.product.ratio`), failures(product.load)]);
  const add = s.api.addToCart;
  if (add) {
    rows.push([
      'addProductToCart (new cart each)',
      'POST',
      n(add.load.reqPerSec),
      lat(add.load, 'p50Ms'),
      lat(add.load, 'p99Ms'),
      pct(add.ratio),
      `${mark(targets, `${s.name}.api.addToCart.rps`)}; p99 ${mark(targets, `${s.name}.api.addToCart.p99`)}`,
      failures(add.load),
    ]);
  }
  if (rows.length === 0) return '(not measured)';
  return table(['route', 'method', 'req/s', 'p50', 'p99', 'vs hello', 'target', 'notes'], rows);
}

const SQL_ROWS: Array<[SqlOperation, string]> = [
  ['productPage', 'product page render'],
  ['productPageCart', 'product page render, visitor with a cart'],
  ['categoryPage', 'category page render'],
  ['addToCartNew', 'add to cart, new cart'],
  ['addToCart1', 'add to cart, cart of 1 line'],
  ['addToCart20', 'add to cart, cart of 20 lines'],
  ['placeOrder1', 'place order, 1 line'],
  ['placeOrder20', 'place order, 20 lines'],
];

/** Groups a statement log: `select products x3, insert carts`. */
export function groupStatements(log: string[]): string {
  const counts = new Map<string, number>();
  for (const label of log) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts.entries()].map(([label, count]) => (count > 1 ? `${label} x${count}` : label)).join(', ');
}

function sqlTable(s: ScenarioResult, targets: TargetVerdict[]): string {
  const rows: Cell[][] = [];
  // Raw BEGIN/COMMIT only show up when a transaction is opened with raw SQL; hide the column otherwise.
  const showControl = Object.values(s.sql).some((f) => f && f.transactionControl > 0);
  for (const [op, label] of SQL_ROWS) {
    const f = s.sql[op];
    if (!f) continue;
    let target = mark(targets, `${s.name}.sql.${op}`);
    if (op === 'addToCart20') target += `; vs 1 line: ${targets.find((t) => t.id === `${s.name}.sql.addToCart1-vs-addToCart20`)?.value ?? '-'}`;
    if (op === 'placeOrder20') target += `; vs 1 line: ${targets.find((t) => t.id === `${s.name}.sql.placeOrder1-vs-placeOrder20`)?.value ?? '-'}`;
    const statements = groupStatements(f.log);
    const shown = statements.length > 200 ? `${statements.slice(0, 197)}...` : statements;
    const apiCalls = Math.max(0, f.requests.length - 1);
    rows.push(showControl ? [label, f.statements, f.transactionControl, apiCalls, target, shown] : [label, f.statements, apiCalls, target, shown]);
  }
  if (rows.length === 0) return '(not measured)';
  const headers = showControl
    ? ['operation', 'statements', 'tx ctl', 'API calls', 'target', 'statements run']
    : ['operation', 'statements', 'API calls', 'target', 'statements run'];
  const note = 'API calls: in-process calls the storefront made to the API while rendering (app.inject); the full lists are in latest.json.';
  return `${table(headers, rows)}\n${note}`;
}

function browserTables(r: BenchResults): string {
  const parts: string[] = [];
  if (r.pageWeights.length > 0) {
    const productTarget = mark(r.targets, 'browser.js.product');
    parts.push(
      table(
        ['page', 'path', 'status', 'scripts', 'JS KB', 'JS gzip KB', 'inline gzip KB', 'served as', 'target'],
        r.pageWeights.map((w) => [w.page, w.path, w.status, w.scripts, n(w.jsKB, 1), n(w.jsGzipKB, 1), n(w.inlineGzipKB, 1), w.servedEncoding, w.page === 'product' ? productTarget : '']),
      ),
    );
    const product = r.pageWeights.find((w) => w.page === 'product');
    if (product && product.largestScripts.length > 0) {
      parts.push(`Largest scripts of the product page (gzip KB): ${product.largestScripts.map((s) => `${s.path} ${n(s.gzipKB, 1)}`).join(', ')}`);
    }
    const noisy = r.pageWeights.filter((w) => w.consoleErrors.length > 0);
    for (const w of noisy) parts.push(`Console errors on ${w.page}: ${w.consoleErrors.join(' | ')}`);
  } else parts.push('JS per page: (not measured)');
  if (r.lighthouse.length > 0) {
    parts.push(
      table(
        ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'target (perf)'],
        r.lighthouse.map((l) => [
          l.page,
          n(l.performance),
          n(l.accessibility),
          n(l.bestPractices),
          n(l.seo),
          `${n(l.fcpMs)} ms`,
          `${n(l.lcpMs)} ms`,
          `${n(l.tbtMs)} ms`,
          n(l.cls, 3),
          mark(r.targets, `browser.lighthouse.${l.page}.performance`),
        ]),
      ),
    );
    const failing = r.lighthouse.filter((l) => l.failingAudits.length > 0).map((l) => `  ${l.page}: ${l.failingAudits.join(', ')}`);
    if (failing.length > 0) parts.push(`Lighthouse audits below 0.9:\n${failing.join('\n')}`);
  } else parts.push('Lighthouse: (not measured)');
  return parts.join('\n\n');
}

function growthTable(demo: ScenarioResult, large: ScenarioResult): string {
  const rows: Cell[][] = [];
  const change = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || a === 0 ? '-' : `${n(b / a, 2)}x`);
  for (const page of ['home', 'category', 'product'] as const) {
    const a = demo.ssr[page];
    const b = large.ssr[page];
    rows.push([`${page} page req/s`, n(a?.page.reqPerSec), n(b?.page.reqPerSec), change(a?.page.reqPerSec, b?.page.reqPerSec)]);
    rows.push([`${page} page p99`, lat(a?.page, 'p99Ms'), lat(b?.page, 'p99Ms'), change(a?.page.p99Ms, b?.page.p99Ms)]);
  }
  for (const [key, label] of [
    ['product', 'API product FULL'],
    ['addToCart', 'API addProductToCart'],
  ] as const) {
    const a = demo.api[key];
    const b = large.api[key];
    rows.push([`${label} req/s`, n(a?.load.reqPerSec), n(b?.load.reqPerSec), change(a?.load.reqPerSec, b?.load.reqPerSec)]);
    rows.push([`${label} p99`, lat(a?.load, 'p99Ms'), lat(b?.load, 'p99Ms'), change(a?.load.p99Ms, b?.load.p99Ms)]);
  }
  for (const [op, label] of SQL_ROWS) {
    rows.push([`SQL ${label}`, n(demo.sql[op]?.statements), n(large.sql[op]?.statements), change(demo.sql[op]?.statements, large.sql[op]?.statements)]);
  }
  return table(['measure', 'demo', 'large', 'large / demo'], rows);
}

/** The whole stdout report. */
export function renderReport(r: BenchResults): string {
  const m = r.meta;
  const out: string[] = [];
  out.push(
    `Coffee store benchmark  ${m.date}`,
    `node ${m.node}  ${m.cpu} x${m.cpus}  ${n(m.memoryGB, 1)} GB  ${m.platform}  git ${m.gitCommit ?? '?'}${m.gitDirty ? ' (uncommitted changes)' : ''}`,
    `load average (1 min) ${n(m.loadAverage.start, 2)} at start, ${n(m.loadAverage.end, 2)} at end${Math.max(m.loadAverage.start, m.loadAverage.end) > m.cpus * 0.5 ? '  ** the machine was busy with other work: figures are skewed **' : ''}`,
    `database ${m.database}  ${m.quick ? 'QUICK mode' : 'full mode'}: ${m.warmupS} s warm-up + ${m.durationS} s per load measure, ${m.connections} connections; large catalogue ${n(m.largeCatalogue.products)} products / ${n(m.largeCatalogue.orders)} orders${m.quick ? ' (reduced for quick mode; full run: 10,000 / 100,000)' : ''}`,
    '',
  );
  for (const s of r.scenarios) {
    const tag = s.name === 'demo' ? '' : ' [growth]';
    out.push(`== 1. Anonymous pages (page cache) vs the same HTML from memory${tag} (${scenarioTitle(s)})`, ssrTable(s, r.targets), '');
    out.push(`== 1b. The same pages for a visitor with a cart (no page cache: the shared page with their cart written in, ADR 0040)${tag}`, ssrTable(s, r.targets, 'cart'), '');
    if (s.ssrRendered) out.push(`== 1c. The same pages rendered for the visitor (a cart and another per-visitor cookie)${tag}`, ssrTable(s, r.targets, 'rendered'), '');
    out.push(`== 2. API vs hello world in the same process${tag}`, apiTable(s, r.targets), '');
    out.push(`== 3. SQL statements per operation${tag}`, sqlTable(s, r.targets), '');
  }
  out.push('== 4. JavaScript per page (Chromium) and Lighthouse (mobile)', browserTables(r), '');
  const demo = r.scenarios.find((s) => s.name === 'demo');
  const large = r.scenarios.find((s) => s.name === 'large');
  if (demo && large) out.push(`== 5. Growth: demo catalogue vs ${n(large.data.products)} products / ${n(large.data.orders)} orders`, growthTable(demo, large), '');
  if (r.startup) {
    const st = r.startup;
    const cpu = (ms: number | null) => (ms === null ? '-' : `${n(ms)} ms`);
    out.push(
      '== 6. Start-up of the compiled store (node apps/api/dist/main.js to the first 200 of /readyz)',
      table(
        ['start', 'ready', 'CPU (user + system)', 'goal'],
        [
          ['fresh database (migrate, seed, storefront)', `${n(st.first.readyMs)} ms`, cpu(st.first.cpuMs), mark(r.targets, 'startup.first')],
          ['restart on the same database', `${n(st.restart.readyMs)} ms`, cpu(st.restart.cpuMs), mark(r.targets, 'startup.restart')],
          ['npm start build check (scripts/build.mjs --if-stale, up to date)', `${n(st.staleCheckMs)} ms`, '-', ''],
        ],
      ),
      '',
    );
  }
  out.push(
    '== Targets (goals, not assertions)',
    table(
      ['scenario', 'target', 'value', 'goal', 'status'],
      r.targets.map((t) => [t.scenario, t.label, t.value, t.target, t.status.toUpperCase()]),
    ),
    '',
  );
  if (r.errors.length > 0) {
    out.push('== Not measured (harness or store errors)');
    for (const e of r.errors) out.push(`  [${e.phase}] ${e.message}`);
    out.push('');
  }
  out.push(`Total ${n(m.totalS)} s. Results: bench/results/latest.json`);
  return out.join('\n');
}
