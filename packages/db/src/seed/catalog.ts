/**
 * The demo catalogue (issue 2, spec §3): an original, invented range of coffee, tea, cocoa and
 * iced-beverage pods, bagged and canned coffee, brewers in several colours, accessories, gift
 * cards and bundles / starter kits, sold on usb2c and usafh in USD and on cab2c in CAD, with
 * English and French text. All brand names and product text are made up for this store.
 *
 * The catalogue itself is data (issue 11 item 8, ADR 0024): `packages/db/data/demo-catalog.json`
 * in the catalogue importer's JSON format (docs/catalog-format.md), read through the importer's
 * parser (`parseCatalogJson`: syntax, schema and cross-references, with line numbers) and written
 * by `importCatalog`; `npm run catalog:import -- packages/db/data/demo-catalog.json` loads the same
 * file. This module keeps the well-known codes that tests and content rely on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogFileInput } from '@store/contracts';
import { parseCatalogJson } from '../import/json.ts';

/**
 * Well-known codes that tests and content rely on.
 * - `coffee`: a coffee pod base product with three count variants (24 ct default, 48 ct, 96 ct),
 *   sold on all three sites; `coffeeVariant48` has isDiscountPrice=true with salesPriceStrategy
 *   null (the discount price is displayed, spec §5); its 96 ct variant has isDiscountPrice=true
 *   with AD_PARENT_OTP (the list price is displayed).
 * - `brewer`: a brewer base product with four colour variants; `brewerRedVariant` is its
 *   "cherry-red" variant (variantUrlSuffix `cherry-red`).
 * - `bundle`: the brewer starter kit, slug `brewer-starter-kit` (fr `trousse-de-demarrage-cafetiere-solo`).
 * - `giftCard`: the virtual e-gift card (variants 25 / 50 / 100 in the site currency).
 * - `lastUnit`: the default variant of `lastUnitProduct`; exactly 1 unit in stock.
 * - `discontinued`: a discontinued product (redirects to /discontinued-items, spec §2).
 * - `frenchAccentProduct`: a product named "Café au Lait" (en) / "Café au lait" (fr).
 */
export const DEMO_CODES = {
  coffee: 'BH-SIGNATURE-DARK',
  coffeeVariant24: 'BH-SIGNATURE-DARK-24',
  coffeeVariant48: 'BH-SIGNATURE-DARK-48',
  coffeeVariant96: 'BH-SIGNATURE-DARK-96',
  brewer: 'BH-SOLO',
  brewerDefaultVariant: 'BH-SOLO-BLK',
  brewerRedVariant: 'BH-SOLO-RED',
  bundle: 'BUNDLE-BREWER-STARTER',
  giftCard: 'GC-EGIFT',
  giftCardVariant50: 'GC-EGIFT-50',
  physicalGiftCard: 'GC-PHYSICAL',
  lastUnitProduct: 'LASTUNIT',
  lastUnit: 'LASTUNIT-24',
  discontinued: 'DISC-AUTUMN-HARVEST',
  discontinuedCocoa: 'DISC-GINGERBREAD-COCOA',
  frenchAccentProduct: 'BH-CAFE-AU-LAIT',
  officeBrewer: 'BH-OFFICE-PRO',
  smallBusinessBundle: 'BUNDLE-SMALL-BUSINESS',
  caOnlyProduct: 'MR-MAPLE-SUGAR-SHACK',
} as const;

/** Category codes (spec §9 Quick Shop ids for the three top-level categories). */
export const DEMO_CATEGORY_CODES = {
  beverages: 'BV_BDN_DD_KC',
  brewers: 'BR',
  accessoriesAndGiftCards: 'ACC_GC',
  coffee: 'BV_COFFEE',
  tea: 'BV_TEA',
  cocoa: 'BV_COCOA',
  iced: 'BV_ICED',
  bagged: 'BV_BAGGED',
  singleServeBrewers: 'BR_SINGLE_SERVE',
  commercialBrewers: 'BR_COMMERCIAL',
  starterKits: 'BR_STARTER_KITS',
  accessories: 'ACC_ACCESSORIES',
  giftCards: 'ACC_GIFT_CARDS',
} as const;

