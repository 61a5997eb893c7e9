/**
 * Mailing-list subscriptions and notify-me requests (issue 12; migration 0009, ADR 0029).
 *
 * Every state change is one conditional statement, safe across connections and processes:
 * - a subscription row is created with `INSERT ... ON CONFLICT DO NOTHING` (unique site + email);
 * - a confirmation email is granted by {@link grantConfirmationEmail} only when none was sent in
 *   the last hour (`UPDATE ... WHERE confirm_sent_at IS NULL OR confirm_sent_at <= cutoff`), so two
 *   concurrent sign-ups of one address send one email;
 * - a confirmation token is used by {@link confirmSubscription} (`UPDATE ... WHERE
 *   confirm_token_hash = ? AND expires > now`, the hash cleared): single use;
 * - a notify-me request is claimed for sending by {@link claimNotifyRequest} (`UPDATE ... WHERE
 *   claim_id IS NULL OR claimed_at <= stale`), so two sweeps never send the same request.
 * Times are ISO-8601 UTC strings (they compare as text on both dialects).
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../connection.ts';

/** Status of a mailing-list subscription. */
export type MailingStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** A mailing-list subscription row (camel-cased). */
export interface MailingSubscription {
  id: string;
  site: string;
  email: string;
  status: MailingStatus;
  lang: string;
  source: string;
  confirmSentAt: string | null;
  consentAt: string | null;
  consentSource: string | null;
  consentWording: string | null;
}

function toSubscription(r: {
  id: string;
  base_site: string;
  email: string;
  status: string;
  lang: string;
  source: string;
  confirm_sent_at: string | null;
  consent_at: string | null;
  consent_source: string | null;
  consent_wording: string | null;
}): MailingSubscription {
  return {
    id: r.id,
    site: r.base_site,
    email: r.email,
    status: r.status as MailingStatus,
    lang: r.lang,
    source: r.source,
    confirmSentAt: r.confirm_sent_at,
    consentAt: r.consent_at,
    consentSource: r.consent_source,
    consentWording: r.consent_wording,
  };
}

const SUBSCRIPTION_COLUMNS = [
  'id',
  'base_site',
  'email',
  'status',
  'lang',
  'source',
  'confirm_sent_at',
  'consent_at',
  'consent_source',
  'consent_wording',
] as const;

/** The subscription of (site, normalised email), or null. */
export async function findMailingSubscription(db: Executor, site: string, email: string): Promise<MailingSubscription | null> {
  const r = await db.selectFrom('mailing_subscriptions').select(SUBSCRIPTION_COLUMNS).where('base_site', '=', site).where('email', '=', email).executeTakeFirst();
  return r ? toSubscription(r) : null;
}

/**
 * Creates a `pending` subscription for (site, email) unless one exists (unique; concurrent calls
 * create one). Answers true when this call created it.
 */
