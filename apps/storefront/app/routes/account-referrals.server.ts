/**
 * "Refer a friend" page, server side (issue 12; ADR 0030; spec §7 submitReferral): the loader
 * reads `GET users/current/referrals` (the member's invitations and the site's offer); the action
 * checks the form with `ReferralFormSchema` (conform, ADR 0025), calls `submitReferral` and
 * redirects (303) back with `?done=sent&to=` — a plain POST that works without JavaScript. The
 * API's refusals (self-referral, already a customer, already invited) are shown next to the email
 * field; 429 as a form message with the wait.
 */
import { createReferralClient, isApiError } from '@store/contracts';
import type { Referral, ReferralCalls, ReferralOffer } from '@store/contracts';
import { ReferralFormSchema } from '@store/contracts/forms';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import { toFormErrors, type FormErrors } from '../components/checkout/occ-errors.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import { firstErrors, parseForm, type FormText } from '../lib/forms.ts';
import type { PageMeta } from '../lib/meta.ts';
import { waitMinutesOf } from '../lib/wait.ts';
import { doneRedirect, formatDate, formString, isUnauthorized, requireAccount } from './account.server.ts';

/** One invitation as the page shows it. */
export interface ReferralRowView {
  id: string;
  friend: string;
  date: string;
  status: Referral['status'];
  rewardPoints: number | null;
}

/** Data of the page. */
export interface ReferralsPageData {
  meta: PageMeta;
  offer: ReferralOffer | null;
  referrals: ReferralRowView[];
  /** the email just invited (after the redirect), or null */
  sentTo: string | null;
}

/** The answer of a refused POST. */
export interface ReferralActionData {
  errors: FormErrors;
  values: { email: string; friendName: string };
}

/** Field labels of the form (ADR 0025 messages name the field). */
export const REFERRAL_TEXT: FormText = { labels: { email: 'referral.email', friendName: 'referral.friendName' } };

function referralCalls(ctx: RequestContext): ReferralCalls {
  return createReferralClient(ctx.customerCore);
}

/** Loads the page. */
export async function loadReferrals(args: ContextArgs) {
  const { ctx, paths } = requireAccount(args);
  try {
    const list = await referralCalls(ctx).listReferrals(ctx.site, { lang: ctx.lang });
    const sentTo = ctx.url.searchParams.get('done') === 'sent' ? (ctx.url.searchParams.get('to') ?? '').slice(0, 254) || null : null;
    const out: ReferralsPageData = {
      meta: { title: ctx.t('meta.title', { title: ctx.t('referral.metaTitle'), brand: SITES[ctx.site].name }), noindex: true },
      offer: list.offer,
      referrals: list.referrals.map((r) => ({
        id: r.id,
        friend: r.friendName ? `${r.friendName} (${r.friendEmail})` : r.friendEmail,
        date: formatDate(r.createdAt, ctx.locale),
        status: r.status,
        rewardPoints: r.rewardPoints,
      })),
      sentTo,
    };
    return data(out, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(ctx.url.pathname));
    if (isApiError(error) && error.status === 404) {
      const out: ReferralsPageData = { meta: { title: ctx.t('referral.metaTitle'), noindex: true }, offer: null, referrals: [], sentTo: null };
      return data(out, { headers: { 'Cache-Control': 'no-store' } });
    }
    throw error;
  }
}

/** The message of an API refusal of submitReferral, or null when it is not one of ours. */
function refusalMessage(ctx: RequestContext, reason: string | undefined): string | null {
  switch (reason) {
    case 'selfReferral':
      return ctx.t('referral.error.selfReferral');
    case 'alreadyCustomer':
      return ctx.t('referral.error.alreadyCustomer');
    case 'alreadyReferred':
      return ctx.t('referral.error.alreadyReferred');
    default:
      return null;
  }
}

/** Handles the form (see module comment). */
export async function referralAction(args: ContextArgs) {
  const { ctx, paths } = requireAccount(args);
  const form = await args.request.formData();
  const values = { email: formString(form, 'email').slice(0, 300), friendName: formString(form, 'friendName').slice(0, 300) };
  const fail = (errors: FormErrors) => data<ReferralActionData>({ errors, values }, { status: 400 });
  const submission = parseForm(form, ReferralFormSchema, ctx.t, REFERRAL_TEXT);
  if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null });
  const { email, friendName } = submission.value;
  try {
    await referralCalls(ctx).submitReferral(ctx.site, { email, ...(friendName ? { friendName } : {}), lang: ctx.lang });
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(paths.referrals), 303);
    if (!isApiError(error) || !error.isClientError) throw error;
    const refused = refusalMessage(ctx, error.reason);
    if (refused) return fail({ fieldErrors: { email: refused }, formError: null });
    if (error.status === 429) return fail({ fieldErrors: {}, formError: ctx.t('occ.tooManyRequests', { minutes: waitMinutesOf(error) }) });
    if (error.status === 404) return fail({ fieldErrors: {}, formError: ctx.t('referral.error.notOffered') });
    return fail(toFormErrors(ctx.t, error, { fields: ['email', 'friendName'] }));
  }
  return doneRedirect(paths.referrals, 'sent', { to: email.toLowerCase() });
}
