/**
 * The seeded "frequently bought together" fallback (issue 13; ADR 0032): a small hand-made list of
 * partners per demo product, used on a product page when the site's orders give fewer partners
 * than the block shows. Written as `seed` rows of `product_associations` for every site, keeping
 * only pairs whose two products are sold there.
 */
import type { Executor } from '../connection.ts';
import { listSiteProductCodes, replaceAssociations, type AssociationRow } from '../repositories/associations.ts';
import { SITE_DEFINITIONS } from './sites.ts';

/** Product (base code) → partners, best first. */
export const DEMO_ASSOCIATIONS: Readonly<Record<string, readonly string[]>> = {
  // a brewer: descaler first, then coffee and a mug
  'BH-SOLO': ['ACC-DESCALE', 'BH-SIGNATURE-DARK', 'ACC-MUG', 'BH-CAFE-AU-LAIT'],
  'BH-MINI': ['ACC-DESCALE', 'BH-SIGNATURE-DARK', 'ACC-MUG'],
  'BH-CLASSIC': ['ACC-DESCALE', 'ACC-WATER-FILTER', 'BH-DINER-CLASSIC'],
  'BH-DUO-PLUS': ['ACC-DESCALE', 'BH-CAMPFIRE-DARK', 'ACC-GLASS-MUGS'],
  'BH-CAFE-LATTE': ['ACC-FROTHER', 'BH-CAFE-AU-LAIT', 'ACC-GLASS-MUGS'],
  'BH-OFFICE-PRO': ['ACC-DESCALE', 'NB-EXTRA-BOLD', 'ACC-POD-CAROUSEL'],
  // coffees: a mug and another coffee
  'BH-SIGNATURE-DARK': ['ACC-MUG', 'BH-CAMPFIRE-DARK', 'ACC-POD-DRAWER'],
  'BH-CAFE-AU-LAIT': ['ACC-FROTHER', 'BH-SIGNATURE-DARK', 'ACC-MUG'],
  'BH-CAMPFIRE-DARK': ['BH-SIGNATURE-DARK', 'ACC-MUG', 'ACC-POD-CAROUSEL'],
  LASTUNIT: ['BH-SIGNATURE-DARK', 'ACC-MUG', 'BH-ETHIOPIAN-HIGHLANDS'],
  'MR-MAPLE-SUGAR-SHACK': ['MR-HOUSE-BLEND', 'ACC-MUG', 'BH-SIGNATURE-DARK'],
  'TW-EARL-GREY': ['TW-CHAMOMILE', 'ACC-GLASS-MUGS', 'TW-JASMINE-GREEN'],
  // accessories
  'ACC-MUG': ['BH-SIGNATURE-DARK', 'ACC-TUMBLER', 'ACC-POD-DRAWER'],
  'ACC-DESCALE': ['ACC-WATER-FILTER', 'ACC-CLEANING-PODS', 'BH-SIGNATURE-DARK'],
};

/**
 * Replaces the `seed` rows of a site by {@link DEMO_ASSOCIATIONS} (pairs of products sold there).
 * Run inside a transaction. @returns the rows written
 */
export async function writeSeedAssociations(trx: Executor, site: string, now: string): Promise<number> {
  const sold = await listSiteProductCodes(trx, site);
  const rows: AssociationRow[] = [];
  for (const [product, partners] of Object.entries(DEMO_ASSOCIATIONS)) {
    if (!sold.has(product)) continue;
    let rank = 0;
    for (const partner of partners) {
      if (partner === product || !sold.has(partner)) continue;
      rows.push({ productCode: product, partnerCode: partner, score: 0, rank: rank++ });
    }
  }
  return replaceAssociations(trx, site, 'seed', rows, now);
}

/** Writes the seeded fallback of every site (each in the caller's executor). */
export async function seedAssociations(db: Executor, now: string = new Date().toISOString()): Promise<void> {
  for (const uid of Object.keys(SITE_DEFINITIONS)) await writeSeedAssociations(db, uid, now);
}
