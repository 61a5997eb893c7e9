/**
 * Perks rewards on the storefront server (issue 12; ADR 0028 amendment "Rewards"; spec §4 reward
 * modal and cart update broadcast, §7 applyLoyaltyReward / removeLoyaltyReward / swapLoyaltyReward).
 *
 * - {@link loadCartRewards}: the catalogue the cart's reward picker shows (signed-in customers on a
 *   Perks site; null otherwise, never an error page).
 * - {@link rewardFormAction}: the picker's forms (`intent` applyReward / swapReward with
 *   `rewardCode`, removeReward), parsed with `CartRewardFormSchema`. A fetcher (`_mode=fetch`) gets
 *   {@link RewardActionResult} with `sessionCartCount` (the page then broadcasts the cart count); a
 *   plain POST is redirected back to the cart with a notice, or gets the result (status 400/409/422)
 *   so the page shows the reason without JavaScript.
 */
import { createRewardClient, isApiError } from '@store/contracts';
import { CartRewardFormSchema } from '@store/contracts/forms';
import { data, redirect } from 'react-router';
import type { RequestContext } from './context.server.ts';
import { firstErrors, parseForm } from './forms.ts';
import type { FormText } from './forms.ts';
import type { CartRewards, RewardActionResult, RewardIntent } from '../components/loyalty/reward-actions.ts';

export { isRewardIntent } from '../components/loyalty/reward-actions.ts';
export type { CartRewards, RewardActionResult, RewardIntent } from '../components/loyalty/reward-actions.ts';

/** The picker's catalogue (null for anonymous shoppers, on a site without Perks, or when the call fails). */
export async function loadCartRewards(ctx: RequestContext, joinHref: string): Promise<CartRewards | null> {
  if (!ctx.auth.isLoggedIn) return null;
  try {
    const c = await createRewardClient(ctx.customerCore).getRewards(ctx.site, { lang: ctx.lang });
    return {
      points: c.availablePoints,
      member: c.enrolled && c.perksOptIn,
      rewards: c.rewards.map((r) => ({ code: r.code, name: r.name, points: r.points, affordable: r.affordable, pointsShort: r.pointsShort })),
      joinHref,
    };
  } catch {
    return null;
  }
}

const REWARD_TEXT: FormText = { labels: { rewardCode: 'rewards.title' }, problems: { rewardCode: 'rewards.error.rewardNotFound' } };

/** The message key of an API refusal of a reward call. */
function errorKey(reason: string | undefined) {
  switch (reason) {
    case 'insufficientPoints':
    case 'notEnrolled':
    case 'optedOut':
    case 'rewardNotFound':
    case 'rewardAlreadyApplied':
    case 'rewardNotApplicable':
      return `rewards.error.${reason}` as const;
    default:
      return 'rewards.error.generic' as const;
  }
}

/** Handles a reward form of the cart page (see module comment). */
export async function rewardFormAction(ctx: RequestContext, intent: RewardIntent, form: FormData, cartPath: string): Promise<Response | ReturnType<typeof data<RewardActionResult>>> {
  const fetchMode = form.get('_mode') === 'fetch';
  const fail = (error: string, status = 400) => data<RewardActionResult>({ reward: true, ok: false, intent, error }, { status });
  const guid = ctx.cart.guid;
  if (!guid) return fail(ctx.t('occ.cartNotFound'), 409);
  const api = createRewardClient(ctx.customerCore);
  let count: number;
  try {
    if (intent === 'removeReward') {
      count = (await api.removeLoyaltyReward(ctx.site, guid, { lang: ctx.lang })).sessionCartCount;
    } else {
      const submission = parseForm(form, CartRewardFormSchema, ctx.t, REWARD_TEXT);
      if (submission.status !== 'success') return fail(Object.values(firstErrors(submission))[0] ?? ctx.t('rewards.error.generic'));
      const body = { rewardCode: (submission.value as { rewardCode: string }).rewardCode };
      const answer = intent === 'applyReward' ? await api.applyLoyaltyReward(ctx.site, guid, body, { lang: ctx.lang }) : await api.swapLoyaltyReward(ctx.site, guid, body, { lang: ctx.lang });
      count = answer.sessionCartCount;
    }
  } catch (error) {
    if (!isApiError(error) || !error.isClientError) throw error;
    return fail(ctx.t(errorKey(error.reason)), error.status === 422 ? 422 : error.status === 409 ? 409 : 400);
  }
  if (fetchMode) return data<RewardActionResult>({ reward: true, ok: true, intent, sessionCartCount: count });
  const notice = intent === 'applyReward' ? 'rewardApplied' : intent === 'swapReward' ? 'rewardSwapped' : 'rewardRemoved';
  return redirect(`${cartPath}?notice=${notice}`, 303);
}
