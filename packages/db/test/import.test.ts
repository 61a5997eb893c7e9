/**
 * The catalogue importer (issue 2 `npm run catalog:import -- FILE`): JSON and CSV formats, every
 * bad row reported by line number, nothing written on error, upserts, and the CLI end to end.
 * Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogFile } from '@store/contracts';
import { CatalogValidationError, importCatalog, parseCatalogCsv, parseCatalogJson, type CatalogParseResult } from '../src/import/index.ts';
import { buildSyntheticCatalog } from '../src/seed/synthetic.ts';
import { buildDemoCatalog, DEMO_CODES } from '../src/seed/catalog.ts';
import { deleteRedisKeys, readyRedisPageStore, testRedisUrl } from '@store/testing';
import { countRows, postgresTestDb, sqliteTestDb, type TestDb } from './fixtures/test-db.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const fixture = (name: string) => readFileSync(join(here, 'fixtures', name), 'utf8');
const GOOD_JSON = fixture('small-catalog.json');
const GOOD_CSV = fixture('small-catalog.csv');

/** 1-based line of the first line containing `needle` (after `from`, a line number). */
function lineOf(text: string, needle: string, from = 0): number {
  const lines = text.split('\n');
  const i = lines.findIndex((l, k) => k >= from && l.includes(needle));
  if (i < 0) throw new Error(`not found: ${needle}`);
  return i + 1;
}

function ok(r: CatalogParseResult): CatalogFile {
  if (!r.ok) throw new Error(`expected a valid catalogue: ${JSON.stringify(r.errors, null, 1)}`);
  return r.file;
}

function errorsOf(r: CatalogParseResult) {
  if (r.ok) throw new Error('expected errors');
  return r.errors;
}

/** Replace the n-th (1-based) line containing `needle` by `replacement` applied to it. */
function editLine(text: string, needle: string, edit: (line: string) => string, occurrence = 1): { text: string; line: number } {
  const lines = text.split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.includes(needle) && ++seen === occurrence) {
      lines[i] = edit(lines[i]!);
      return { text: lines.join('\n'), line: i + 1 };
    }
  }
  throw new Error(`not found: ${needle}`);
}

