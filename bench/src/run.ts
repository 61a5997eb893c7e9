/**
 * `npm run bench [-- options]`: builds the store (`npm run build`: the compiled API and the
 * production storefront), times the compiled store's start (startup.ts), starts the store (storefront +
 * API in one server process) on a fresh database, and measures it against baselines served by
 * the same process (issue 5). Prints a table on stdout (progress goes to stderr) and writes
 * bench/results/latest.json.
 *
 * Options:
 *   --quick                 a few seconds per load measure and a smaller large catalogue (CI)
 *   --no-build              use the existing storefront build
 *   --only=LIST             comma list of sql,browser,ssr,api,growth,recurring,startup (default: all)
 *   --no-lighthouse         skip Lighthouse (JS per page is still measured)
 *   --profile               CPU-profile the server during each load measure (V8 profiler over
 *                           the inspector, measured window only) and print the top self-time
 *                           functions; .cpuprofile files in bench/results/profiles/
 *   --connections=N         concurrent connections of the load measures (default 50)
 *   --duration=S --warmup=S seconds per load measure and of unmeasured warm-up before it
 *   --large-products=N --large-orders=N   size of the growth scenario
 *   --recurring-subscriptions=N  due subscriptions of the recurring-orders section (default
 *                           10,000; quick mode 2,000: 10,000 can take over a minute on a busy machine)
 *   --log-level=LEVEL       the server's LOG_LEVEL (default warn: no per-request logs)
 *   --out=FILE              results file (default bench/results/latest.json)
 *
 * DATABASE_URL=postgres://... runs on PostgreSQL (a fresh database per scenario, dropped after).
 * Exit status: 0 when every figure was measured (whatever the targets say), 1 when the harness
 * could not measure something (the reasons are printed and stored in `errors`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { measureLighthouse, measurePageWeights } from './browser.ts';
import { createBenchDatabase, databaseKind } from './database.ts';
import {
  createClients,
  measureAddToCart,
  measureApiProduct,
  measureHello,
  measureSql,
  measureSsr,
  cartVisitorCookie,
  RENDERED_VISITOR_EXTRA_COOKIE,
  pagePaths,
  profileFiles,
  type LoadSettings,
  type PagePaths,
} from './measures.ts';
import { renderProfile, summariseProfileFile, type ProfileSummary } from './profile.ts';
import { measureRecurringOrders, renderRecurring, type RecurringFigure } from './recurring.ts';
import { renderReport } from './report.ts';
import type { BenchResults, LighthouseFigure, PageWeight, ScenarioResult } from './results.ts';
import { findFreePort, startServerProcess, type ServerProcess } from './server-process.ts';
import { measureStartup, type StartupFigure } from './startup.ts';
import { evaluateTargets } from './targets.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PHASES = ['sql', 'browser', 'ssr', 'api', 'growth', 'recurring', 'startup'] as const;
type Phase = (typeof PHASES)[number];

/** Parsed command line. */
export interface RunOptions {
  quick: boolean;
  build: boolean;
  lighthouse: boolean;
  only: Set<Phase>;
  profile: boolean;
  settings: LoadSettings;
  large: { products: number; orders: number };
  /** due subscriptions of the recurring-orders section */
  recurringSubscriptions: number;
  logLevel: string;
  out: string;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number (got ${value})`);
  return n;
}

/** Parses the command line (see module comment). @throws on an unknown option or bad value */
export function parseOptions(argv: string[]): RunOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      'no-lighthouse': { type: 'boolean', default: false },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'large-products': { type: 'string' },
      'large-orders': { type: 'string' },
      'recurring-subscriptions': { type: 'string' },
      'log-level': { type: 'string', default: 'warn' },
      out: { type: 'string', default: join(ROOT, 'bench/results/latest.json') },
    },
    strict: true,
  });
  const quick = values.quick === true;
  const only = new Set<Phase>();
  for (const name of (values.only ?? PHASES.join(',')).split(',').map((s) => s.trim()).filter(Boolean)) {
    if (!(PHASES as readonly string[]).includes(name)) throw new Error(`--only: unknown phase ${name} (use ${PHASES.join(', ')})`);
    only.add(name as Phase);
  }
  return {
    quick,
    build: values['no-build'] !== true,
    lighthouse: values['no-lighthouse'] !== true,
    only,
    profile: values.profile === true,
    settings: {
      connections: positive('connections', values.connections, 50),
      durationS: positive('duration', values.duration, quick ? 3 : 10),
      warmupS: positive('warmup', values.warmup, quick ? 1 : 3),
    },
    large: {
      products: Math.round(positive('large-products', values['large-products'], quick ? 1000 : 10_000)),
      orders: Math.round(positive('large-orders', values['large-orders'], quick ? 5000 : 100_000)),
    },
    recurringSubscriptions: Math.round(positive('recurring-subscriptions', values['recurring-subscriptions'], quick ? 2000 : 10_000)),
    logLevel: values['log-level'] ?? 'warn',
    out: resolve(values.out ?? join(ROOT, 'bench/results/latest.json')),
  };
}

const log = (text: string) => console.error(`[bench] ${text}`);

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

interface ScenarioOutcome {
  scenario: ScenarioResult | null;
  pageWeights: PageWeight[];
  lighthouse: LighthouseFigure[];
}

async function runScenario(name: 'demo' | 'large', opts: RunOptions, errors: BenchResults['errors']): Promise<ScenarioOutcome> {
  const outcome: ScenarioOutcome = { scenario: null, pageWeights: [], lighthouse: [] };
  let server: ServerProcess | null = null;
  const fail = (phase: string, error: unknown) => {
    const ended = server?.ended();
    const text = ended ? `${message(error)} [the server process ended: ${ended}]\n${server?.logTail(15) ?? ''}` : message(error);
    log(`${name}/${phase}: ${text.split('\n')[0]}`);
    errors.push({ phase: `${name}/${phase}`, message: text });
  };
  log(`${name}: creating the database (${databaseKind(process.env.DATABASE_URL)})`);
  const db = await createBenchDatabase(process.env.DATABASE_URL, name);
  try {
    const clientSecret = randomBytes(16).toString('hex');
    server = await startServerProcess({
      scenario: name,
      config: {
        databaseUrl: db.url,
        port: await findFreePort(),
        workDir: db.workDir,
        buildDir: join(ROOT, 'apps/storefront/build'),
        catalogue: name === 'demo' ? { kind: 'demo' } : { kind: 'large', ...opts.large },
        clientId: 'bench-storefront',
        clientSecret,
        logLevel: opts.logLevel,
        ...(opts.profile ? { profileDir: join(ROOT, 'bench/results/profiles') } : {}),
      },
      onProgress: (text) => log(`${name}: ${text}`),
    });
    log(`${name}: server ready at ${server.origin} after ${server.setupS} s (${server.data.products} products, ${server.data.orders} orders)`);
    const clients = createClients(server.origin, 'bench-storefront', clientSecret);
    const scenario: ScenarioResult = { name, data: server.data, setupS: server.setupS, ssr: {}, api: {}, sql: {} };
    outcome.scenario = scenario;
    let paths: PagePaths | null = null;
    try {
      paths = await pagePaths(server, clients);
      log(`${name}: pages ${JSON.stringify(paths)}`);
    } catch (error) {
      fail('paths', error);
    }
    const running = server;
    if (opts.only.has('sql') && paths) {
      log(`${name}: counting SQL statements`);
      const p = paths;
      scenario.sql = await measureSql(running, clients, p, (op, error) => fail(`sql.${op}`, error));
    }
    if (name === 'demo' && opts.only.has('browser') && paths) {
      const targets = [
        { page: 'home' as const, path: paths.home },
        { page: 'category' as const, path: paths.category },
        { page: 'product' as const, path: paths.product },
      ];
      try {
        log('demo: JS per page in Chromium');
        outcome.pageWeights = await measurePageWeights({ origin: running.origin, pages: targets, onProblem: (text) => fail('browser.js', text) });
      } catch (error) {
        fail('browser.js', error);
      }
      if (opts.lighthouse) {
        try {
          log('demo: Lighthouse (mobile)');
          outcome.lighthouse = await measureLighthouse(running.origin, targets, (text) => fail('browser.lighthouse', text));
        } catch (error) {
          fail('browser.lighthouse', error);
        }
      }
    }
    if (opts.only.has('ssr') && paths) {
      for (const page of ['home', 'category', 'product'] as const) {
        try {
          log(`${name}: server render of ${page} (${paths[page]})`);
          const figure = await measureSsr(running, `${page}`, paths[page], opts.settings);
          scenario.ssr[page] = figure;
          if (figure.problem) fail(`ssr.${page}`, figure.problem);
        } catch (error) {
          fail(`ssr.${page}`, error);
        }
      }
      // issue 11: the same pages for a visitor with a cart (no page cache; composed, ADR 0040)
      try {
        const cookie = await cartVisitorCookie(running, clients);
        scenario.ssrCart = {};
        for (const page of ['home', 'category', 'product'] as const) {
          try {
            log(`${name}: server render of ${page} for a visitor with a cart (${paths[page]})`);
            const figure = await measureSsr(running, `${page}-cart`, paths[page], opts.settings, cookie);
            scenario.ssrCart[page] = figure;
            if (figure.problem) fail(`ssrCart.${page}`, figure.problem);
          } catch (error) {
            fail(`ssrCart.${page}`, error);
          }
        }
        // ADR 0040: and rendered for the visitor (what composing saves; demo only, no target)
        if (name === 'demo') {
          scenario.ssrRendered = {};
          for (const page of ['home', 'category', 'product'] as const) {
            try {
              log(`${name}: server render of ${page} for a visitor with a cart and another per-visitor cookie (${paths[page]})`);
              const figure = await measureSsr(running, `${page}-rendered`, paths[page], opts.settings, `${cookie}; ${RENDERED_VISITOR_EXTRA_COOKIE}`);
              scenario.ssrRendered[page] = figure;
              if (figure.problem) fail(`ssrRendered.${page}`, figure.problem);
            } catch (error) {
              fail(`ssrRendered.${page}`, error);
            }
          }
        }
      } catch (error) {
        fail('ssrCart', error);
      }
    }
    if (opts.only.has('api')) {
      try {
        log(`${name}: API hello world`);
        const hello = await measureHello(running, opts.settings);
        scenario.api.hello = hello;
        try {
          log(`${name}: API product FULL`);
          scenario.api.product = await measureApiProduct(running, hello.load, opts.settings);
          if (scenario.api.product.problem) fail('api.product', scenario.api.product.problem);
        } catch (error) {
          fail('api.product', error);
        }
        try {
          log(`${name}: API addProductToCart`);
          scenario.api.addToCart = await measureAddToCart(running, clients, hello.load, opts.settings);
          if (scenario.api.addToCart.problem) fail('api.addToCart', scenario.api.addToCart.problem);
        } catch (error) {
          fail('api.addToCart', error);
        }
      } catch (error) {
        fail('api.hello', error);
      }
    }
  } catch (error) {
    fail('server', error);
  } finally {
    if (server) await server.stop();
    try {
      await db.dispose();
    } catch (error) {
      fail('cleanup', error);
    }
  }
  return outcome;
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2));
  const t0 = Date.now();
  const loadStart = loadavg()[0] ?? 0;
  const errors: BenchResults['errors'] = [];
  if (opts.build && (opts.only.has('ssr') || opts.only.has('browser') || opts.only.has('sql') || opts.only.has('growth') || opts.only.has('startup'))) {
    log('building the store (node scripts/build.mjs: compiled API and production storefront)');
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    if (build.status !== 0) {
      console.error('[bench] the build failed; nothing measured');
      return 1;
    }
  }
  let startup: StartupFigure | undefined;
  if (opts.only.has('startup')) {
    try {
      log('start-up of the compiled store (node apps/api/dist/main.js, fresh database, then a restart)');
      startup = await measureStartup(ROOT, await findFreePort());
    } catch (error) {
      errors.push({ phase: 'startup', message: message(error) });
    }
  }
  const scenarios: ScenarioResult[] = [];
  let pageWeights: PageWeight[] = [];
  let lighthouse: LighthouseFigure[] = [];
  const profiles: Record<string, ProfileSummary> = {};
  const names: Array<'demo' | 'large'> = opts.only.has('growth') ? ['demo', 'large'] : ['demo'];
  const measuresAnything = opts.only.has('sql') || opts.only.has('ssr') || opts.only.has('api') || opts.only.has('browser');
  for (const name of names) {
    if (!measuresAnything) break;
    const outcome = await runScenario(name, opts, errors);
    if (outcome.scenario) scenarios.push(outcome.scenario);
    if (name === 'demo') {
      pageWeights = outcome.pageWeights;
      lighthouse = outcome.lighthouse;
    }
  }
  let recurring: RecurringFigure | undefined;
  if (opts.only.has('recurring')) {
    try {
      recurring = await measureRecurringOrders(process.env.DATABASE_URL, opts.recurringSubscriptions, log);
    } catch (error) {
      errors.push({ phase: 'recurring', message: message(error) });
    }
  }
  for (const [measure, file] of profileFiles) {
    try {
      profiles[measure] = summariseProfileFile(file, 20);
    } catch (error) {
      errors.push({ phase: `profile.${measure}`, message: message(error) });
    }
  }
  const cpu = cpus();
  const partial: Omit<BenchResults, 'targets'> = {
    schema: 1,
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpu[0]?.model.trim() ?? 'unknown',
      cpus: cpu.length,
      memoryGB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      platform: `${process.platform} ${process.arch}`,
      gitCommit: git(['rev-parse', '--short=12', 'HEAD']),
      gitDirty: (() => {
        const status = git(['status', '--porcelain']);
        return status === null ? null : status.length > 0;
      })(),
      database: databaseKind(process.env.DATABASE_URL),
      quick: opts.quick,
      connections: opts.settings.connections,
      warmupS: opts.settings.warmupS,
      durationS: opts.settings.durationS,
      largeCatalogue: opts.large,
      totalS: Math.round((Date.now() - t0) / 1000),
      loadAverage: { start: Math.round(loadStart * 100) / 100, end: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
    },
    scenarios,
    pageWeights,
    lighthouse,
    ...(startup ? { startup } : {}),
    errors,
  };
  const results: BenchResults & { profiles?: Record<string, ProfileSummary>; recurring?: RecurringFigure } = { ...partial, targets: evaluateTargets(partial) };
  if (opts.profile) results.profiles = profiles;
  if (recurring) results.recurring = recurring;
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(renderReport(results));
  if (recurring) console.log(`\n${renderRecurring(recurring)}`);
  for (const [name, summary] of Object.entries(profiles)) {
    console.log(`\n== CPU profile of the server during ${name} (${profileFiles.get(name) ?? ''})\n${renderProfile(summary)}`);
  }
  return errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench] harness failed:', error);
    process.exit(1);
  },
);
