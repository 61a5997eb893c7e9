/**
 * What the gift cards applied to a cart pay (issue 4; ADR 0010 "Gift cards"): the allocation over
 * the cards and the gift-card fields of the cart answer. Money in integer minor units.
 *
 * What cards pay: the cart total minus the gift-card products of the cart (gift cards never buy
 * gift cards), split over the cards in the order they were applied (@store/domain
 * `allocateGiftCards`). A card of another site/currency, expired or disabled pays 0 on the cart.
 *
 * Split from gift-cards.ts so that cart-view.ts (the cart answer) needs nothing of the gift-card
 * calls, which themselves build on the cart answer (issue 11 item 8: no import cycle).
 */
import type { Cart, PriceData } from '@store/contracts';
import type { AppliedCartGiftCard, CartLine, CartRow, Executor, GiftCardRow } from '@store/db';
import { listCartGiftCards } from '@store/db';
import { allocateGiftCards, maskGiftCardCode } from '@store/domain';
import { unitPriceOf } from './cart-lines.ts';

/** Product type of gift-card products (virtual and physical). */
export const GIFT_CARD_PRODUCT_TYPE = 'GiftCard';

/** A line of a cart or an order as the gift-card rules see it. */
export interface GiftCardPricedLine {
  productType: string;
  /** line total, minor units */
  totalMinor: number;
}

/** Σ of the gift-card products among `lines` (what gift cards may not pay). */
export function giftCardGoodsMinor(lines: readonly GiftCardPricedLine[]): number {
  return lines.reduce((sum, l) => (l.productType === GIFT_CARD_PRODUCT_TYPE ? sum + l.totalMinor : sum), 0);
}

/** Why a card cannot pay on a cart right now, or null when it can. */
export function unusableReason(card: GiftCardRow, site: string, currency: string, now: Date): 'giftCardCurrency' | 'giftCardExpired' | 'giftCardNotFound' | null {
  if (card.status !== 'active') return 'giftCardNotFound';
  if (card.base_site !== site || card.currency !== currency) return 'giftCardCurrency';
  if (card.expires_at !== null && card.expires_at <= now.toISOString()) return 'giftCardExpired';
  return null;
}

/** One applied card with what it pays. */
export interface AllocatedCard {
  applied: AppliedCartGiftCard;
  /** minor units */
  appliedMinor: number;
}

/** What the gift cards of a cart pay. */
export interface CartGiftCardAllocation {
  cards: AllocatedCard[];
  /** Σ applied, minor units */
  redeemedMinor: number;
  /** total − redeemed, minor units */
  amountToPayMinor: number;
}

/** Splits what the cards may pay (total − gift-card products) over the applied cards. */
export function allocate(applied: readonly AppliedCartGiftCard[], site: string, currency: string, lines: readonly GiftCardPricedLine[], totalMinor: number, now: Date): CartGiftCardAllocation {
  const payable = Math.max(0, totalMinor - giftCardGoodsMinor(lines));
  const allocation = allocateGiftCards(
    payable,
    applied.map((a) => ({
      giftCardId: a.card.id,
      balanceMinor: unusableReason(a.card, site, currency, now) === null ? Math.max(0, Number(a.card.balance_minor)) : 0,
      requestedMinor: a.requestedMinor,
    })),
  );
  const cards = applied.map((a, i) => ({ applied: a, appliedMinor: allocation[i]?.appliedMinor ?? 0 }));
  const redeemedMinor = cards.reduce((s, c) => s + c.appliedMinor, 0);
  return { cards, redeemedMinor, amountToPayMinor: totalMinor - redeemedMinor };
}

/**
 * What the gift cards applied to a cart pay on its current total.
 * @param lines the cart lines with their totals (gift-card products are not payable by cards)
 * @param known the cards applied to the cart when the caller read them already (not read again)
 */
export async function allocateCartGiftCards(
  db: Executor,
  cart: CartRow,
  lines: readonly GiftCardPricedLine[],
  totalMinor: number,
  now: Date,
  known?: readonly AppliedCartGiftCard[],
): Promise<CartGiftCardAllocation> {
  const applied = known ?? (await listCartGiftCards(db, cart.guid));
  if (applied.length === 0) return { cards: [], redeemedMinor: 0, amountToPayMinor: totalMinor };
  return allocate(applied, cart.base_site, cart.currency, lines, totalMinor, now);
}

/** Cart lines as the gift-card rules see them (line total at the charged unit price). */
export function pricedCartLines(lines: readonly CartLine[], units?: ReadonlyMap<number, { priceMinor: number }>): GiftCardPricedLine[] {
  return lines.map((l) => ({ productType: l.productType, totalMinor: (units?.get(l.entryNumber)?.priceMinor ?? unitPriceOf(l).priceMinor) * l.qty }));
}

/**
 * The gift-card fields of the cart answer: `appliedGiftCards` (masked code, balance, requested and
 * applied amounts), `redeemedGCvalue` (Σ applied) and `amountToPay` (total − redeemed).
 * @param money formats minor units in the cart's currency and locale
 */
export async function cartGiftCardFields(
  db: Executor,
  cart: CartRow,
  lines: readonly GiftCardPricedLine[],
  totalMinor: number,
  now: Date,
  money: (minor: number) => PriceData,
  known?: readonly AppliedCartGiftCard[],
): Promise<Pick<Cart, 'appliedGiftCards' | 'redeemedGCvalue' | 'amountToPay'>> {
  const a = await allocateCartGiftCards(db, cart, lines, totalMinor, now, known);
  return {
    appliedGiftCards: a.cards.map((c) => ({
      giftCardId: c.applied.card.id,
      maskedCode: maskGiftCardCode(c.applied.card.last4),
      balance: money(Number(c.applied.card.balance_minor)),
      requestedAmount: c.applied.requestedMinor === null ? null : money(c.applied.requestedMinor),
      appliedAmount: money(c.appliedMinor),
    })),
    redeemedGCvalue: money(a.redeemedMinor),
    amountToPay: money(a.amountToPayMinor),
  };
}