describe('parseCatalogJson', () => {
  it('parses the fixture', () => {
    const file = ok(parseCatalogJson(GOOD_JSON));
    expect(file.products.map((p) => p.code)).toEqual(['FX-CAFE-NOIR', 'FX-GREEN-TEA', 'FX-BREWER', 'FX-KIT']);
    expect(file.products[0]!.variants[1]!.prices[0]).toEqual({ baseSite: 'usb2c', price: 3399, discountPrice: 2999, isDiscountPrice: true, salesPriceStrategy: 'OTP' });
  });

  it('reports every bad row with the line where the bad value starts', () => {
    let text = GOOD_JSON;
    const a = editLine(text, '"stock": 0', (l) => l.replace('0', '"none"'));
    text = a.text;
    const b = editLine(text, '"imageColor": "#1f1f1f"', (l) => l.replace('#1f1f1f', 'black'));
    text = b.text;
    const c = editLine(text, '"baseSite": "cab2c"', (l) => l.replace('cab2c', 'frb2c'), 2);
    text = c.text;
    const errors = errorsOf(parseCatalogJson(text));
    expect(errors.map((e) => [e.line, e.path])).toEqual([
      [c.line, 'products[0].variants[1].prices[1].baseSite'],
      [a.line, 'products[1].variants[0].stock'],
      [b.line, 'products[2].imageColor'],
    ]);
    expect(errors[1]!.message).toMatch(/number/);
  });

  it('reports a missing field at the line where its object starts', () => {
    const lines = GOOD_JSON.split('\n');
    const at = lineOf(GOOD_JSON, '"brand": "Fixture Tea"');
    lines.splice(at - 1, 1);
    const text = lines.join('\n');
    const errors = errorsOf(parseCatalogJson(text));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe('products[1].brand');
    // products[1] starts at the "{" line before "code": "FX-GREEN-TEA"
    expect(errors[0]!.line).toBe(lineOf(text, '"code": "FX-GREEN-TEA"') - 1);
  });

  it('reports cross-reference problems, all of them, by line', () => {
    let text = GOOD_JSON;
    // two default variants on the coffee
    const d = editLine(text, '"code": "FX-CAFE-NOIR-48"', (l) => l, 1);
    text = editLine(text, '"variantUrlSuffix": "48-ct"', (l) => `${l}\n          "isDefault": true,`).text;
    // a bundle item that does not exist
    text = editLine(text, '"variantCode": "FX-CAFE-NOIR-24"', (l) => l.replace('FX-CAFE-NOIR-24', 'FX-NOPE-24')).text;
    // a discount above the list price
    text = editLine(text, '"discountPrice": 2999', (l) => l.replace('2999', '9999')).text;
    // a declared currency that does not match the site
    text = editLine(text, '"baseSite": "usafh"', (l) => `${l}\n              "currency": "CAD",`).text;
    const errors = errorsOf(parseCatalogJson(text));
    const byPath = new Map(errors.map((e) => [e.path, e]));
    expect(byPath.get('products[0].variants')!.message).toMatch(/exactly one variant must have isDefault/);
    expect(byPath.get('products[0].variants')!.line).toBeLessThan(d.line);
    expect(byPath.get('products[0].variants[1].prices[0].discountPrice')!.line).toBe(lineOf(text, '"discountPrice": 9999'));
    expect(byPath.get('products[0].variants[0].prices[2].currency')!.message).toBe('usafh prices are in USD, not CAD');
    expect(byPath.get('products[0].variants[0].prices[2].currency')!.line).toBe(lineOf(text, '"currency": "CAD"'));
    expect(errors).toHaveLength(3);
    // a bundle item unknown to the file is left to the import (it may be in the database)
    expect(byPath.has('products[3].bundle.items[1].variantCode')).toBe(false);
  });

  it('reports JSON syntax errors with their line', () => {
    const text = editLine(GOOD_JSON, '"count": 48', (l) => l.replace(',', ',,')).text;
    const errors = errorsOf(parseCatalogJson(text));
    expect(errors).toEqual([{ line: lineOf(text, ',,'), path: '', message: expect.stringContaining('invalid JSON') as string }]);
    expect(errorsOf(parseCatalogJson('{"version": 1,\n"categories": [],\n"products": [\n')).at(0)!.line).toBe(4);
  });
});

