/**
 * Demo promotions, coupons, price lists and the discount message configuration (issue 4;
 * ADR 0010). Idempotent: definitions are upserted (a coupon's `used_count` is kept).
 *
 * Coupons (codes are unique across sites, so each site has its own):
 * - usb2c: WELCOME10 (10 % off the order), SAVE5 ($5 off orders of $30 or more), FREESHIP (free
 *   shipping), BREWER20 (20 % off coffee makers; pageName = the coffee makers category page),
 *   EXPIRED10 (ended in 2024), SPRING15 (starts in 2099), ONCEONLY (15 % off, one use in all),
 *   ONCEPERCUSTOMER ($3 off, once per customer), GIFTMUG (a free mug with orders of $50 or more);
 * - cab2c: BIENVENUE10 (10 %), LIVRAISON (free shipping), CAFETIERE20 (20 % off coffee makers);
 * - usafh: OFFICE10 (10 % off orders of $100 or more), FREESHIP-AFH (free shipping).
 * Automatic promotions (usb2c and cab2c), scoped to accessories that no API or end-to-end test
 * buys, so the totals those tests expect do not move: buy more, save more on drinkware (2+ mugs or
 * tumblers 10 %, 4+ 15 %) and 15 % off the descaling solution.
 * Price list: group EMPLOYEE pays 30 % less than the list price on every beverage, on every site
 * (customers with `is_employee`; spec §6 is{product}Employee).
 * Site configuration: the spec §6 discount message keys.
 */
import type { Kysely } from 'kysely';
import { categoryPath, fixFrenchTypography, SITES, type BaseSiteId } from '@store/domain';
import type { Database } from '../schema.ts';
import { upsertCoupon, upsertPromotion, type CouponInput, type PromotionInput } from '../repositories/promotions.ts';
import { buildDemoCatalog, DEMO_CATEGORY_CODES } from './catalog.ts';

/** Drinkware in the buy-more-save-more promotion. */
export const BMSM_DRINKWARE = ['ACC-MUG', 'ACC-TUMBLER', 'ACC-ICED-TUMBLER', 'ACC-GLASS-MUGS'] as const;
/** The product of the automatic product promotion. */
export const PROMOTED_PRODUCT = 'ACC-DESCALE';
/** Price group of employees and its discount in basis points. */
export const EMPLOYEE_DISCOUNT_BPS = 3000;

/** Settings whose key ends in `.fr` get French typography (issue 9 item 12). */
function frenchSettings(settings: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, k.endsWith('.fr') ? fixFrenchTypography(v) : v]));
}

/** English and French text; the French one with French typography (issue 9 item 12). */
const T = (en: string, fr: string) => ({ en, fr: fixFrenchTypography(fr) });

/** The discount message configuration (spec §6), every site; `*.fr` texts with French typography. */
export const DISCOUNT_MESSAGE_SETTINGS: Record<string, string> = frenchSettings({
  'discountMessage.roles': 'PERKS_MEMBER,BREWHAUS_EMPLOYEE',
  'discountMessage.localStorageFlag': 'isPerksMember',
  'discountMessage.percent': '25',
  'discountMessage.memberText.en': 'As a Brewhaus Perks member, you save on every order.',
  'discountMessage.memberText.fr': 'Comme membre Brewhaus Perks, vous économisez sur chaque commande.',
  'discountMessage.percentText.en': 'Join Brewhaus Perks and save {percent}% on your next order.',
  'discountMessage.percentText.fr': 'Adhérez à Brewhaus Perks et économisez {percent} % sur votre prochaine commande.',
});

