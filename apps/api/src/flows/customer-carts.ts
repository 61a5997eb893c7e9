/**
 * Carts of signed-in customers (issue 3): the customer's current cart and the merge of the
 * anonymous cart into it at sign-in.
 *
 * Merge rules (`POST /users/current/carts/merge {anonymousCartGuid}`), all in ONE transaction:
 * - the anonymous cart must be an open cart of this site without owner (else 404 `CartError`
 *   `notFound`, or 409 `cartNotOpen` when it is ordered or already merged); it is closed
 *   (`open → merged`, a conditional update, so two merges of one cart cannot both win);
 * - every line of both carts ends in the customer's current cart (created when none): quantities
 *   of the same product and entry type are added, capped by the stock available now and the
 *   per-line maximum, never below what the customer's line already held; each capped line gives a
 *   message `quantityCapped` (localised, with `quantity` kept and `requested`); a line that cannot
 *   be added at all gives `outOfStock`, `discontinued` or `notSold`.
 */
import type { Cart, CartMergeMessage, CartMergeResponse } from '@store/contracts';
import type { CartRow, Executor } from '@store/db';
import { copyCartCoupons, findCart, findOpenCustomerCart, insertEntry, listEntries, loadCartLines, setEntryQty, touchOpenCart, transitionCartStatus, updateCart, withTransaction } from '@store/db';
import type { BaseSiteId, Lang } from '@store/domain';
import { MAX_QTY_PER_ENTRY } from '@store/domain';
import { computeCart } from './cart-view.ts';
import { cartNotFound, cartNotOpen, newCart, plausibleGuid } from './cart.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { pickLang } from './context.ts';
import { COMMERCE_MESSAGES } from './messages.ts';

/** A customer shopper (non-null id). */
export interface CustomerShopper extends Shopper {
  userId: string;
}

/** The customer's open cart of this site (touched), or a new one, inside a transaction. */
async function currentCartIn(trx: Executor, site: BaseSiteId, shopper: CustomerShopper, lang: Lang, now: string): Promise<CartRow> {
  const cart = await findOpenCustomerCart(trx, site, shopper.userId);
  if (cart && (await touchOpenCart(trx, cart.guid, now))) {
    if (!cart.email && shopper.email) {
      await updateCart(trx, cart.guid, { email: shopper.email }, now);
      return { ...cart, email: shopper.email };
    }
    return cart;
  }
  return newCart(trx, site, lang, now, shopper);
}

/** `GET /users/current/carts/current`: the customer's open cart, created when none. */
export async function getCurrentCart(ctx: CommerceContext, site: BaseSiteId, shopper: CustomerShopper, langParam: unknown): Promise<Cart> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await currentCartIn(trx, site, shopper, pickLang(site, langParam), now);
    return (await computeCart(trx, cart, pickLang(site, langParam, cart.lang), ctx.now())).view;
  });
}

/** `POST /users/current/carts/merge` (see module comment). */
export async function mergeAnonymousCart(ctx: CommerceContext, site: BaseSiteId, shopper: CustomerShopper, anonymousCartGuid: string, langParam: unknown): Promise<CartMergeResponse> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const anon = plausibleGuid(anonymousCartGuid) ? await findCart(trx, anonymousCartGuid) : undefined;
    if (!anon || anon.base_site !== site || anon.user_id !== null) throw cartNotFound(anonymousCartGuid);
    if (!(await transitionCartStatus(trx, anon.guid, 'open', 'merged', now))) throw cartNotOpen((await findCart(trx, anon.guid)) ?? anon);
    const target = await currentCartIn(trx, site, shopper, pickLang(site, langParam, anon.lang), now);
    const lang = pickLang(site, langParam, target.lang);
    const m = COMMERCE_MESSAGES[lang];
    const messages: CartMergeMessage[] = [];
    const existing = await listEntries(trx, target.guid);
    for (const line of await loadCartLines(trx, anon.guid, site)) {
      const mine = existing.find((e) => e.variant_code === line.variantCode && e.entry_type === line.entryType);
      const have = mine ? Number(mine.qty) : 0;
      const requested = have + line.qty;
      const base = { productCode: line.variantCode, requested, entryNumber: mine ? Number(mine.entry_number) : null, quantity: have };
      if (!line.soldOnSite || line.price === null) {
        messages.push({ ...base, reason: 'notSold', message: m.notSold });
        continue;
      }
      if (line.discontinued) {
        messages.push({ ...base, reason: 'discontinued', message: m.discontinued });
        continue;
      }
      const cap = Math.min(MAX_QTY_PER_ENTRY, Math.max(0, line.available));
      const qty = Math.max(have, Math.min(requested, cap));
      if (qty === 0) {
        messages.push({ ...base, reason: 'outOfStock', message: m.outOfStock });
        continue;
      }
      let entryNumber: number;
      if (mine) {
        entryNumber = Number(mine.entry_number);
        if (qty !== have) await setEntryQty(trx, target.guid, entryNumber, qty);
      } else {
        // issue 10: an auto-delivery line keeps its choices (frequency, day, smart inputs, campaign)
        const ad = { frequencyWeeks: line.frequencyWeeks, dayOfMonth: line.dayOfMonth, podsAtHomeQty: line.podsAtHomeQty, cupsPerDay: line.cupsPerDay, campaignCode: line.campaignCode };
        entryNumber = (await insertEntry(trx, { cartGuid: target.guid, variantCode: line.variantCode, entryType: line.entryType, qty, now, ...ad })).entry_number;
      }
      if (qty < requested) messages.push({ ...base, entryNumber, quantity: qty, reason: 'quantityCapped', message: m.quantityCapped(qty, requested) });
    }
    // issue 4: the coupons of the anonymous cart come along (each is checked again when priced)
    await copyCartCoupons(trx, anon.guid, target.guid, now);
    const cart = (await computeCart(trx, target, lang, ctx.now())).view;
    return { cart, messages };
  });
}
