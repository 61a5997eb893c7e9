/**
 * Demo brewer campaigns (issue 10, ADR 0018; spec §9 campaign codes; business-defaults
 * "Starter-kit brewer offer"): each gives an eligible brewer at a discount in exchange for an
 * auto-delivery commitment of 16 boxes over 12 months, in at least 4 orders of at least 4 boxes,
 * with a card valid 6 more months. Operators change them in the `campaigns` table.
 */
import type { Insertable, Kysely } from 'kysely';
import type { CampaignTable, Database } from '../schema.ts';
import { fixFrenchTypography } from '@store/domain';

const TERMS = { boxes_required: 16, min_orders: 4, min_boxes_per_order: 4, months: 12, card_valid_months: 6, active: 1 };

const CONSUMER_BREWERS = 'BH-SOLO,BH-SLIM,BH-CLASSIC,BH-EXPRESS';
const STARTER_BREWERS = 'BH-MINI,BH-SOLO';

function campaign(row: Omit<Insertable<CampaignTable>, keyof typeof TERMS>): Insertable<CampaignTable> {
  return { ...TERMS, ...row, name_fr: fixFrenchTypography(row.name_fr) };
}

/** The demo campaigns per site. */
export const DEMO_CAMPAIGNS: Insertable<CampaignTable>[] = [
  ...(['usb2c', 'cab2c'] as const).flatMap((site) => [
    campaign({ code: 'FIFTYPERCENTBREWER', base_site: site, name_en: 'Half-price brewer with auto-delivery', name_fr: 'Cafetière à moitié prix avec livraison automatique', brewer_discount_bps: 5000, brewer_codes: CONSUMER_BREWERS }),
    campaign({ code: 'FREEBREWER', base_site: site, name_en: 'Free brewer with auto-delivery', name_fr: 'Cafetière gratuite avec livraison automatique', brewer_discount_bps: 10000, brewer_codes: STARTER_BREWERS }),
    campaign({ code: 'KSKLITE', base_site: site, name_en: 'Starter kit lite', name_fr: 'Trousse de démarrage légère', brewer_discount_bps: 7500, brewer_codes: STARTER_BREWERS }),
    campaign({ code: 'KSKBBAD', base_site: site, name_en: 'Brewer starter kit on auto-delivery', name_fr: 'Trousse de démarrage avec livraison automatique', brewer_discount_bps: 7500, brewer_codes: CONSUMER_BREWERS }),
  ]),
  campaign({ code: 'KSKBBAD', base_site: 'usafh', name_en: 'Office brewer on auto-delivery', name_fr: 'Cafetière de bureau avec livraison automatique', brewer_discount_bps: 5000, brewer_codes: 'BH-OFFICE-PRO,BH-OFFICE-PLUS' }),
];

/** Replaces the campaigns of the demo store (idempotent; joins the caller's transaction, if any). */
export async function seedCampaigns(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('campaigns').execute();
  await db.insertInto('campaigns').values(DEMO_CAMPAIGNS).execute();
}
