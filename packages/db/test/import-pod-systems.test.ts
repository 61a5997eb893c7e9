/**
 * Pod systems in the catalogue format (issue 13, ADR 0033): `podSystem` on pods, `podSystems` and
 * `modelName` on brewers, in JSON and CSV; bad values rejected with their line; the importer
 * stores them and derives the bilingual "Pod compatibility" classification feature.
 * Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogFile } from '@store/contracts';
import { importCatalog, parseCatalogCsv, parseCatalogJson, type CatalogParseResult } from '../src/import/index.ts';
import { postgresTestDb, sqliteTestDb, type TestDb } from './fixtures/test-db.ts';

const here = dirname(fileURLToPath(import.meta.url));
const GOOD_JSON = readFileSync(join(here, 'fixtures', 'small-catalog.json'), 'utf8');
const GOOD_CSV = readFileSync(join(here, 'fixtures', 'small-catalog.csv'), 'utf8');

/** The fixture with pod systems: the coffee is a classic pod, the brewer takes classic and carafe pods. */
function withPods(text = GOOD_JSON, pod = '"classic"', brewer = '["classic", "carafe"]'): string {
  const lines = text.split('\n');
  const at = (code: string) => lines.findIndex((l) => l.includes(`"code": "${code}"`));
  lines.splice(at('FX-CAFE-NOIR') + 2, 0, `      "podSystem": ${pod},`);
  lines.splice(at('FX-BREWER') + 2, 0, `      "podSystems": ${brewer},`, '      "modelName": {"en": "Tester", "fr": "Testeuse"},');
  return lines.join('\n');
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

function ok(r: CatalogParseResult): CatalogFile {
  if (!r.ok) throw new Error(`expected a valid catalogue: ${JSON.stringify(r.errors, null, 1)}`);
  return r.file;
}
function errorsOf(r: CatalogParseResult) {
  if (r.ok) throw new Error('expected errors');
  return r.errors;
}

describe('pod systems in the catalogue file', () => {
  it('reads podSystem, podSystems and modelName; other products have none', () => {
    const file = ok(parseCatalogJson(withPods()));
    const by = new Map(file.products.map((p) => [p.code, p]));
    expect(by.get('FX-CAFE-NOIR')!.podSystem).toBe('classic');
    expect(by.get('FX-BREWER')!.podSystems).toEqual(['classic', 'carafe']);
    expect(by.get('FX-BREWER')!.modelName).toEqual({ en: 'Tester', fr: 'Testeuse' });
    expect(by.get('FX-GREEN-TEA')!.podSystem).toBeNull();
    expect(by.get('FX-KIT')!.podSystems).toEqual([]);
  });

  it('rejects an unknown pod system with the line where it is', () => {
    const text = withPods(GOOD_JSON, '"nespresso"');
    const errors = errorsOf(parseCatalogJson(text));
    expect(errors.map((e) => [e.line, e.path])).toEqual([[lineOf(text, '"podSystem": "nespresso"'), 'products[0].podSystem']]);
    const text2 = withPods(GOOD_JSON, '"classic"', '["classic", "max", "classic"]');
    expect(errorsOf(parseCatalogJson(text2)).map((e) => [e.line, e.path, e.message])).toEqual([
      [lineOf(text2, '"podSystems"'), 'products[2].podSystems[2]', 'pod system classic is listed twice'],
    ]);
  });

  it('rejects pod systems on the wrong product types, and hand-written derived features', () => {
    const lines = withPods().split('\n');
    const kit = lines.findIndex((l) => l.includes('"code": "FX-KIT"'));
    lines.splice(kit + 2, 0, '      "podSystems": ["classic"],', '      "podSystem": "max",');
    const text = lines.join('\n');
    const errors = errorsOf(parseCatalogJson(text));
    expect(errors.map((e) => e.path).sort()).toEqual(['products[3].podSystem', 'products[3].podSystems']);
    expect(errors.find((e) => e.path === 'products[3].podSystems')!.line).toBe(kit + 3);
  });

  it('reads the CSV columns and names the column of a bad value', () => {
    const [head, ...rows] = GOOD_CSV.split('\n');
    // the first row's quoted description spans file lines 2 and 3: the row ends on line 3
    const csv = [`${head},podSystem`, ...rows.map((r, k) => (k === 0 ? r : k === 1 ? `${r},carafe` : r.length > 0 ? `${r},` : r))].join('\n');
    const file = ok(parseCatalogCsv(csv));
    expect(file.products[0]!.podSystem).toBe('carafe');
    expect(file.products[1]!.podSystem).toBeNull();
    const bad = csv.replace(/,carafe$/m, ',XL');
    const errors = errorsOf(parseCatalogCsv(bad));
    expect(errors[0]!.message).toMatch(/^podSystem: /);
    expect(errors[0]!.line).toBe(2);
  });
});

function suite(name: string, open: () => Promise<TestDb>) {
  describe(`importing pod systems on ${name}`, () => {
    let t: TestDb;
    beforeEach(async () => {
      t = await open();
    });
    afterEach(async () => {
      await t.close();
    });

    it('stores the pod systems and derives the bilingual classification feature', async () => {
      await importCatalog(t.db, ok(parseCatalogJson(withPods())));
      const rows = await t.db.selectFrom('products').select(['code', 'pod_system', 'pod_systems', 'model_name_en', 'model_name_fr']).orderBy('code').execute();
      expect(rows).toEqual([
        { code: 'FX-BREWER', pod_system: null, pod_systems: 'classic carafe', model_name_en: 'Tester', model_name_fr: 'Testeuse' },
        { code: 'FX-CAFE-NOIR', pod_system: 'classic', pod_systems: null, model_name_en: null, model_name_fr: null },
        { code: 'FX-GREEN-TEA', pod_system: null, pod_systems: null, model_name_en: null, model_name_fr: null },
        { code: 'FX-KIT', pod_system: null, pod_systems: null, model_name_en: null, model_name_fr: null },
      ]);
      const features = await t.db
        .selectFrom('product_features')
        .select(['product_code', 'feature_code', 'value_en', 'value_fr'])
        .where('class_code', '=', 'POD_COMPATIBILITY')
        .orderBy('product_code')
        .execute();
      expect(features).toEqual([
        { product_code: 'FX-BREWER', feature_code: 'ACCEPTS_POD_SYSTEMS', value_en: 'Classic pod, Carafe pod', value_fr: 'Capsule classique, Capsule carafe' },
        { product_code: 'FX-CAFE-NOIR', feature_code: 'POD_SYSTEM', value_en: 'Classic pod', value_fr: 'Capsule classique' },
      ]);
      // importing again without pod systems clears them
      await importCatalog(t.db, ok(parseCatalogJson(GOOD_JSON)));
      expect((await t.db.selectFrom('products').select('pod_systems').where('code', '=', 'FX-BREWER').executeTakeFirstOrThrow()).pod_systems).toBeNull();
      expect(await t.db.selectFrom('product_features').select('product_code').where('class_code', '=', 'POD_COMPATIBILITY').execute()).toEqual([]);
    });
  });
}

suite('SQLite', sqliteTestDb);
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) suite('PostgreSQL', () => postgresTestDb(pgUrl));
