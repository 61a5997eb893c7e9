/**
 * `npm run jobs` (issue 10; ADR 0018 "Recurring orders"): the recurring-order scheduler on its own,
 * outside the server process, on the configured database (DATABASE_URL, migrated and seeded like
 * the server does on first start), with the configured payment provider and mailer.
 *
 * - `npm run jobs` — one run now (due cycles, retries, reminders), then exit; it also refreshes the
 *   frequently-bought-together associations once (issue 13, ADR 0032);
 * - `npm run jobs -- --until 2027-06-01` — every day from today up to that date (inclusive), each
 *   with a SIMULATED clock at noon New York time, printing one progress line per day; a date in
 *   the future is refused unless NODE_ENV is `test` or `development`, or `--simulate` is given
 *   (production never charges cards early);
 * - `--from YYYY-MM-DD` starts the simulation at another day (default today).
 *
 * After the run, the storefronts' cached pages showing the products whose stock the placed orders
 * took are purged (issue 11 item 4, ADR 0038): through the shared Redis store when `PAGE_CACHE_URL`
 * is set, else through the purge endpoint of every storefront in `PAGE_CACHE_PURGE_URL` (with
 * `PAGE_CACHE_PURGE_SECRET`), bounded by `PAGE_CACHE_PURGE_TIMEOUT_MS`; a failure is printed and
 * does not change the exit code.
 *
 * Safe to run in several processes at once and next to the server: a cycle is claimed by
 * inserting its row (exactly one order per subscription and date). Exit code 0, or 1 on a bad
 * argument or configuration (the reason printed).
 */
import { createDb, ensureSeeded, migrateToLatest } from '@store/db';
import { addLocalDays, compareLocalDates, isLocalDate, localDateOf, startOfLocalDay } from '@store/domain';
import { purgePageCache, purgeTargetFromEnv, type PageCachePurgeTarget } from '@store/contracts/page-cache';
import { catalogChangesOf, purgeTagsOf } from './catalog-changes.ts';
import { ConfigError, dbTimeoutsOf, loadConfig, type AppConfig } from './config.ts';
import { createMailer } from './email/mailer.ts';
import type { CommerceContext, FlowLogger } from './flows/context.ts';
import { runRecurringOrders, type RecurringRunResult } from './flows/recurring-orders.ts';
import { refreshAssociations } from './flows/frequently-bought-together.ts';
import { createPaymentProvider } from './payments/index.ts';
import { fileSecretStore } from './secrets.ts';

/** The time zone whose calendar the simulation walks (usb2c's; cab2c's Toronto has the same days). */
export const SIMULATION_TIME_ZONE = 'America/New_York';

/** Parsed command line. */
export interface JobsArgs {
  until: string | null;
  from: string | null;
  simulate: boolean;
}

/** Parses the arguments (see module comment). @throws Error naming the bad argument */
export function parseJobsArgs(argv: readonly string[]): JobsArgs {
  const out: JobsArgs = { until: null, from: null, simulate: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (name: string) => {
      const v = a?.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v || !isLocalDate(v)) throw new Error(`${name} needs a date YYYY-MM-DD`);
      return v;
    };
    if (a === '--until' || a?.startsWith('--until=')) out.until = value('--until');
    else if (a === '--from' || a?.startsWith('--from=')) out.from = value('--from');
    else if (a === '--simulate') out.simulate = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return out;
}

/** Prints one progress line on stdout. */
function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

function line(day: string, r: RecurringRunResult): string {
  return `${day}  placed ${r.placed}  payment failed ${r.failed}  suspended ${r.suspended}  skipped ${r.skipped}  reminders ${r.reminded}${r.unknown ? `  unknown ${r.unknown}` : ''}`;
}

/**
 * Purges the storefronts' cached pages of `tags` (`page`: all) from this process (ADR 0038);
 * prints the outcome, never throws.
 */
