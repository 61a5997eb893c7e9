/**
 * Monthly boxes (issue 10 "Subscriptions beyond AD"; ADR 0018 `MBOX` / `MONTHLY_BOX`; spec §9
 * "Monthly products filter box counts 20, 22, 24"). Pure rules, no I/O.
 *
 * A monthly box is a subscription that ships on a day of the month. Its item is the box: a pod
 * variant whose count is one of {@link MONTHLY_BOX_COUNTS}. With rotation `choose` the shopper picks
 * the box of each month (the subscription item, changed from auto-delivery home before the ship
 * date); with rotation `curated` the store moves the item to the next box of the curated rotation
 * after each shipped month.
 */
import { invalidInput } from '../errors.ts';
import { MONTHLY_BOX_COUNTS, type MonthlyBoxCount, isMonthlyBoxCount } from './programs.ts';

/** `site_config` key of an operator's curated rotation: variant codes separated by commas, in order. */
export const MONTHLY_BOX_ROTATION_KEY = 'monthlyBoxRotation';

/**
 * The box counts a monthly-products listing shows: the one asked for, or all of them.
 * @param boxCount the `boxCount` query value (a number, or absent)
 * @throws InvalidInput (400, field `boxCount`) when a count is given that is not 20, 22 or 24
 */
export function monthlyBoxCountsFor(boxCount: number | undefined | null): MonthlyBoxCount[] {
  if (boxCount === undefined || boxCount === null) return [...MONTHLY_BOX_COUNTS];
  if (!isMonthlyBoxCount(boxCount)) {
    throw invalidInput('ValidationError', 'invalidBoxCount', `boxCount must be one of ${MONTHLY_BOX_COUNTS.join(', ')}`, 'boxCount');
  }
  return [boxCount];
}

/**
 * Parses the operator's `monthlyBoxRotation` value: comma- or whitespace-separated variant codes,
 * blanks and repeats dropped, order kept. Never throws (a blank value gives `[]`).
 */
export function parseMonthlyBoxRotation(value: string | null | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const part of value.split(/[\s,]+/)) {
    const code = part.trim();
    if (code !== '' && !out.includes(code)) out.push(code);
  }
  return out;
}

/**
 * The box a curated monthly box ships next month: the variant after `current` in `rotation`,
 * wrapping round at the end; the first one when `current` is not in it; `current` itself when the
 * rotation is empty (nothing to rotate to). Pure: same inputs, same answer.
 * @param rotation variant codes in rotation order (the operator's list, or the monthly products of the box's count)
 * @param current the variant code the subscription shipped this month
 */
export function nextCuratedBox(rotation: readonly string[], current: string): string {
  if (rotation.length === 0) return current;
  const at = rotation.indexOf(current);
  if (at === -1) return rotation[0]!;
  return rotation[(at + 1) % rotation.length]!;
}