/**
 * Variant colours used by the demo catalogue, keyed by variantUrlSuffix. A variant's
 * `variantColor` holds the hex value; these names label the swatch in each language.
 */
export const VARIANT_COLORS: Record<string, { code: string; hex: string; en: string; fr: string }> = {
  'matte-black': { code: 'BLK', hex: '#1f1f1f', en: 'Matte Black', fr: 'Noir mat' },
  'cherry-red': { code: 'RED', hex: '#a61e2a', en: 'Cherry Red', fr: 'Rouge cerise' },
  'chalk-white': { code: 'WHT', hex: '#f1efe9', en: 'Chalk White', fr: 'Blanc craie' },
  'harbour-blue': { code: 'BLU', hex: '#2c5d8a', en: 'Harbor Blue', fr: 'Bleu port' },
  'sage-green': { code: 'GRN', hex: '#7f9a7a', en: 'Sage Green', fr: 'Vert sauge' },
  'moonlight-grey': { code: 'GRY', hex: '#8b8f94', en: 'Moonlight Gray', fr: 'Gris lune' },
  copper: { code: 'CPR', hex: '#b8733a', en: 'Copper', fr: 'Cuivre' },
  'midnight-navy': { code: 'NVY', hex: '#1f2b45', en: 'Midnight Navy', fr: 'Bleu nuit' },
  'brushed-silver': { code: 'SLV', hex: '#c0c4c8', en: 'Brushed Silver', fr: 'Argent brossé' },
  'blush-pink': { code: 'PNK', hex: '#e6b7b0', en: 'Blush Pink', fr: 'Rose poudré' },
};

/** The file name of the demo catalogue, in the `data/` folder of the @store/db package. */
export const DEMO_CATALOG_FILE_NAME = 'demo-catalog.json';

/**
 * The root folder of the @store/db package: the nearest folder above this module whose
 * package.json names `@store/db`. Found the same way from `src/seed/` (tsx, tests) and from a
 * compiled `dist/seed/`, so the data files are found after compilation too.
 * @throws Error when no such folder exists
 */
export function dbPackageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === '@store/db') return dir;
    if (dirname(dir) === dir) throw new Error(`@store/db package root not found above ${from}`);
  }
}

/** The absolute path of the demo catalogue data file. */
export function demoCatalogPath(): string {
  return join(dbPackageRoot(), 'data', DEMO_CATALOG_FILE_NAME);
}

let demoCatalog: CatalogFileInput | null = null;

/**
 * Reads a catalogue file (JSON, docs/catalog-format.md) through the importer's parser.
 * @returns the file's catalogue as written (the importer's input type)
 * @throws Error listing each problem as `FILE line N: path: message` when the file is not valid
 */
export function readCatalogFile(path: string): CatalogFileInput {
  const text = readFileSync(path, 'utf8');
  const parsed = parseCatalogJson(text);
  if (!parsed.ok) {
    const problems = parsed.errors.map((e) => `${path} line ${e.line}: ${e.path ? `${e.path}: ` : ''}${e.message}`);
    throw new Error(`invalid catalogue file:\n${problems.join('\n')}`);
  }
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as CatalogFileInput;
}

/**
 * The demo catalogue (issue 2): 13 categories; 140+ beverage products (coffee, tea, cocoa,
 * iced pods in 10/12/22/24/48/72/96 ct; bagged and canned coffee in 12/24/32 oz; usafh-only
 * office packs); 15 brewers with 2–4 colour variants and comparison classifications; 11
 * accessories; a virtual and a physical gift card (25/50/100); 6 bundles and starter kits.
 * Prices are in minor units (USD on usb2c/usafh, CAD ≈ 1.35× on cab2c). French texts follow French
 * typography (narrow no-break spaces, written `\u202f` in the file); English texts use US spelling.
 * Read from {@link demoCatalogPath} once per process; every call answers its own deep copy.
 * @throws Error when the data file is missing or not a valid catalogue
 */
export function buildDemoCatalog(): CatalogFileInput {
  demoCatalog ??= readCatalogFile(demoCatalogPath());
  return structuredClone(demoCatalog);
}