export async function insertPendingSubscription(db: Executor, input: { site: string; email: string; lang: string; source: string; now: string }): Promise<boolean> {
  const result = await db
    .insertInto('mailing_subscriptions')
    .values({
      id: randomUUID(),
      base_site: input.site,
      email: input.email,
      status: 'pending',
      lang: input.lang,
      source: input.source,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.columns(['base_site', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * Grants one confirmation email to a not-yet-confirmed subscription: when its last confirmation
 * email was sent at or before `sentBefore` (or never), stores the new token's hash and expiry,
 * marks it sent at `now`, sets it `pending` with this request's language and source. Answers
 * false (nothing changed) for a confirmed subscription or one emailed after `sentBefore`.
 */
export async function grantConfirmationEmail(
  db: Executor,
  input: { site: string; email: string; lang: string; source: string; tokenHash: string; expiresAt: string; now: string; sentBefore: string },
): Promise<boolean> {
  const result = await db
    .updateTable('mailing_subscriptions')
    .set({
      status: 'pending',
      lang: input.lang,
      source: input.source,
      confirm_token_hash: input.tokenHash,
      confirm_expires_at: input.expiresAt,
      confirm_sent_at: input.now,
      updated_at: input.now,
    })
    .where('base_site', '=', input.site)
    .where('email', '=', input.email)
    .where('status', '<>', 'confirmed')
    .where((eb) => eb.or([eb('confirm_sent_at', 'is', null), eb('confirm_sent_at', '<=', input.sentBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Uses a confirmation token (its sha-256 hex): a pending subscription whose token it is and whose
 * token has not expired at `now` becomes `confirmed`, the consent recorded (time `now`, the
 * subscription's source, `wording`), and the token cleared (single use). Answers the confirmed
 * subscription, or null (unknown, used or expired token).
 */
export async function confirmSubscription(db: Executor, tokenHash: string, now: string, wording: string): Promise<MailingSubscription | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('mailing_subscriptions')
      .select(['id', 'source'])
      .where('confirm_token_hash', '=', tokenHash)
      .where('status', '=', 'pending')
      .where('confirm_expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return null;
    const result = await trx
      .updateTable('mailing_subscriptions')
      .set({
        status: 'confirmed',
        confirm_token_hash: null,
        confirm_expires_at: null,
        consent_at: now,
        consent_source: row.source,
        consent_wording: wording,
        unsubscribed_at: null,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('confirm_token_hash', '=', tokenHash)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const r = await trx.selectFrom('mailing_subscriptions').select(SUBSCRIPTION_COLUMNS).where('id', '=', row.id).executeTakeFirstOrThrow();
    return toSubscription(r);
  });
}

/**
 * Unsubscribes (site, email) from everything marketing: the subscription (if any) becomes
 * `unsubscribed` (its pending token cleared; consent history kept) and the address's pending
 * notify-me requests of the site are dropped. Idempotent. Answers whether a subscription existed.
 */
export async function unsubscribeEverywhere(db: Executor, site: string, email: string, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('mailing_subscriptions')
      .set({ status: 'unsubscribed', confirm_token_hash: null, confirm_expires_at: null, unsubscribed_at: now, updated_at: now })
      .where('base_site', '=', site)
      .where('email', '=', email)
      .where('status', '<>', 'unsubscribed')
      .executeTakeFirst();
    await trx.deleteFrom('notify_requests').where('base_site', '=', site).where('email', '=', email).where('claim_id', 'is', null).execute();
    return Number(result.numUpdatedRows) === 1;
  });
}

/** A pending notify-me request. */
export interface NotifyRequest {
  id: string;
  site: string;
  variantCode: string;
  email: string;
  lang: string;
  createdAt: string;
}

/**
 * Records a notify-me request for (site, variant, email) unless one is pending (unique; idempotent
 * under concurrency). Answers true when this call created it.
 */
export async function insertNotifyRequest(
  db: Executor,
  input: { site: string; variantCode: string; email: string; lang: string; customerId: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto('notify_requests')
    .values({
      id: randomUUID(),
      base_site: input.site,
      variant_code: input.variantCode,
      email: input.email,
      lang: input.lang,
      customer_id: input.customerId,
      created_at: input.now,
    })
    .onConflict((oc) => oc.columns(['base_site', 'variant_code', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Deletes requests created before `before`, unsent; answers how many. */
export async function dropOldNotifyRequests(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('notify_requests').where('created_at', '<', before).where('claim_id', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Requests whose variant has stock now (available > 0), not claimed or claimed at or before
 * `staleBefore` (a sweep that died while sending), oldest first, at most `limit`.
 */
export async function listNotifyRequestsInStock(db: Executor, staleBefore: string, limit: number): Promise<NotifyRequest[]> {
  const rows = await db
    .selectFrom('notify_requests as n')
    .innerJoin('stock as s', 's.variant_code', 'n.variant_code')
    .select(['n.id', 'n.base_site', 'n.variant_code', 'n.email', 'n.lang', 'n.created_at'])
    .where('s.available', '>', 0)
    .where((eb) => eb.or([eb('n.claim_id', 'is', null), eb('n.claimed_at', '<=', staleBefore)]))
    .orderBy('n.created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, site: r.base_site, variantCode: r.variant_code, email: r.email, lang: r.lang, createdAt: r.created_at }));
}

/**
 * Claims a request for sending (conditional update): only when it is unclaimed, or its claim is
 * stale (made at or before `staleBefore`). Answers true when this caller holds the claim.
 */
export async function claimNotifyRequest(db: Executor, id: string, claimId: string, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('notify_requests')
    .set({ claim_id: claimId, claimed_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('claim_id', 'is', null), eb('claimed_at', '<=', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops a request once its email is sent (only under the caller's claim). Answers whether it did. */
export async function deleteClaimedNotifyRequest(db: Executor, id: string, claimId: string): Promise<boolean> {
  const result = await db.deleteFrom('notify_requests').where('id', '=', id).where('claim_id', '=', claimId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Gives a claimed request back (sending failed; the next sweep tries again). */
export async function releaseNotifyRequest(db: Executor, id: string, claimId: string): Promise<void> {
  await db.updateTable('notify_requests').set({ claim_id: null, claimed_at: null }).where('id', '=', id).where('claim_id', '=', claimId).execute();
}

/** A variant as the notify-me flow needs it: its product's code and names. */
export interface NotifyVariant {
  variantCode: string;
  productCode: string;
  nameEn: string;
  nameFr: string;
}

/** The variant `code` when its product is sold on `site`, else null. */
export async function findSiteVariant(db: Executor, site: string, code: string): Promise<NotifyVariant | null> {
  const r = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .select(['v.code', 'p.code as product_code', 'p.name_en', 'p.name_fr'])
    .where('v.code', '=', code)
    .executeTakeFirst();
  return r ? { variantCode: r.code, productCode: r.product_code, nameEn: r.name_en, nameFr: r.name_fr } : null;
}
