/**
 * `npm run catalog:import -- FILE [--database-url URL]` (issue 2): load a catalogue from a JSON or
 * CSV file (docs/catalog-format.md) into the store database.
 *
 * - Validates every row first; on any problem prints each bad row as `line N: path: message`
 *   and exits with status 1, importing nothing.
 * - Otherwise migrates the database if needed, writes the default site configuration and CMS
 *   content when the database has none yet (a fresh database), imports the catalogue in one
 *   transaction with a progress bar, and prints a summary. Exit status 0.
 * - The database comes from `--database-url`, else `DATABASE_URL`, else `file:./data/store.db`
 *   (`file:PATH` for SQLite, `postgres://...` for PostgreSQL).
 * - Usage errors (no file, unknown option, unreadable file, bad page cache settings) exit with status 2.
 * - After the import is committed, the storefronts' cached pages are purged (issue 11 item 4, ADR
 *   0038): through the shared Redis store when `PAGE_CACHE_URL` is set, else through the purge
 *   endpoint of every storefront in `PAGE_CACHE_PURGE_URL` (with `PAGE_CACHE_PURGE_SECRET`),
 *   bounded by `PAGE_CACHE_PURGE_TIMEOUT_MS`. A failed purge is printed as a warning; the import
 *   still succeeds (its pages show within the page cache's TTL and stale window).
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCatalogCsv } from '../import/csv.ts';
import { parseCatalogJson } from '../import/json.ts';
import { CatalogValidationError, type CatalogRowError } from '../import/types.ts';
import { purgePageCache, purgeTargetFromEnv, type PageCachePurgeTarget } from '@store/contracts/page-cache';

const USAGE = `Usage: npm run catalog:import -- FILE.json|FILE.csv [--database-url URL]

Imports a catalogue (docs/catalog-format.md) into the store database.
Database: --database-url, else DATABASE_URL, else file:./data/store.db
  (file:PATH for SQLite, postgres://user@host:port/db for PostgreSQL).`;

const MAX_PRINTED = 200;

function printErrors(file: string, errors: CatalogRowError[]): void {
  console.error(`${file}: ${errors.length} problem${errors.length === 1 ? '' : 's'} found; nothing was imported.`);
  for (const e of errors.slice(0, MAX_PRINTED)) console.error(`  ${e.line > 0 ? `line ${e.line}: ` : ''}${e.path ? `${e.path}: ` : ''}${e.message}`);
  if (errors.length > MAX_PRINTED) console.error(`  ... and ${errors.length - MAX_PRINTED} more`);
}

function parseArgs(argv: string[]): { file: string; url: string | null } | string {
  let file: string | null = null;
  let url: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return USAGE;
    if (a === '--database-url') {
      const next = argv[++i];
      if (!next) return '--database-url needs a value';
      url = next;
    } else if (a.startsWith('--database-url=')) {
      url = a.slice('--database-url='.length);
    } else if (a.startsWith('-')) {
      return `unknown option ${a}`;
    } else if (file === null) {
      file = a;
    } else {
      return `unexpected argument ${a}`;
    }
  }
  if (file === null) return 'missing FILE';
  return { file, url };
}

/**
 * Purges every cached storefront page after an import (a catalogue change shows on listings,
 * searches, carousels and product pages alike). Prints the outcome; never throws.
 */
async function purgeAfterImport(target: PageCachePurgeTarget): Promise<void> {
  if (target.kind === 'none') return;
  const outcome = await purgePageCache(target, 'all');
  const where = target.kind === 'redis' ? 'shared page cache (Redis)' : `${target.urls.length} storefront${target.urls.length === 1 ? '' : 's'}`;
  if (outcome.ok) {
    console.log(`Purged the cached pages of the ${where}: ${outcome.purged} page${outcome.purged === 1 ? '' : 's'}.`);
    return;
  }
  for (const f of outcome.failures) console.warn(`Warning: page cache purge failed (${f.target}): ${f.error}. The import is done; cached pages show it within the page cache TTL.`);
}

/** Runs the command; answers the exit status. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    if (args === USAGE) {
      console.log(USAGE);
      return 0;
    }
    console.error(`${args}\n\n${USAGE}`);
    return 2;
  }
  const ext = extname(args.file).toLowerCase();
  if (ext !== '.json' && ext !== '.csv') {
    console.error(`${args.file}: expected a .json or .csv file`);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(args.file, 'utf8');
  } catch (e) {
    console.error(`cannot read ${args.file}: ${(e as Error).message}`);
    return 2;
  }

  let purgeTarget: PageCachePurgeTarget;
  try {
    purgeTarget = purgeTargetFromEnv(env);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }

  const started = Date.now();
  const result = ext === '.json' ? parseCatalogJson(text) : parseCatalogCsv(text);
  if (!result.ok) {
    printErrors(args.file, result.errors);
    return 1;
  }
  const { file, locate } = result;
  const variantCount = file.products.reduce((n, p) => n + p.variants.length, 0);
  console.log(`${args.file}: ${file.products.length} products, ${variantCount} variants, ${file.categories.length} categories; all rows valid.`);

  // The database side loads only once the file is known to be valid (quick answers on bad files).
  const [{ default: cliProgress }, { createDb }, { migrateToLatest }, { seedContent }, { importCatalog }] = await Promise.all([
    import('cli-progress'),
    import('../connection.ts'),
    import('../migrate.ts'),
    import('../seed/content.ts'),
    import('../import/import.ts'),
  ]);
  const url = args.url ?? env.DATABASE_URL ?? 'file:./data/store.db';
  let dbh;
  try {
    dbh = createDb(url);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const bar = new cliProgress.SingleBar(
    { format: 'Importing |{bar}| {value}/{total} products', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  try {
    await migrateToLatest(dbh);
    const hasConfig = (await dbh.db.selectFrom('site_config').select('key').limit(1).executeTakeFirst()) !== undefined;
    if (!hasConfig) {
      await seedContent(dbh.db);
      console.log('Fresh database: wrote the default base sites, site configuration and CMS content.');
    }
    bar.start(file.products.length, 0);
    const summary = await importCatalog(dbh.db, file, { onProgress: (done) => bar.update(done) });
    bar.stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Imported ${summary.products} products, ${summary.variants} variants and ${summary.categories} categories into ${dbh.url} in ${seconds} s.`);
    await purgeAfterImport(purgeTarget);
    return 0;
  } catch (e) {
    bar.stop();
    if (e instanceof CatalogValidationError) {
      printErrors(args.file, locate(e.issues));
      return 1;
    }
    console.error(`Import failed; nothing was imported: ${(e as Error).message}`);
    return 1;
  } finally {
    await dbh.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