/** Promotions and coupons of the demo store. */
export function demoPromotions(giftVariantCode: string): { promotions: PromotionInput[]; coupons: CouponInput[] } {
  const promotions: PromotionInput[] = [];
  const coupons: CouponInput[] = [];
  const brewers = DEMO_CATEGORY_CODES.brewers;
  const coupon = (site: BaseSiteId, code: string, promo: Omit<PromotionInput, 'code' | 'baseSite' | 'requiresCoupon'>, c: Partial<CouponInput> = {}) => {
    const promotionCode = `${site.toUpperCase()}-${code}`;
    promotions.push({ ...promo, code: promotionCode, baseSite: site, requiresCoupon: true });
    coupons.push({ code, baseSite: site, promotionCode, name: c.name ?? promo.name, ...c });
  };
  const pct = (bps: number) => T(`${bps / 100}% off your order`, `${bps / 100} % de rabais sur votre commande`);
  const freeShipping = T('Free shipping', 'Livraison gratuite');
  const brewersOff = T('20% off coffee makers', '20 % de rabais sur les cafetières');

  // usb2c
  coupon('usb2c', 'WELCOME10', { kind: 'orderPercent', name: pct(1000), params: { percentBps: 1000 }, priority: 10 }, { name: T('Welcome offer: 10% off', 'Offre de bienvenue : 10 % de rabais') });
  coupon('usb2c', 'SAVE5', { kind: 'orderFixed', name: T('$5 off orders of $30 or more', '5 $ de rabais sur les commandes de 30 $ ou plus'), params: { amountMinor: 500, minSubtotalMinor: 3000 }, priority: 10 });
  coupon('usb2c', 'FREESHIP', { kind: 'freeShipping', name: freeShipping, params: {}, priority: 5 });
  coupon('usb2c', 'BREWER20', { kind: 'categoryPercent', name: brewersOff, params: { percentBps: 2000, categoryCodes: [brewers] }, priority: 20 }, { pageName: categoryPath('coffee-makers', brewers, 'en') });
  coupon('usb2c', 'EXPIRED10', { kind: 'orderPercent', name: pct(1000), params: { percentBps: 1000 } }, { startsAt: '2024-01-01T00:00:00.000Z', endsAt: '2024-12-31T00:00:00.000Z' });
  coupon('usb2c', 'SPRING15', { kind: 'orderPercent', name: pct(1500), params: { percentBps: 1500 } }, { startsAt: '2099-03-20T00:00:00.000Z' });
  coupon('usb2c', 'ONCEONLY', { kind: 'orderPercent', name: pct(1500), params: { percentBps: 1500 } }, { maxUses: 1, name: T('One-time offer: 15% off', 'Offre unique : 15 % de rabais') });
  coupon('usb2c', 'ONCEPERCUSTOMER', { kind: 'orderFixed', name: T('$3 off your order', '3 $ de rabais sur votre commande'), params: { amountMinor: 300 } }, { maxUsesPerCustomer: 1 });
  coupon('usb2c', 'GIFTMUG', { kind: 'freeGift', name: T('A free mug with orders of $50 or more', 'Une tasse gratuite à l’achat de 50 $ ou plus'), params: { giftVariantCode, minSubtotalMinor: 5000 } });
  // cab2c
  coupon('cab2c', 'BIENVENUE10', { kind: 'orderPercent', name: pct(1000), params: { percentBps: 1000 }, priority: 10 }, { name: T('Welcome offer: 10% off', 'Offre de bienvenue : 10 % de rabais') });
  coupon('cab2c', 'LIVRAISON', { kind: 'freeShipping', name: freeShipping, params: {}, priority: 5 });
  coupon('cab2c', 'CAFETIERE20', { kind: 'categoryPercent', name: brewersOff, params: { percentBps: 2000, categoryCodes: [brewers] }, priority: 20 }, { pageName: categoryPath('cafetieres', brewers, 'fr') });
  // usafh
  coupon('usafh', 'OFFICE10', { kind: 'orderPercent', name: T('10% off office orders of $100 or more', '10 % de rabais sur les commandes de bureau de 100 $ ou plus'), params: { percentBps: 1000, minSubtotalMinor: 10000 }, priority: 10 });
  coupon('usafh', 'FREESHIP-AFH', { kind: 'freeShipping', name: freeShipping, params: {}, priority: 5 });

  // automatic promotions, on accessories no test buys
  for (const site of ['usb2c', 'cab2c'] as const) {
    const prefix = site.toUpperCase();
    promotions.push({
      code: `${prefix}-AUTO-BMSM-DRINKWARE`,
      baseSite: site,
      kind: 'bmsm',
      name: T('Buy more, save more on mugs and tumblers', 'Plus vous en prenez, plus vous économisez sur les tasses et gobelets'),
      params: { productCodes: [...BMSM_DRINKWARE], tiers: [{ minQty: 2, percentBps: 1000 }, { minQty: 4, percentBps: 1500 }] },
      priority: 30,
    });
    promotions.push({
      code: `${prefix}-AUTO-DESCALE15`,
      baseSite: site,
      kind: 'productPercent',
      name: T('15% off descaling solution', '15 % de rabais sur la solution détartrante'),
      params: { productCodes: [PROMOTED_PRODUCT], percentBps: 1500 },
      priority: 30,
    });
  }
  return { promotions, coupons };
}

/** Half-up `amount × (1 − bps / 10000)`, integer minor units. */
function lessBps(amountMinor: number, bps: number): number {
  return Math.floor((amountMinor * (10_000 - bps) + 5_000) / 10_000);
}

/**
 * Seeds the promotions, coupons, EMPLOYEE price list and discount-message configuration (see
 * module comment). Run after the catalogue and the site configuration.
 */
export async function seedPromotions(db: Kysely<Database>): Promise<void> {
  const catalog = buildDemoCatalog();
  const mug = catalog.products.find((p) => p.code === 'ACC-MUG');
  const gift = mug?.variants.find((v) => v.isDefault) ?? mug?.variants[0];
  if (!gift) throw new Error('seedPromotions: the demo catalogue has no ACC-MUG variant');
  const { promotions, coupons } = demoPromotions(gift.code);
  for (const p of promotions) await upsertPromotion(db, p);
  for (const c of coupons) await upsertCoupon(db, c);

  const rows: Array<{ base_site: string; group_code: string; variant_code: string; currency: string; price_minor: number }> = [];
  for (const p of catalog.products) {
    if (!p.categories.includes(DEMO_CATEGORY_CODES.beverages) || p.productType === 'GiftCard') continue;
    for (const v of p.variants) {
      for (const price of v.prices) {
        const site = price.baseSite as BaseSiteId;
        if (!SITES[site]) continue;
        rows.push({ base_site: site, group_code: 'EMPLOYEE', variant_code: v.code, currency: SITES[site].currency, price_minor: lessBps(price.price, EMPLOYEE_DISCOUNT_BPS) });
      }
    }
  }
  // replace the demo group's rows in a few multi-row statements
  await db.deleteFrom('price_lists').where('group_code', '=', 'EMPLOYEE').execute();
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('price_lists').values(rows.slice(i, i + 200)).execute();

  for (const site of Object.keys(SITES)) {
    for (const [key, value] of Object.entries(DISCOUNT_MESSAGE_SETTINGS)) {
      await db
        .insertInto('site_config')
        .values({ base_site: site, key, value })
        .onConflict((oc) => oc.columns(['base_site', 'key']).doUpdateSet({ value }))
        .execute();
    }
  }
}