describe('parseCatalogCsv', () => {
  it('groups rows into products and variants', () => {
    const file = ok(parseCatalogCsv(GOOD_CSV));
    expect(file.categories).toEqual([]);
    const latte = file.products[0]!;
    expect(latte.code).toBe('FX-CSV-LATTE');
    expect(latte.description.en).toBe('Smooth, creamy "latte" style.\nSecond line of the description.');
    expect(latte.features[0]!.value).toEqual({ en: 'Medium', fr: 'Moyenne' });
    expect(latte.variants.map((v) => [v.code, v.isDefault, v.count, v.stock, v.prices.length])).toEqual([
      ['FX-CSV-LATTE-24', true, 24, 120, 3],
      ['FX-CSV-LATTE-48', false, 48, 60, 3],
    ]);
    expect(latte.variants[1]!.prices[0]).toEqual({ baseSite: 'usb2c', price: 3199, discountPrice: 2899, isDiscountPrice: true, salesPriceStrategy: 'ALL' });
    const mug = file.products[1]!;
    expect(mug.sites).toEqual(['usb2c', 'cab2c']);
    expect(mug.variants[0]!.variantColor).toBe('#f1efe9');
    expect(file.products[2]!.bundle).toEqual({ templateName: 'Gift set', items: [{ variantCode: 'FX-CAFE-NOIR-24', qty: 1 }, { variantCode: 'FX-CSV-LATTE-24', qty: 2 }] });
  });

  it('reports every bad row by its CSV line, counting quoted newlines', () => {
    let text = GOOD_CSV;
    const a = editLine(text, 'FX-CSV-LATTE-48,48-ct,,48,,60,cab2c,CAD,4299', (l) => l.replace('CAD,4299', 'USD,42.99'));
    text = a.text;
    const b = editLine(text, 'FX-CSV-MUG-WHT,chalk-white', (l) => l.replace(',80,', ',lots,'));
    text = b.text;
    const c = editLine(text, 'FX-CSV-KIT,,,', (l) => l.replace('FX-CSV-KIT,,,,,,,,,,,,,,,,,,,,FX-CSV-KIT', 'FX-CSV-KIT,,,,,,,,,,,,,,,,,,,,FX-CSV-KIT-OTHER'));
    text = c.text;
    const errors = errorsOf(parseCatalogCsv(text));
    expect(errors.some((e) => e.line === a.line && e.message === 'currency: cab2c prices are in CAD, not USD')).toBe(true);
    expect(errors.some((e) => e.line === a.line && /minor units/.test(e.message))).toBe(true);
    expect(errors.some((e) => e.line === b.line && e.path === 'products[1].variants[0].stock' && e.message.startsWith('stock:'))).toBe(true);
    // the kit's second row now starts a second variant, which lacks its own variantUrlSuffix
    expect(errors.some((e) => e.line === c.line && e.path === 'products[2].variants[1].variantUrlSuffix' && e.message.startsWith('variantUrlSuffix:'))).toBe(true);
    expect(errors.map((e) => e.line)).toEqual([...errors.map((e) => e.line)].sort((x, y) => x - y));
    expect(a.line).toBe(7); // the quoted newline in row 2 makes every later row one line further down
  });

  it('reports header problems and rows that disagree', () => {
    const header = errorsOf(parseCatalogCsv('productCode,nameEn,colour\nX,Y,Z\n'));
    expect(header.every((e) => e.line === 1)).toBe(true);
    expect(header.some((e) => e.message.startsWith('unknown column "colour"'))).toBe(true);
    expect(header.some((e) => e.message === 'missing column "price"')).toBe(true);
    const text = editLine(GOOD_CSV, 'FX-CSV-LATTE,,,,,,,,,,,,,,,,,,,,FX-CSV-LATTE-24,24-ct,,24,true,120,usafh', (l) => l.replace(',120,usafh', ',121,usafh')).text;
    const errors = errorsOf(parseCatalogCsv(text));
    expect(errors).toEqual([{ line: 5, path: '', message: 'stock differs from the value on line 2 for variant FX-CSV-LATTE-24' }]);
    expect(errorsOf(parseCatalogCsv(`${GOOD_CSV}FX-CSV-MUG,too,few\n`))).toEqual([{ line: 13, path: '', message: expect.stringMatching(/^expected \d+ fields, found 3$/) as string }]);
    expect(errorsOf(parseCatalogCsv(`${GOOD_CSV}"unterminated\n`))[0]!.message).toMatch(/invalid CSV/);
  });
});

