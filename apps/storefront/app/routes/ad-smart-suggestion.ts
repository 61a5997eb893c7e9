/**
 * Smart auto-delivery suggestion (resource route, GET; issue 10, ADR 0018 SMART):
 * `/autodelivery/suggest` and `/fr/livraison-automatique/suggestion`, query `productCode`,
 * `podsAtHomeQty` (non-numbers are empty, spec §5), `cupsPerDay` (1–20). Answers
 * {@link SmartSuggestionResult}: the suggested frequency, the first ship date in the page's words
 * and the reasoning numbers, or `{ok: false}` for bad input or any refusal (never an error page).
 * The query parses with the contract's `SmartSuggestionFormSchema` (issue 11 item 1, ADR 0025): a
 * bad cups a day answers `{ok: false, text}`, the message naming the field in the page's language.
 */
import { isApiError } from '@store/contracts';
import { SmartSuggestionFormSchema } from '@store/contracts/forms';
import { data } from 'react-router';
import type { Route } from './+types/ad-smart-suggestion';
import { formatLocalDate } from '../components/autodelivery/offer.ts';
import type { SmartSuggestionResult } from '../components/autodelivery/offer.ts';
import { adBuyCalls } from '../lib/auto-delivery.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { logServerError } from '../lib/logger.server.ts';
import { firstErrors, parseForm } from '../lib/forms.ts';
import type { FormText } from '../lib/forms.ts';

/** The wording of the smart-suggestion query: cups a day and pods at home are named. */
export const SMART_SUGGESTION_TEXT: FormText = {
  labels: { cupsPerDay: 'adBuy.cupsPerDay', podsAtHomeQty: 'adBuy.podsAtHome' },
  problems: { cupsPerDay: 'form.problem.invalidCupsPerDay', productCode: 'adBuy.smart.error' },
};

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const refuse = (text?: string) => data<SmartSuggestionResult>(text !== undefined ? { ok: false, text } : { ok: false }, { headers: { 'Cache-Control': 'no-store' } });
  const submission = parseForm(ctx.url.searchParams, SmartSuggestionFormSchema, ctx.t, SMART_SUGGESTION_TEXT);
  if (submission.status !== 'success') return refuse(Object.values(firstErrors(submission))[0]);
  const { productCode, cupsPerDay, podsAtHomeQty } = submission.value;
  try {
    const answer = await adBuyCalls(ctx).getSmartSuggestion(ctx.site, {
      productCode,
      cupsPerDay,
      ...(podsAtHomeQty !== undefined ? { podsAtHomeQty } : {}),
      lang: ctx.lang,
    });
    const r = answer.reasoning;
    return data<SmartSuggestionResult>(
      {
        ok: true,
        frequencyWeeks: answer.frequencyWeeks,
        firstShipDate: formatLocalDate(answer.firstShipDate, ctx.locale),
        reasoning: {
          podsAtHomeQty: r.podsAtHomeQty,
          cupsPerDay: r.cupsPerDay,
          podsPerOrder: r.podsPerOrder,
          daysOfCoffeeAtHome: r.daysOfCoffeeAtHome,
          bufferDays: r.bufferDays,
          daysPerOrder: r.daysPerOrder,
          observedIntervalDays: r.observedIntervalDays,
          notes: [...r.notes],
        },
      },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (error) {
    if (!isApiError(error) || !error.isClientError) logServerError(error, { url: args.request.url, label: 'ad-smart-suggestion' });
    return refuse();
  }
}
