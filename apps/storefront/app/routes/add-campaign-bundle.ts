/**
 * Add a brewer campaign bundle, POST `/cart/campaign` and `/fr/panier/trousse` (issue 10; ADR
 * 0018 "Brewer campaigns", spec §7 addCampaignBundle): fields campaignCode, brewerCode,
 * productCode + qty (the first coffee), frequencyWeeks, back (the product page). Calls
 * `addCampaignBundle` as the shopper (signed in: `users/current`), keeps the cart cookie, then
 * 303 to the cart; a refusal goes 303 back to the product page with `?campaignError=<reason>`.
 * The form parses with the contract's `CampaignBundleFormSchema` (issue 11 item 1, ADR 0025): a bad
 * boxes count comes back as `invalidQuantity`, a bad frequency as `invalidFrequency` (the page
 * names the field), a bad hidden code as `invalid`.
 */
import { isApiError } from '@store/contracts';
import { CampaignBundleFormSchema } from '@store/contracts/forms';
import { redirect } from 'react-router';
import type { Route } from './+types/add-campaign-bundle';
import { adBuyCalls } from '../lib/auto-delivery.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { logServerError } from '../lib/logger.server.ts';
import { safeRedirectTarget } from '../lib/safe-redirect.ts';
import { firstErrors, parseForm } from '../lib/forms.ts';
import type { FormText } from '../lib/forms.ts';

/**
 * The wording of the campaign bundle form: the boxes and the frequency are named; the page shows
 * the refusal by reason (`?campaignError=`), so only the field that failed first matters here.
 */
export const CAMPAIGN_BUNDLE_TEXT: FormText = {
  labels: { qty: 'adBuy.campaign.qty', frequencyWeeks: 'form.label.frequency' },
  problems: { qty: 'form.problem.invalidQuantity', frequencyWeeks: 'form.problem.invalidFrequency' },
};

/** GET: nothing to show; go to the cart. */
export async function loader(args: Route.LoaderArgs) {
  return redirect(getRequestContext(args).paths.cart, 302);
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const back = safeRedirectTarget(form.get('back'), ctx.paths.home, ctx.url.origin);
  const refuse = (reason: string) => {
    const url = new URL(back, ctx.url.origin);
    url.searchParams.set('campaignError', reason);
    return redirect(`${url.pathname}${url.search}`, 303);
  };
  const submission = parseForm(form, CampaignBundleFormSchema, ctx.t, CAMPAIGN_BUNDLE_TEXT);
  if (submission.status !== 'success') {
    const errors = firstErrors(submission);
    return refuse(errors.campaignCode || errors.brewerCode || errors.productCode ? 'invalid' : errors.qty ? 'invalidQuantity' : errors.frequencyWeeks ? 'invalidFrequency' : 'invalid');
  }
  const { campaignCode, brewerCode, productCode, qty, frequencyWeeks } = submission.value;
  try {
    const cart = await adBuyCalls(ctx).addCampaignBundle(
      ctx.site,
      {
        campaignCode,
        brewerCode,
        items: [{ productCode, qty }],
        ...(frequencyWeeks !== undefined ? { frequencyWeeks } : {}),
        ...(ctx.cart.guid ? { cartGuid: ctx.cart.guid } : {}),
      },
      { lang: ctx.lang },
    );
    const headers = new Headers();
    ctx.cart.setGuid(headers, cart.cartGuid);
    return redirect(`${ctx.paths.cart}?notice=campaign`, { status: 303, headers });
  } catch (error) {
    if (isApiError(error) && error.isClientError) return refuse(error.reason ?? 'generic');
    logServerError(error, { url: args.request.url, label: 'add-campaign-bundle' });
    return refuse('generic');
  }
}
