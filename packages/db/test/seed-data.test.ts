/**
 * The demo catalogue is a data file read through the catalogue importer (issue 11 item 8, ADR
 * 0024), found from the package root so that compiled code finds it too.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCatalogJson } from '../src/import/json.ts';
import { buildDemoCatalog, dbPackageRoot, demoCatalogPath, readCatalogFile, DEMO_CODES } from '../src/seed/catalog.ts';

const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('demo catalogue data file', () => {
  it('lives in packages/db/data and is found from src/seed and from a compiled dist/seed alike', () => {
    expect(demoCatalogPath()).toBe(join(PACKAGE_ROOT, 'data', 'demo-catalog.json'));
    expect(dbPackageRoot(join(PACKAGE_ROOT, 'src', 'seed'))).toBe(PACKAGE_ROOT);
    expect(dbPackageRoot(join(PACKAGE_ROOT, 'dist', 'seed'))).toBe(PACKAGE_ROOT);
    expect(() => dbPackageRoot(tmpdir())).toThrow(/package root not found/);
  });

  it('is a valid importer file, and buildDemoCatalog answers it as written, a fresh copy each time', async () => {
    const text = await readFile(demoCatalogPath(), 'utf8');
    const parsed = parseCatalogJson(text);
    expect(parsed.ok).toBe(true);
    const catalog = buildDemoCatalog();
    expect(catalog).toEqual(JSON.parse(text));
    expect(catalog.products.map((p) => p.code)).toEqual(expect.arrayContaining([DEMO_CODES.coffee, DEMO_CODES.brewer, DEMO_CODES.bundle, DEMO_CODES.giftCard]));
    catalog.products.length = 0;
    expect(buildDemoCatalog().products.length).toBeGreaterThan(150);
  });

  it('refuses a broken file with the line of each problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{\n  "version": 1,\n  "categories": [],\n  "products": [\n    {"code": ""}\n  ]\n}\n');
    expect(() => readCatalogFile(file)).toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} line 5: products\\[0\\]`));
  });
});