/** The importer tests, run on each available dialect. */
function importSuite(name: string, open: () => Promise<TestDb>) {
  describe(`importCatalog on ${name}`, () => {
    let t: TestDb;
    beforeEach(async () => {
      t = await open();
    });
    afterEach(async () => {
      await t.close();
    });

    it('imports the JSON fixture, then the CSV fixture that refers to it', async () => {
      const progress: Array<[number, number]> = [];
      const summary = await importCatalog(t.db, ok(parseCatalogJson(GOOD_JSON)), { onProgress: (d, n) => progress.push([d, n]) });
      expect(summary).toEqual({ products: 4, variants: 6, categories: 3 });
      expect(progress).toEqual([
        [0, 4],
        [4, 4],
      ]);
      expect(await countRows(t.db, 'prices')).toBe(3 + 3 + 2 + 2 + 2 + 2);
      const p48 = await t.db.selectFrom('prices').selectAll().where('variant_code', '=', 'FX-CAFE-NOIR-48').where('base_site', '=', 'cab2c').executeTakeFirstOrThrow();
      expect(p48).toEqual({ variant_code: 'FX-CAFE-NOIR-48', base_site: 'cab2c', currency: 'CAD', price_minor: 4599, discount_price_minor: 2999, is_discount_price: 1, sales_price_strategy: 'OTP' });
      const brewer = await t.db.selectFrom('products').selectAll().where('code', '=', 'FX-BREWER').executeTakeFirstOrThrow();
      expect([brewer.default_variant_code, brewer.product_type, brewer.name_fr]).toEqual(['FX-BREWER-BLK', 'Brewer', 'Cafetière d’essai']);
      expect(await t.db.selectFrom('stock').select('available').where('variant_code', '=', 'FX-BREWER-RED').executeTakeFirstOrThrow()).toEqual({ available: 5 });
      expect(await t.db.selectFrom('bundle_items').select(['variant_code', 'qty']).where('bundle_code', '=', 'FX-KIT').orderBy('sort_order').execute()).toEqual([
        { variant_code: 'FX-BREWER-BLK', qty: 1 },
        { variant_code: 'FX-CAFE-NOIR-24', qty: 2 },
      ]);
      expect(await countRows(t.db, 'product_features')).toBe(3);

      const csv = ok(parseCatalogCsv(GOOD_CSV));
      expect(await importCatalog(t.db, csv)).toEqual({ products: 3, variants: 4, categories: 0 });
      expect(await countRows(t.db, 'products')).toBe(7);
      const latte = await t.db.selectFrom('products').selectAll().where('code', '=', 'FX-CSV-LATTE').executeTakeFirstOrThrow();
      expect(latte.description_en).toBe('Smooth, creamy "latte" style.\nSecond line of the description.');
      expect(await t.db.selectFrom('bundle_items').select('variant_code').where('bundle_code', '=', 'FX-CSV-KIT').orderBy('sort_order').execute()).toEqual([
        { variant_code: 'FX-CAFE-NOIR-24' },
        { variant_code: 'FX-CSV-LATTE-24' },
      ]);

      // search: accents folded on both dialects
      const found =
        t.dialect === 'sqlite'
          ? (await sql<{ product_code: string }>`SELECT DISTINCT product_code FROM product_search_fts WHERE product_search_fts MATCH 'cafe' ORDER BY product_code`.execute(t.db)).rows
          : (await sql<{ product_code: string }>`SELECT DISTINCT product_code FROM product_search WHERE tsv @@ plainto_tsquery('simple', 'cafe') ORDER BY product_code`.execute(t.db)).rows;
      expect(found.map((r) => r.product_code)).toEqual(expect.arrayContaining(['FX-CAFE-NOIR', 'FX-CSV-KIT', 'FX-CSV-LATTE']));
      expect(found.map((r) => r.product_code)).not.toContain('FX-GREEN-TEA');
    });

    it('reports references the database cannot resolve, with CSV lines, and writes nothing', async () => {
      const parsed = parseCatalogCsv(GOOD_CSV);
      if (!parsed.ok) throw new Error('fixture invalid');
      const error = await importCatalog(t.db, parsed.file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CatalogValidationError);
      const located = parsed.locate((error as CatalogValidationError).issues);
      expect(located).toEqual(
        expect.arrayContaining([
          { line: 2, path: 'products[0].categories[0]', message: 'categories: unknown category FX_COFFEE' },
          { line: 11, path: 'products[2].bundle.items[0].variantCode', message: 'bundleItems: unknown variant FX-CAFE-NOIR-24' },
        ]),
      );
      expect(await countRows(t.db, 'products')).toBe(0);
      expect(await countRows(t.db, 'base_sites')).toBe(0);
    });

    it('imports nothing when any product is invalid, and nothing when the database fails midway', async () => {
      const big = buildSyntheticCatalog(700);
      big.products[650]!.categories = ['NO_SUCH_CATEGORY'];
      await expect(importCatalog(t.db, big)).rejects.toThrow(CatalogValidationError);
      expect(await countRows(t.db, 'products')).toBe(0);

      // a failure while writing the second batch rolls back the first one too
      if (t.dialect === 'sqlite') {
        await sql`CREATE TRIGGER fail_import BEFORE INSERT ON products WHEN new.code = 'SYN-000650' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(t.db);
      } else {
        await sql`CREATE FUNCTION fail_import() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF new.code = 'SYN-000650' THEN RAISE EXCEPTION 'boom'; END IF; RETURN new; END $$`.execute(t.db);
        await sql`CREATE TRIGGER fail_import BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION fail_import()`.execute(t.db);
      }
      await expect(importCatalog(t.db, buildSyntheticCatalog(700))).rejects.toThrow(/boom/);
      for (const table of ['products', 'variants', 'prices', 'stock', 'product_search', 'categories', 'base_sites'] as const) expect(await countRows(t.db, table)).toBe(0);
    });

    it('replaces products with the same code and leaves the others alone', async () => {
      await importCatalog(t.db, ok(parseCatalogJson(GOOD_JSON)));
      await importCatalog(t.db, ok(parseCatalogCsv(GOOD_CSV)));
      const changed = JSON.parse(GOOD_JSON) as { products: Array<{ name: { en: string }; variants: Array<{ code: string; stock: number }> }>; categories: unknown[] };
      changed.products[0]!.name.en = 'Renamed Dark Roast';
      changed.products[0]!.variants = changed.products[0]!.variants.filter((v) => v.code !== 'FX-CAFE-NOIR-48');
      changed.products[0]!.variants[0]!.stock = 7;
      changed.products = [changed.products[0]!];
      await importCatalog(t.db, ok(parseCatalogJson(JSON.stringify(changed, null, 2))));

      expect(await countRows(t.db, 'products')).toBe(7);
      const p = await t.db.selectFrom('products').select(['name_en', 'name_fr']).where('code', '=', 'FX-CAFE-NOIR').executeTakeFirstOrThrow();
      expect(p).toEqual({ name_en: 'Renamed Dark Roast', name_fr: 'Café noir, torréfaction foncée' });
      expect(await t.db.selectFrom('variants').select('code').where('base_product_code', '=', 'FX-CAFE-NOIR').execute()).toEqual([{ code: 'FX-CAFE-NOIR-24' }]);
      expect(await t.db.selectFrom('prices').select('variant_code').where('variant_code', '=', 'FX-CAFE-NOIR-48').execute()).toEqual([]);
      expect(await t.db.selectFrom('stock').select('available').where('variant_code', '=', 'FX-CAFE-NOIR-24').executeTakeFirstOrThrow()).toEqual({ available: 7 });
      expect(await t.db.selectFrom('product_search').select('document').where('product_code', '=', 'FX-CAFE-NOIR').where('lang', '=', 'en').executeTakeFirstOrThrow()).toEqual({
        document: expect.stringContaining('renamed dark roast') as string,
      });
      expect(await countRows(t.db, 'product_search')).toBe(14);
      // the bundles that contain the kept variant still hold it
      expect(await t.db.selectFrom('bundle_items').select('bundle_code').where('variant_code', '=', 'FX-CAFE-NOIR-24').orderBy('bundle_code').execute()).toEqual([
        { bundle_code: 'FX-CSV-KIT' },
        { bundle_code: 'FX-KIT' },
      ]);
    });

    it('refuses to drop a variant that carts or other bundles still use', async () => {
      await importCatalog(t.db, ok(parseCatalogJson(GOOD_JSON)));
      const now = new Date().toISOString();
      await t.db.insertInto('carts').values({ guid: 'cart-1', base_site: 'usb2c', currency: 'USD', user_id: null, status: 'open', email: null, shipping_address_json: null, billing_address_json: null, delivery_mode: null, lang: 'en', created_at: now, updated_at: now }).execute();
      await t.db.insertInto('cart_entries').values({ cart_guid: 'cart-1', entry_number: 0, variant_code: 'FX-CAFE-NOIR-48', entry_type: 'STD', qty: 1, created_at: now }).execute();
      const changed = JSON.parse(GOOD_JSON) as { products: Array<{ code: string; variants: Array<{ code: string }> }> };
      changed.products = changed.products.filter((p) => p.code === 'FX-CAFE-NOIR' || p.code === 'FX-BREWER');
      changed.products[0]!.variants = changed.products[0]!.variants.filter((v) => v.code !== 'FX-CAFE-NOIR-48');
      changed.products[1]!.variants = changed.products[1]!.variants.filter((v) => v.code !== 'FX-BREWER-BLK');
      (changed.products[1]!.variants[0] as { isDefault?: boolean }).isDefault = true;
      const parsed = parseCatalogJson(JSON.stringify(changed, null, 2));
      const error = (await importCatalog(t.db, ok(parsed)).catch((e: unknown) => e)) as CatalogValidationError;
      expect(error).toBeInstanceOf(CatalogValidationError);
      // these concern no row of the file: line 0
      if (parsed.ok) expect(parsed.locate(error.issues).map((e) => e.line)).toEqual([0, 0]);
      expect(error.issues.map((i) => i.message)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/variant FX-CAFE-NOIR-48 is missing from the file but carts or orders refer to it/),
          expect.stringMatching(/variant FX-BREWER-BLK is missing from the file but bundle FX-KIT contains it/),
        ]),
      );
      expect(await countRows(t.db, 'variants')).toBe(6);
    });

    it('refuses codes that collide with products outside the file', async () => {
      await importCatalog(t.db, ok(parseCatalogJson(GOOD_JSON)));
      const file = JSON.parse(GOOD_JSON) as { categories: unknown[]; products: Array<{ code: string; slug: { en: string }; variants: Array<{ code: string }> }> };
      const tea = file.products[1]!;
      tea.code = 'FX-OTHER-TEA';
      tea.variants[0]!.code = 'FX-BREWER-RED';
      file.products = [tea];
      const error = (await importCatalog(t.db, file as never).catch((e: unknown) => e)) as CatalogValidationError;
      expect(error.issues).toEqual([{ path: 'products[0].variants[0].code', message: 'variant FX-BREWER-RED already belongs to product FX-BREWER in the database' }]);
    });

    it('imports the demo catalogue and a 1,000-product synthetic catalogue in many statements', async () => {
      const demo = await importCatalog(t.db, buildDemoCatalog());
      const synthetic = await importCatalog(t.db, buildSyntheticCatalog(1000));
      expect(await countRows(t.db, 'products')).toBe(demo.products + 1000);
      expect(await countRows(t.db, 'variants')).toBe(demo.variants + 3000);
      expect(await countRows(t.db, 'prices')).toBeGreaterThan(9000);
      expect(synthetic.categories).toBe(13);
      expect(await t.db.selectFrom('stock').select('available').where('variant_code', '=', DEMO_CODES.lastUnit).executeTakeFirstOrThrow()).toEqual({ available: 1 });
      if (t.dialect === 'postgres') {
        const rows = (await sql<{ product_code: string }>`SELECT product_code FROM product_search WHERE lang = 'fr' AND tsv @@ plainto_tsquery('simple', 'cafe au lait')`.execute(t.db)).rows;
        expect(rows.map((r) => r.product_code)).toContain(DEMO_CODES.frenchAccentProduct);
      }
    });
  });
}

importSuite('SQLite', sqliteTestDb);
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) importSuite('PostgreSQL', () => postgresTestDb(pgUrl));

describe('npm run catalog:import (CLI)', () => {
  const cli = join(root, 'packages/db/src/cli/import.ts');
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'catalog-import-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolveRun, reject) => {
      const { DATABASE_URL: _ignored, ...base } = process.env;
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], { cwd: root, env: { ...base, ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolveRun({ code, stdout, stderr }));
    });
  }

  it('rejects a file with a bad row, naming its line, and imports nothing', async () => {
    const bad = join(here, 'fixtures', 'bad-catalog.json');
    const dbFile = join(dir, 'bad.db');
    const res = await run([bad, '--database-url', `file:${dbFile}`]);
    expect(res.code).toBe(1);
    const line = lineOf(readFileSync(bad, 'utf8'), '"stock": -3');
    expect(res.stderr).toContain(`line ${line}: products[1].variants[0].stock:`);
    expect(res.stderr).toContain('nothing was imported');
    expect(existsSync(dbFile)).toBe(false);
  });

  it('imports a good JSON file, then a CSV file, into a fresh SQLite database', async () => {
    const dbFile = join(dir, 'good.db');
    const json = await run([join(here, 'fixtures', 'small-catalog.json')], { DATABASE_URL: `file:${dbFile}` });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('Imported 4 products, 6 variants and 3 categories');
    const csv = await run([join(here, 'fixtures', 'small-catalog.csv'), `--database-url=file:${dbFile}`]);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toContain('Imported 3 products, 4 variants and 0 categories');

    const db = new BetterSqlite3(dbFile, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM products').get()).toEqual({ n: 7 });
      expect(db.prepare("SELECT price_minor, currency FROM prices WHERE variant_code = 'FX-CSV-LATTE-24' AND base_site = 'cab2c'").get()).toEqual({ price_minor: 2299, currency: 'CAD' });
      const versions = readdirSync(join(here, '..', 'src', 'migrations'))
        .map((f) => /^(\d{4})_/.exec(f)?.[1])
        .filter((v): v is string => v !== undefined)
        .sort();
      expect(versions.length).toBeGreaterThanOrEqual(4);
      expect(db.prepare('SELECT substr(name, 1, 4) AS version FROM kysely_migration ORDER BY name').all()).toEqual(versions.map((version) => ({ version })));
      expect(db.prepare("SELECT value FROM site_config WHERE base_site = 'cab2c' AND key = 'freeShippingMinimum'").get()).toEqual({ value: '5500' });
    } finally {
      db.close();
    }
  });

  // issue 11 item 4 (ADR 0038): after the import, the storefronts' cached pages are purged
  it('purges the shared Redis page cache after the import (PAGE_CACHE_URL)', async () => {
    const prefix = `pc-import-test-${process.pid}-${Date.now()}:`;
    const url = testRedisUrl();
    const store = await readyRedisPageStore(prefix, url);
    try {
      const t = Date.now();
      await store.set('https://a.test/en-us/', { status: 200, headers: [], body: new TextEncoder().encode('old'), br: null, gzip: null, tags: ['page'], storedAt: t, freshUntil: t + 60_000, staleUntil: t + 120_000 });
      expect(await store.get('https://a.test/en-us/')).toBeDefined();
      const res = await run([join(here, 'fixtures', 'small-catalog.json')], { DATABASE_URL: `file:${join(dir, 'purge-redis.db')}`, PAGE_CACHE_URL: url, PAGE_CACHE_REDIS_PREFIX: prefix });
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('Purged the cached pages of the shared page cache (Redis): 1 page.');
      expect(await store.get('https://a.test/en-us/')).toBeUndefined();
    } finally {
      await store.close();
      await deleteRedisKeys(prefix, url); // the entries, tag sets and the purge generation (which outlives purges)
    }
  });

  it("calls the storefronts' purge endpoint after the import (PAGE_CACHE_PURGE_URL), and a failed purge does not fail the import", async () => {
    const seen: Array<{ url: string; auth: string | undefined; body: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', auth: req.headers.authorization, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"purged":3}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const secret = 'purge-secret-0123456789';
    try {
      const ok = await run([join(here, 'fixtures', 'small-catalog.json')], { DATABASE_URL: `file:${join(dir, 'purge-http.db')}`, PAGE_CACHE_PURGE_URL: `http://127.0.0.1:${port}`, PAGE_CACHE_PURGE_SECRET: secret });
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('Purged the cached pages of the 1 storefront: 3 pages.');
      expect(seen).toEqual([{ url: '/__store/page-cache/purge', auth: `Bearer ${secret}`, body: '{"all":true}' }]);
    } finally {
      await new Promise((r) => server.close(r));
    }
    // the storefront is gone now: the import still succeeds, with a warning
    const down = await run([join(here, 'fixtures', 'small-catalog.json')], { DATABASE_URL: `file:${join(dir, 'purge-down.db')}`, PAGE_CACHE_PURGE_URL: `http://127.0.0.1:${port}`, PAGE_CACHE_PURGE_SECRET: secret, PAGE_CACHE_PURGE_TIMEOUT_MS: '1000' });
    expect(down.code).toBe(0);
    expect(down.stdout).toContain('Imported 4 products');
    expect(down.stderr).toContain('Warning: page cache purge failed (http://127.0.0.1:');
  });

  it('answers a usage error without a file', async () => {
    const res = await run([]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Usage: npm run catalog:import');
  });

  it('reports database-level problems with the CSV line and exit status 1', async () => {
    const dbFile = join(dir, 'csv-only.db');
    const res = await run([join(here, 'fixtures', 'small-catalog.csv'), '--database-url', `file:${dbFile}`]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('line 2: products[0].categories[0]: categories: unknown category FX_COFFEE');
    const db = new BetterSqlite3(dbFile, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM products').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it.runIf(pgUrl)('imports into PostgreSQL from DATABASE_URL', async () => {
    const t = await postgresTestDb(pgUrl!, { migrate: false });
    try {
      const file = join(dir, 'one.json');
      writeFileSync(file, GOOD_JSON);
      const res = await run([file], { DATABASE_URL: t.url! });
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(await countRows(t.db, 'products')).toBe(4);
    } finally {
      await t.close();
    }
  });
});
