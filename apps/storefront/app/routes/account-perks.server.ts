/**
 * Brewhaus Perks page, server side (issue 12; ADR 0028): `/account/perks`, `/fr/compte/perks`.
 *
 * - Loader: a visitor who is not signed in is sent to sign in and comes back here
 *   (`requireAccount`); then `GET users/current/loyalty` (balance, tier, rates) and, for a member,
 *   one page of `GET users/current/loyalty/history` (`?page=`, 1-based in the URL). A site without
 *   Perks (usafh) answers 404 with the "not offered" message.
 * - Action (plain POST + 303 redirect, works without JavaScript): `intent=join` with the terms
 *   checkbox (`PerksJoinFormSchema`) → `POST loyaltyProgramSignup`; `intent=opt` with
 *   `perksOptIn` true/false (`PerksOptFormSchema`) → `PUT updatePerksOptInOut`. A refused join
 *   answers 400 with the message next to the checkbox.
 */
import { createLoyaltyClient, createRewardClient, isApiError, LOYALTY_HISTORY_PAGE_SIZE, type LoyaltyHistory, type LoyaltySummary, type RewardBestSellers } from '@store/contracts';
import { PerksJoinFormSchema, PerksOptFormSchema } from '@store/contracts/forms';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import type { FormErrors } from '../components/checkout/occ-errors.ts';
import { pageIndexOf } from '../components/account/account-paths.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import { firstErrors, parseForm, type FormText } from '../lib/forms.ts';
import type { PageMeta } from '../lib/meta.ts';
import { doneRedirect, formString, isUnauthorized, requireAccount } from './account.server.ts';

/** Data of the Perks page. */
export interface PerksData {
  meta: PageMeta;
  /** null on a site without Perks */
  summary: LoyaltySummary | null;
  history: LoyaltyHistory | null;
  /** issue 12 (ADR 0028 "Rewards"): the rewards best sellers (members; null otherwise or when the call fails) */
  bestSellers?: RewardBestSellers | null;
  page: number;
  done: 'join' | 'optOn' | 'optOff' | null;
}

/** The answer of a refused form. */
export interface PerksActionData {
  intent: 'join' | 'opt';
  errors: FormErrors;
}

/** The wording of the join form. */
export const PERKS_JOIN_TEXT: FormText = { labels: {}, problems: { acceptTerms: 'loyalty.join.termsRequired' } };

function isDisabled(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.reason === 'loyaltyDisabled';
}

/** Loads the Perks page (see module comment). */
export async function loadPerks(args: ContextArgs) {
  const { ctx, paths } = requireAccount(args);
  const loyalty = createLoyaltyClient(ctx.customerCore);
  const meta: PageMeta = { title: ctx.t('meta.title', { title: ctx.t('loyalty.metaTitle'), brand: SITES[ctx.site].name }), noindex: true };
  const doneParam = ctx.url.searchParams.get('done');
  const done = doneParam === 'join' || doneParam === 'optOn' || doneParam === 'optOff' ? doneParam : null;
  const page = pageIndexOf(ctx.url.searchParams.get('page'));
  try {
    const summary = await loyalty.getLoyalty(ctx.site, { lang: ctx.lang });
    const history = summary.enrolled ? await loyalty.getLoyaltyHistory(ctx.site, { currentPage: page, pageSize: LOYALTY_HISTORY_PAGE_SIZE }) : null;
    const bestSellers = summary.enrolled ? await createRewardClient(ctx.customerCore).getRewardBestSellers(ctx.site, { lang: ctx.lang }).catch(() => null) : null;
    const out: PerksData = { meta, summary, history, bestSellers, page, done };
    return data(out, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(ctx.url.pathname));
    if (isDisabled(error)) return data<PerksData>({ meta, summary: null, history: null, page: 0, done: null }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    throw error;
  }
}

/** Handles the join and opt-in forms (see module comment). */
export async function perksAction(args: ContextArgs) {
  const { ctx, paths } = requireAccount(args);
  const loyalty = createLoyaltyClient(ctx.customerCore);
  const form = await args.request.formData();
  const intent = formString(form, 'intent') === 'opt' ? 'opt' : 'join';
  const fail = (errors: FormErrors) => data<PerksActionData>({ intent, errors }, { status: 400 });
  try {
    if (intent === 'join') {
      const submission = parseForm(form, PerksJoinFormSchema, ctx.t, PERKS_JOIN_TEXT);
      if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null });
      await loyalty.signUp(ctx.site, { acceptTerms: true });
      return doneRedirect(paths.perks, 'join');
    }
    const submission = parseForm(form, PerksOptFormSchema, ctx.t, { labels: {} });
    if (submission.status !== 'success') return fail({ fieldErrors: {}, formError: ctx.t('occ.generic') });
    const optIn = submission.value.perksOptIn === 'true';
    await loyalty.updatePerksOptInOut(ctx.site, { perksOptIn: optIn });
    return doneRedirect(paths.perks, optIn ? 'optOn' : 'optOff');
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(paths.perks), 303);
    if (isDisabled(error)) return fail({ fieldErrors: {}, formError: ctx.t('loyalty.disabled') });
    if (isApiError(error) && error.isClientError) return fail({ fieldErrors: {}, formError: ctx.t('occ.generic') });
    throw error;
  }
}
