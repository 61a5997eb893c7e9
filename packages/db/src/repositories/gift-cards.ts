/**
 * Gift cards, their balance ledger, the cards applied to carts and what each card pays on an
 * order (issue 4; ADR 0010 "Gift cards"; migration 0004). Money in integer minor units.
 *
 * - A code is never stored: only `code_hash` (SHA-256 hex of the normalised code, see
 *   {@link hashGiftCardCode}) and its last 4 characters for display.
 * - The balance changes only through conditional updates ({@link tryDebitGiftCard}: `balance_minor
 *   >= n AND status = 'active'`; {@link creditGiftCard}) and every change writes a ledger row in
 *   the same transaction: `issue` (+), `hold` (−), `release` (+), `redeem` (0, a hold became
 *   final), `refund` (+). Ledger amounts are stored ≥ 0; the kind gives the sign, so
 *   Σ signed ledger = balance ({@link giftCardLedgerSum}).
 * - `order_gift_cards` rows move `held → redeemed | released`, `redeemed → refunded`, each with a
 *   conditional update ({@link transitionOrderGiftCard}) so that a release or a refund happens once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ledgerBalance, type GiftCardLedgerEntryKind } from '@store/domain';
import type { CartGiftCardTable, Database, GiftCardLedgerTable, GiftCardTable, OrderGiftCardTable } from '../schema.ts';

/** A gift card row. */
export type GiftCardRow = GiftCardTable;
/** A ledger row. */
export type GiftCardLedgerRow = GiftCardLedgerTable;
/** A card applied to a cart (row). */
export type CartGiftCardRow = CartGiftCardTable;
/** What a card pays on an order (row). */
export type OrderGiftCardRow = OrderGiftCardTable;

/** Ledger kinds (@store/domain `GiftCardLedgerEntryKind`). */
export type GiftCardLedgerKind = GiftCardLedgerEntryKind;
/** States of an order's gift-card payment. */
export type OrderGiftCardStatus = 'held' | 'redeemed' | 'released' | 'refunded';

/** SHA-256 (hex) of a normalised gift-card code: the only form a code is stored in. */
export function hashGiftCardCode(normalizedCode: string): string {
  return createHash('sha256').update(normalizedCode, 'utf8').digest('hex');
}

/** Input of {@link insertGiftCard}. */
export interface NewGiftCard {
  /** the normalised code (upper-case, no separators); only its hash and last 4 are kept */
  code: string;
  baseSite: string;
  currency: string;
  /** minor units, > 0 */
  amountMinor: number;
  issuedOrderCode?: string | null;
  recipientEmail?: string | null;
  /** ISO-8601 UTC, or null: never expires */
  expiresAt?: string | null;
  /** ISO-8601 UTC */
  now: string;
  /** default: a random UUID */
  id?: string;
}

/**
 * Creates a card with its `issue` ledger row (call inside a transaction). A card of 0 is allowed
 * (an "empty" demo card: no ledger row then).
 * @returns the new row
 * @throws RangeError for a negative or non-integer amount; the unique index on `code_hash` rejects a duplicate code
 */
export async function insertGiftCard(db: Kysely<Database>, card: NewGiftCard): Promise<GiftCardRow> {
  if (!Number.isSafeInteger(card.amountMinor) || card.amountMinor < 0) throw new RangeError(`amountMinor must be a non-negative integer, got ${card.amountMinor}`);
  const row: GiftCardRow = {
    id: card.id ?? randomUUID(),
    code_hash: hashGiftCardCode(card.code),
    last4: card.code.slice(-4),
    base_site: card.baseSite,
    currency: card.currency,
    initial_minor: card.amountMinor,
    balance_minor: card.amountMinor,
    status: 'active',
    issued_order_code: card.issuedOrderCode ?? null,
    recipient_email: card.recipientEmail ?? null,
    expires_at: card.expiresAt ?? null,
    created_at: card.now,
  };
  await db.insertInto('gift_cards').values(row).execute();
  if (card.amountMinor > 0) await insertGiftCardLedger(db, { giftCardId: row.id, kind: 'issue', amountMinor: card.amountMinor, orderCode: card.issuedOrderCode ?? null, now: card.now });
  return row;
}

