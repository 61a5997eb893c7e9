/**
 * Demo gift cards with known codes (issue 4; ADR 0010), for trying the gift-card calls and the
 * checkout by hand and in end-to-end tests. Codes are stored only as hashes, like real cards; the
 * plain codes live here because they are demo data.
 *
 * | code                | site  | value  | note                        |
 * |---------------------|-------|--------|-----------------------------|
 * | BREW-USAA-GFTC-5555 | usb2c | $50.00 | USD                          |
 * | BREW-CANA-GFTC-5555 | cab2c | $50.00 | CAD                          |
 * | BREW-USAA-GFTC-2222 | usb2c | $10.00 | USD                          |
 * | BREW-USAA-GFTC-3333 | usb2c | $0.00  | empty (`giftCardEmpty`)      |
 * | BREW-USAA-GFTC-4444 | usb2c | $25.00 | expired (`giftCardExpired`)  |
 *
 * Idempotent: a card whose code already exists is left as it is (its balance may have been used).
 */
import type { Kysely } from 'kysely';
import { normalizeGiftCardCode } from '@store/domain';
import { findGiftCardByCode, insertGiftCard } from '../repositories/gift-cards.ts';
import type { Database } from '../schema.ts';

/** One demo card. */
export interface DemoGiftCard {
  id: string;
  /** as printed (groups of 4) */
  code: string;
  baseSite: string;
  currency: string;
  amountMinor: number;
  /** ISO-8601 UTC, or null */
  expiresAt: string | null;
}

/** The demo cards (see module comment). */
export const DEMO_GIFT_CARDS: readonly DemoGiftCard[] = [
  { id: 'demo-gc-usd-50', code: 'BREW-USAA-GFTC-5555', baseSite: 'usb2c', currency: 'USD', amountMinor: 5000, expiresAt: null },
  { id: 'demo-gc-cad-50', code: 'BREW-CANA-GFTC-5555', baseSite: 'cab2c', currency: 'CAD', amountMinor: 5000, expiresAt: null },
  { id: 'demo-gc-usd-10', code: 'BREW-USAA-GFTC-2222', baseSite: 'usb2c', currency: 'USD', amountMinor: 1000, expiresAt: null },
  { id: 'demo-gc-usd-empty', code: 'BREW-USAA-GFTC-3333', baseSite: 'usb2c', currency: 'USD', amountMinor: 0, expiresAt: null },
  { id: 'demo-gc-usd-expired', code: 'BREW-USAA-GFTC-4444', baseSite: 'usb2c', currency: 'USD', amountMinor: 2500, expiresAt: '2024-12-31T23:59:59.000Z' },
];

/**
 * Inserts the demo cards that do not exist yet (each with its `issue` ledger row).
 * @throws Error when a demo code is not a valid gift-card code (a programming error)
 */
export async function seedGiftCards(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  for (const card of DEMO_GIFT_CARDS) {
    const code = normalizeGiftCardCode(card.code);
    if (code === null) throw new Error(`demo gift card code ${card.code} is not valid`);
    if (await findGiftCardByCode(db, code)) continue;
    if (await db.selectFrom('gift_cards').select('id').where('id', '=', card.id).executeTakeFirst()) continue;
    await insertGiftCard(db, { id: card.id, code, baseSite: card.baseSite, currency: card.currency, amountMinor: card.amountMinor, expiresAt: card.expiresAt, now: now.toISOString() });
  }
}
