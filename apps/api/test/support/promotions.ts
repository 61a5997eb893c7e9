/**
 * Fixtures of the promotion and coupon API tests (issue 4): coupons made for one test, a cart
 * taken through checkout with coupons applied, and small readers of coupon counters.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInput, CommerceCalls } from '@store/contracts';
import { upsertCoupon, upsertPromotion, type CouponInput, type DbHandle, type PromotionInput } from '@store/db';
import { ADDRESSES, type PreparedCheckout } from './commerce.ts';

/** A coupon code no other test uses. */
export function uniqueCode(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;
}

/**
 * Creates a coupon and its promotion on a site (default: 10 % off the order, usb2c). Answers the
 * coupon code.
 */
export async function createCoupon(
  dbh: DbHandle,
  opts: { code?: string; site?: string; promotion?: Partial<Omit<PromotionInput, 'code' | 'baseSite'>>; coupon?: Partial<Omit<CouponInput, 'code' | 'baseSite' | 'promotionCode'>> } = {},
): Promise<string> {
  const code = opts.code ?? uniqueCode('TEST');
  const site = opts.site ?? 'usb2c';
  const promotionCode = `P-${code}`;
  await upsertPromotion(dbh.db, {
    code: promotionCode,
    baseSite: site,
    kind: 'orderPercent',
    name: { en: '10% off your order', fr: '10 % de rabais sur votre commande' },
    params: { percentBps: 1000 },
    requiresCoupon: true,
    ...opts.promotion,
  });
  await upsertCoupon(dbh.db, { code, baseSite: site, promotionCode, name: { en: `Coupon ${code}`, fr: `Coupon ${code} (fr)` }, ...opts.coupon });
  return code;
}

/** Options of {@link prepareWithCoupons}. */
export interface PrepareWithCouponsOptions {
  site?: string;
  products?: Array<{ code: string; qty?: number }>;
  coupons?: string[];
  email?: string;
  address?: AddressInput;
}

/** Fills a cart, applies coupons, then completes every checkout step (intent last). */
export async function prepareWithCoupons(api: CommerceCalls, opts: PrepareWithCouponsOptions = {}): Promise<PreparedCheckout> {
  const site = opts.site ?? 'usb2c';
  let cartGuid: string | undefined;
  for (const p of opts.products ?? [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }]) {
    cartGuid = (await api.addToCart(site, { productCode: p.code, qty: p.qty ?? 1, ...(cartGuid ? { cartGuid } : {}) })).cartGuid;
  }
  if (!cartGuid) throw new Error('no product added');
  const email = opts.email ?? `shopper-${randomUUID().slice(0, 8)}@example.com`;
  await api.setEmail(site, cartGuid, email);
  for (const c of opts.coupons ?? []) await api.applyCoupon(site, cartGuid, c);
  await api.setDeliveryAddress(site, cartGuid, opts.address ?? (site === 'cab2c' ? ADDRESSES.QC : ADDRESSES.OR));
  await api.setDeliveryMode(site, cartGuid, 'standard');
  await api.setBillingAddress(site, cartGuid, { sameAsShipping: true });
  const intent = await api.createPaymentIntent(site, cartGuid);
  return { site, cartGuid, paymentIntentId: intent.paymentIntentId, email };
}

/** `used_count` of a coupon. */
export async function usedCount(dbh: DbHandle, code: string): Promise<number> {
  const r = await dbh.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(r.used_count);
}

/** Redemption rows of a coupon. */
export async function redemptions(dbh: DbHandle, code: string): Promise<Array<{ order_code: string; customer_key: string }>> {
  return dbh.db.selectFrom('coupon_redemptions').select(['order_code', 'customer_key']).where('coupon_code', '=', code).execute();
}

/** Per-customer use count of a coupon (0 when none). */
export async function customerUses(dbh: DbHandle, code: string, key: string): Promise<number> {
  const r = await dbh.db.selectFrom('coupon_customer_uses').select('uses').where('coupon_code', '=', code).where('customer_key', '=', key).executeTakeFirst();
  return r ? Number(r.uses) : 0;
}