/** The card whose normalised code is `normalizedCode`, or undefined. */
export async function findGiftCardByCode(db: Kysely<Database>, normalizedCode: string): Promise<GiftCardRow | undefined> {
  return db.selectFrom('gift_cards').selectAll().where('code_hash', '=', hashGiftCardCode(normalizedCode)).executeTakeFirst();
}

/** The card with this id, or undefined. */
export async function findGiftCard(db: Kysely<Database>, id: string): Promise<GiftCardRow | undefined> {
  return db.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Cards issued by an order (virtual gift-card products). */
export async function listGiftCardsIssuedBy(db: Kysely<Database>, orderCode: string): Promise<GiftCardRow[]> {
  return db.selectFrom('gift_cards').selectAll().where('issued_order_code', '=', orderCode).orderBy('created_at').orderBy('id').execute();
}

/**
 * Takes `amountMinor` from an active card's balance if at least that much is left, atomically
 * (`UPDATE ... WHERE balance_minor >= n AND status = 'active'`).
 * @returns true when taken, false when the balance was too low or the card not active (nothing changed)
 */
export async function tryDebitGiftCard(db: Kysely<Database>, id: string, amountMinor: number): Promise<boolean> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new RangeError(`amountMinor must be a positive integer, got ${amountMinor}`);
  const r = await db
    .updateTable('gift_cards')
    .set((eb) => ({ balance_minor: eb('balance_minor', '-', amountMinor) }))
    .where('id', '=', id)
    .where('balance_minor', '>=', amountMinor)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Gives `amountMinor` back to a card's balance (release, refund). */
export async function creditGiftCard(db: Kysely<Database>, id: string, amountMinor: number): Promise<void> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new RangeError(`amountMinor must be a positive integer, got ${amountMinor}`);
  await db
    .updateTable('gift_cards')
    .set((eb) => ({ balance_minor: eb('balance_minor', '+', amountMinor) }))
    .where('id', '=', id)
    .execute();
}

/** Input of {@link insertGiftCardLedger}. */
export interface NewLedgerRow {
  giftCardId: string;
  kind: GiftCardLedgerKind;
  /** minor units, ≥ 0 (the kind gives the sign) */
  amountMinor: number;
  orderCode?: string | null;
  cartGuid?: string | null;
  /** ISO-8601 UTC */
  now: string;
}

/** Writes one ledger row. */
export async function insertGiftCardLedger(db: Kysely<Database>, row: NewLedgerRow): Promise<void> {
  await db
    .insertInto('gift_card_ledger')
    .values({ id: randomUUID(), gift_card_id: row.giftCardId, kind: row.kind, amount_minor: row.amountMinor, order_code: row.orderCode ?? null, cart_guid: row.cartGuid ?? null, created_at: row.now })
    .execute();
}

/** The ledger of a card, oldest first. */
export async function listGiftCardLedger(db: Kysely<Database>, giftCardId: string): Promise<GiftCardLedgerRow[]> {
  return db.selectFrom('gift_card_ledger').selectAll().where('gift_card_id', '=', giftCardId).orderBy('created_at').orderBy('id').execute();
}

/** Σ signed ledger of a card (@store/domain `ledgerBalance`); equals its balance. */
export async function giftCardLedgerSum(db: Kysely<Database>, giftCardId: string): Promise<number> {
  const rows = await db.selectFrom('gift_card_ledger').select(['kind', 'amount_minor']).where('gift_card_id', '=', giftCardId).execute();
  return ledgerBalance(rows.map((r) => ({ kind: r.kind as GiftCardLedgerKind, amountMinor: Number(r.amount_minor) })));
}

