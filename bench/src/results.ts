/**
 * The shape of `bench/results/latest.json` (schema 1). Latencies in ms, sizes in KB (1024 bytes),
 * rates in requests per second. A figure that could not be measured is absent and the reason is in
 * `errors`.
 */
import type { LoadResult } from './load.ts';
import type { StartupFigure } from './startup.ts';

/** A page load measured against the same bytes served from memory. */
export interface SsrFigure {
  /** storefront path measured */
  path: string;
  /** HTML bytes of the captured page */
  bytes: number;
  page: LoadResult;
  /** the same bytes and headers served from memory by the same process (`/__bench/static/:name`) */
  baseline: LoadResult;
  /** page req/s ÷ baseline req/s */
  ratio: number;
  /** set when more than 1 % of the answers were errors: the figure is shown but not to be trusted */
  problem?: string;
}

/** An API route measured against the hello-world route of the same process. */
export interface ApiFigure {
  path: string;
  method: 'GET' | 'POST';
  load: LoadResult;
  /** route req/s ÷ hello req/s */
  ratio: number;
  /** set when more than 1 % of the answers were errors: the figure is shown but not to be trusted */
  problem?: string;
}

/** SQL statements of one operation (counted by the Kysely plugin of sql-counter.ts). */
export interface SqlFigure {
  statements: number;
  /** raw BEGIN / COMMIT / ... (SQLite write transactions), not in `statements` */
  transactionControl: number;
  /** one label per statement: `select products`, `insert cart_entries`, ... */
  log: string[];
  /** the HTTP requests the server handled meanwhile: the operation's own, then the storefront's in-process API calls */
  requests: string[];
}

/** One data set the server ran on: the demo catalogue, or the generated large one. */
export interface ScenarioResult {
  name: 'demo' | 'large';
  /** what the database held while measuring */
  data: { products: number; variants: number; orders: number; orderEntries: number; carts: number };
  /** seconds to create, migrate, seed (and for `large` import and insert) the database */
  setupS: number;
  /** pages of a visitor without a cart or session: from the page cache (issue 11 item 4) */
  ssr: Partial<Record<'home' | 'category' | 'product', SsrFigure>>;
  /**
   * the same pages for a visitor with a cart (`cartGuid` cookie): never from the page cache; the
   * shared page with the visitor's cart count and free-shipping progress written in (ADR 0040)
   */
  ssrCart?: Partial<Record<'home' | 'category' | 'product', SsrFigure>>;
  /**
   * demo only, no target: the same pages rendered for the visitor (a cart and another per-visitor
   * cookie, which rules out composing), the cost of a full render
   */
  ssrRendered?: Partial<Record<'home' | 'category' | 'product', SsrFigure>>;
  api: { hello?: { path: string; load: LoadResult }; product?: ApiFigure; addToCart?: ApiFigure };
  sql: Partial<Record<SqlOperation, SqlFigure>>;
}

/** The operations whose SQL statements are counted. */
export type SqlOperation =
  | 'productPage'
  | 'productPageCart'
  | 'categoryPage'
  | 'addToCartNew'
  | 'addToCart1'
  | 'addToCart20'
  | 'placeOrder1'
  | 'placeOrder20';

/** JavaScript a page loads in Chromium. */
export interface PageWeight {
  page: 'home' | 'category' | 'product' | 'cart' | 'checkout';
  path: string;
  status: number;
  /** external scripts (script elements and module preloads), deduplicated by URL */
  scripts: number;
  /** uncompressed KB of those scripts */
  jsKB: number;
  /** the same gzipped (zlib level 6): the figure compared with the target */
  jsGzipKB: number;
  /** inline `<script>` text (hydration data, bootstraps), gzipped KB; not in jsGzipKB */
  inlineGzipKB: number;
  /** content-encoding the server answered scripts with ('identity' when none) */
  servedEncoding: string;
  /** the five biggest scripts (path, gzipped KB), to see what weighs */
  largestScripts: Array<{ path: string; gzipKB: number }>;
  /** console errors and uncaught page errors while loading (first five) */
  consoleErrors: string[];
}

/** Lighthouse mobile scores (0-100) and the metrics behind performance. */
export interface LighthouseFigure {
  page: 'home' | 'category' | 'product';
  path: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** ms */
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** ids of audits scoring below 0.9 in those categories (to read what to fix) */
  failingAudits: string[];
}

/** A target from issue 5 with its verdict. */
export interface TargetVerdict {
  id: string;
  label: string;
  target: string;
  value: string;
  status: 'pass' | 'miss' | 'n/a';
  scenario: 'demo' | 'large' | 'browser' | 'startup';
}

export interface BenchResults {
  schema: 1;
  meta: {
    date: string;
    node: string;
    cpu: string;
    cpus: number;
    memoryGB: number;
    platform: string;
    gitCommit: string | null;
    gitDirty: boolean | null;
    database: 'sqlite' | 'postgres';
    quick: boolean;
    connections: number;
    warmupS: number;
    durationS: number;
    largeCatalogue: { products: number; orders: number };
    /** seconds the whole run took */
    totalS: number;
    /** 1-minute load average at the start and the end of the run: other work on the machine skews every figure */
    loadAverage: { start: number; end: number };
  };
  scenarios: ScenarioResult[];
  pageWeights: PageWeight[];
  lighthouse: LighthouseFigure[];
  /** start-up of the compiled store (startup.ts; issue 11 item 2) */
  startup?: StartupFigure;
  targets: TargetVerdict[];
  /** what could not be measured, by phase */
  errors: Array<{ phase: string; message: string }>;
}
