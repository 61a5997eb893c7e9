/**
 * How long a shopper is asked to wait after a 429 (issue 9 item 1): the API's real window from
 * its `Retry-After`, in whole minutes, never a fixed guess.
 */
import { isApiError } from '@store/contracts';

/** Seconds assumed when an answer has no `Retry-After` (it always has one; this is a safety net). */
export const DEFAULT_WAIT_S = 60;

/** Whole minutes (at least 1) of a wait in seconds. */
export function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** The wait of an API error, in seconds (its `Retry-After`, else {@link DEFAULT_WAIT_S}). */
export function waitSecondsOf(error: unknown): number {
  return (isApiError(error) ? error.retryAfterS : null) ?? DEFAULT_WAIT_S;
}

/** The wait of an API error in whole minutes, for the `{minutes}` of the "too many attempts" messages. */
export function waitMinutesOf(error: unknown): number {
  return minutesOf(waitSecondsOf(error));
}