/** A card applied to a cart, with the card's data. */
export interface AppliedCartGiftCard {
  card: GiftCardRow;
  /** null: as much as needed */
  requestedMinor: number | null;
  appliedAt: string;
}

/** The cards applied to a cart, in the order they were applied. */
export async function listCartGiftCards(db: Kysely<Database>, cartGuid: string): Promise<AppliedCartGiftCard[]> {
  const rows = await db
    .selectFrom('cart_gift_cards as c')
    .innerJoin('gift_cards as g', 'g.id', 'c.gift_card_id')
    .selectAll('g')
    .select(['c.requested_minor', 'c.applied_at'])
    .where('c.cart_guid', '=', cartGuid)
    .orderBy('c.applied_at')
    .orderBy('g.id')
    .execute();
  return rows.map(({ requested_minor, applied_at, ...card }) => ({
    card: { ...card, initial_minor: Number(card.initial_minor), balance_minor: Number(card.balance_minor) },
    requestedMinor: requested_minor === null ? null : Number(requested_minor),
    appliedAt: applied_at,
  }));
}

/** How many cards a cart holds. */
export async function countCartGiftCards(db: Kysely<Database>, cartGuid: string): Promise<number> {
  const r = await db.selectFrom('cart_gift_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('cart_guid', '=', cartGuid).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Applies a card to a cart (as much as needed). @returns false when it was already applied (nothing changed) */
export async function addCartGiftCard(db: Kysely<Database>, cartGuid: string, giftCardId: string, now: string): Promise<boolean> {
  const r = await db
    .insertInto('cart_gift_cards')
    .values({ cart_guid: cartGuid, gift_card_id: giftCardId, requested_minor: null, applied_at: now })
    .onConflict((oc) => oc.columns(['cart_guid', 'gift_card_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Sets the amount to use of a card applied to a cart (null: as much as needed). @returns false when the card is not on the cart */
export async function setCartGiftCardAmount(db: Kysely<Database>, cartGuid: string, giftCardId: string, requestedMinor: number | null): Promise<boolean> {
  const r = await db.updateTable('cart_gift_cards').set({ requested_minor: requestedMinor }).where('cart_guid', '=', cartGuid).where('gift_card_id', '=', giftCardId).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Removes a card from a cart. @returns false when it was not on the cart */
export async function removeCartGiftCard(db: Kysely<Database>, cartGuid: string, giftCardId: string): Promise<boolean> {
  const r = await db.deleteFrom('cart_gift_cards').where('cart_guid', '=', cartGuid).where('gift_card_id', '=', giftCardId).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** Records what a card pays on an order. */
export async function insertOrderGiftCard(db: Kysely<Database>, row: OrderGiftCardRow): Promise<void> {
  await db.insertInto('order_gift_cards').values(row).execute();
}

/** What each card pays on an order, with the card's last 4 (display). */
export async function listOrderGiftCards(db: Kysely<Database>, orderCode: string): Promise<Array<OrderGiftCardRow & { last4: string }>> {
  const rows = await db
    .selectFrom('order_gift_cards as o')
    .innerJoin('gift_cards as g', 'g.id', 'o.gift_card_id')
    .select(['o.order_code', 'o.gift_card_id', 'o.amount_minor', 'o.status', 'g.last4'])
    .where('o.order_code', '=', orderCode)
    .orderBy('o.gift_card_id')
    .execute();
  return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
}

/** Moves one order's card payment from `from` to `to`. @returns true when it changed (once) */
export async function transitionOrderGiftCard(db: Kysely<Database>, orderCode: string, giftCardId: string, from: OrderGiftCardStatus, to: OrderGiftCardStatus): Promise<boolean> {
  const r = await db
    .updateTable('order_gift_cards')
    .set({ status: to })
    .where('order_code', '=', orderCode)
    .where('gift_card_id', '=', giftCardId)
    .where('status', '=', from)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
