/**
 * Demo data of the store: the catalogue, the content, the generated images, and `seedDatabase`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { importCatalog, type ImportOptions, type ImportSummary } from '../import/import.ts';
import { buildDemoCatalog } from './catalog.ts';
import { seedContent } from './content.ts';
import { seedGiftCards } from './gift-cards.ts';
import { seedPromotions } from './promotions.ts';
import { seedCampaigns } from './campaigns.ts';
import { seedAssociations } from './associations.ts';
import { seedDemoCustomer } from './demo-customer.ts';
import { seedQuizzes } from './quiz.ts';

export { buildDemoCatalog, DEMO_CODES, DEMO_CATEGORY_CODES, VARIANT_COLORS, demoCatalogPath, readCatalogFile } from './catalog.ts';
export { buildSyntheticCatalog } from './synthetic.ts';
export { demoContent, seedContent, SITE_SETTINGS } from './content.ts';
export { SITE_DEFINITIONS } from './sites.ts';
export { DEMO_GIFT_CARDS, seedGiftCards, type DemoGiftCard } from './gift-cards.ts';
export { DEMO_CAMPAIGNS, seedCampaigns } from './campaigns.ts';
export { DEMO_ASSOCIATIONS, seedAssociations, writeSeedAssociations } from './associations.ts';
export { DEMO_CUSTOMER, seedDemoCustomer } from './demo-customer.ts';
export { DEMO_QUIZZES, POD_QUIZ, seedQuizzes } from './quiz.ts';
export { BMSM_DRINKWARE, DISCOUNT_MESSAGE_SETTINGS, EMPLOYEE_DISCOUNT_BPS, PROMOTED_PRODUCT, demoPromotions, seedPromotions } from './promotions.ts';
export { productSvg, brandLogoSvg, brewerForm, accessoryKind, escapeXml, type BrewerForm, type ProductSvgInput, type SvgBundleItem } from './svg.ts';

/**
 * Seed the demo store: base sites, site configuration and CMS content (`seedContent`), then the
 * demo catalogue (`importCatalog(buildDemoCatalog())`: packages/db/data/demo-catalog.json read
 * through the importer), each in its own transaction. Idempotent:
 * running it again replaces the demo content and products. Does not create OAuth clients.
 * `opts.onProgress` reports catalogue progress (products done, total).
 */
export async function seedDatabase(db: Kysely<Database>, opts: ImportOptions = {}): Promise<ImportSummary> {
  await seedContent(db);
  await seedGiftCards(db);
  await seedPromotions(db);
  await seedCampaigns(db);
  await seedQuizzes(db);
  const summary = await importCatalog(db, buildDemoCatalog(), opts);
  await seedDemoCustomer(db);
  // issue 13 (ADR 0032): the frequently-bought-together fallback, once the products exist
  await seedAssociations(db);
  return summary;
}