async function purgeChanged(target: PageCachePurgeTarget, tags: ReadonlySet<string>): Promise<void> {
  if (target.kind === 'none' || tags.size === 0) return;
  const outcome = await purgePageCache(target, tags.has('page') ? 'all' : [...tags]);
  if (outcome.ok) print(`page cache: purged ${outcome.purged} cached page${outcome.purged === 1 ? '' : 's'} (${tags.size} tag${tags.size === 1 ? '' : 's'})`);
  else for (const f of outcome.failures) console.warn(`page cache purge failed (${f.target}): ${f.error}; the stock change shows within the page cache TTL`);
}

async function main(): Promise<number> {
  let args: JobsArgs;
  let config: AppConfig;
  let purgeTarget: PageCachePurgeTarget;
  try {
    args = parseJobsArgs(process.argv.slice(2));
    purgeTarget = purgeTargetFromEnv(process.env);
    config = loadConfig(process.env, { secrets: fileSecretStore(process.env.DATA_DIR?.trim() || './data') });
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    return 1;
  }
  const today = localDateOf(new Date(), SIMULATION_TIME_ZONE);
  const from = args.from ?? today;
  const until = args.until;
  const mayRunAhead = args.simulate || config.NODE_ENV === 'test' || config.NODE_ENV === 'development';
  if ((until && compareLocalDates(until, today) > 0) || compareLocalDates(from, today) > 0) {
    if (!mayRunAhead) {
      console.error(`refusing to run cycles due in the future (${until ?? from}): set NODE_ENV=development or pass --simulate (never in production)`);
      return 1;
    }
  }
  const log: FlowLogger = {
    info: () => {},
    warn: (obj, msg) => console.warn(msg ?? '', JSON.stringify(obj)),
    error: (obj, msg) => console.error(msg ?? '', JSON.stringify(obj)),
  };
  const dbh = createDb(config.DATABASE_URL, { timeouts: dbTimeoutsOf(config) });
  const mailer = createMailer(config, log);
  // what the run changed (committed), purged from the storefronts' page caches once at the end
  const changedTags = new Set<string>();
  const unsubscribe = catalogChangesOf(dbh).subscribe((change) => {
    for (const tag of purgeTagsOf(change)) changedTags.add(tag);
  });
  try {
    await migrateToLatest(dbh);
    await ensureSeeded(dbh);
    const clock = { now: new Date() };
    const ctx: CommerceContext = { dbh, payments: createPaymentProvider(config, dbh.db), mailer, log, now: () => clock.now };
    const total: RecurringRunResult = { placed: 0, failed: 0, skipped: 0, suspended: 0, reminded: 0, unknown: 0 };
    const addUp = (r: RecurringRunResult) => {
      for (const k of Object.keys(total) as Array<keyof RecurringRunResult>) total[k] += r[k];
    };
    if (!until) {
      const r = await runRecurringOrders(ctx);
      addUp(r);
      print(line(today, r));
      // issue 13 (ADR 0032): frequently bought together from the orders so far
      for (const a of await refreshAssociations(ctx)) print(`${a.site}  frequently bought together: ${a.orders} orders, ${a.fromOrders} pairs from orders, ${a.seeded} seeded`);
    } else {
      for (let day = from; compareLocalDates(day, until) <= 0; day = addLocalDays(day, 1)) {
        // noon local: the same calendar day in every site's zone
        clock.now = compareLocalDates(day, today) === 0 ? new Date() : new Date(startOfLocalDay(day, SIMULATION_TIME_ZONE).getTime() + 12 * 3_600_000);
        const r = await runRecurringOrders(ctx);
        addUp(r);
        print(line(day, r));
      }
    }
    print(`total  placed ${total.placed}  payment failed ${total.failed}  suspended ${total.suspended}  skipped ${total.skipped}  reminders ${total.reminded}`);
    await purgeChanged(purgeTarget, changedTags);
    return 0;
  } finally {
    unsubscribe();
    await mailer.close();
    await dbh.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('jobs failed', error);
    process.exit(1);
  },
);
