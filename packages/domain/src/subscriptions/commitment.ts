/**
 * The brewer campaign commitment (business-defaults.md "Starter-kit brewer offer with a
 * commitment"; ADR 0018 "Brewer campaigns"): a brewer at a campaign price in exchange for 16 boxes
 * over 12 months in at least 4 orders of at least 4 boxes; the card on file valid 6 more months;
 * an early cancel costs the brewer discount not yet earned. Money in integer minor units, dates
 * {@link LocalDate} in the site's time zone.
 */
import { mulDivRoundHalfUp } from '../money.ts';
import type { PackType } from '../price-display.ts';
import type { LocalDate } from './local-date.ts';
import { addLocalMonths, compareLocalDates, daysBetween, isLocalDate, makeLocalDate } from './local-date.ts';

/** The terms of a commitment (business-defaults.md; the `campaigns` row may change them per site). */
export interface CommitmentTerms {
  /** boxes to buy in total (16) */
  boxesRequired: number;
  /** months from the brewer's purchase to the deadline (12) */
  months: number;
  /** orders of at least `minBoxesPerOrder` boxes required (4) */
  minOrders: number;
  /** boxes an order needs to count as one of the `minOrders` (4) */
  minBoxesPerOrder: number;
  /** months after the purchase the card on file must still be valid (6) */
  cardValidMonths: number;
}

/** The starter-kit terms of business-defaults.md: 16 boxes, 12 months, ≥ 4 orders of ≥ 4 boxes, card valid 6 more months. */
export const STARTER_KIT_COMMITMENT_TERMS: Readonly<CommitmentTerms> = Object.freeze({
  boxesRequired: 16,
  months: 12,
  minOrders: 4,
  minBoxesPerOrder: 4,
  cardValidMonths: 6,
});

/**
 * How many boxes a pack counts as (business-defaults.md): pods ≤ 32 ct = 1 box, 44–48 ct = 2,
 * 60–72 ct = 3, 80–96 ct = 4, any other pod count ceil(count / 24); a bag or a can (`Bagged`,
 * `Canned`, whose count is ounces) = 1. A pod pack of unknown count (`null`) = 1.
 * @param count pods in the pack (ct), or ounces for bags and cans
 * @param packType `Bagged` | `Canned`, or `null` for pods
 * @throws RangeError on a pod count that is not a positive integer
 */
export function boxesOf(count: number | null, packType: PackType | null): number {
  if (packType === 'Bagged' || packType === 'Canned') return 1;
  if (count === null) return 1;
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`pod count must be a positive integer, got ${count}`);
  if (count <= 32) return 1;
  if (count >= 44 && count <= 48) return 2;
  if (count >= 60 && count <= 72) return 3;
  if (count >= 80 && count <= 96) return 4;
  return Math.ceil(count / 24);
}

/** A beverage line as box counting needs it. */
export interface BoxLine {
  /** pods (ct) or ounces; `null` when unknown */
  count: number | null;
  packType: PackType | null;
  /** units, a non-negative integer */
  qty: number;
}

/**
 * The boxes of an order: Σ boxesOf(count, packType) × qty over its beverage lines (pass only the
 * beverages: a brewer or an accessory is no box). Additive: the boxes of two orders together are
 * the sum of their boxes.
 * @throws RangeError on a bad count or a negative / non-integer qty
 */
export function orderBoxes(lines: readonly BoxLine[]): number {
  let boxes = 0;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.qty) || l.qty < 0) throw new RangeError(`qty must be a non-negative integer, got ${l.qty}`);
    boxes += boxesOf(l.count, l.packType) * l.qty;
  }
  return boxes;
}

/** Stored statuses of a commitment (ADR 0018 `commitments.status`). */
export const COMMITMENT_STATUSES = ['open', 'met', 'clawedBack', 'cancelled'] as const;
/** `open` running; `met` fulfilled (cancel at no cost); `clawedBack` the rest of the brewer price was charged; `cancelled` closed without charge. */
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number];

/** A commitment's state (the columns of `commitments` the rules read and write). */
export interface CommitmentState {
  status: CommitmentStatus;
  /** boxes counted so far */
  boxesCounted: number;
  /** orders of at least `terms.minBoxesPerOrder` boxes counted so far */
  ordersCounted: number;
  /** local date of the brewer's purchase */
  startDate: LocalDate;
  /** last local date an order counts: startDate + terms.months (day clamped to the month's end) */
  deadline: LocalDate;
  /** the brewer's list price, minor units */
  brewerListMinor: number;
  /** what the customer paid for the brewer, minor units */
  brewerPaidMinor: number;
  terms: CommitmentTerms;
}

/**
 * A new commitment when the order with the campaign brewer is placed (ADR 0018): status `open`,
 * nothing counted, deadline = purchase date + `terms.months` months.
 * @throws RangeError on a malformed date or prices that are not non-negative integers
 */
export function openCommitment(input: { purchaseDate: LocalDate; brewerListMinor: number; brewerPaidMinor: number; terms?: CommitmentTerms }): CommitmentState {
  const terms = input.terms ?? { ...STARTER_KIT_COMMITMENT_TERMS };
  if (!isLocalDate(input.purchaseDate)) throw new RangeError(`purchaseDate is not a YYYY-MM-DD date: ${input.purchaseDate}`);
  for (const [k, v] of [['brewerListMinor', input.brewerListMinor], ['brewerPaidMinor', input.brewerPaidMinor]] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${k} must be a non-negative integer, got ${v}`);
  }
  return {
    status: 'open',
    boxesCounted: 0,
    ordersCounted: 0,
    startDate: input.purchaseDate,
    deadline: addLocalMonths(input.purchaseDate, terms.months),
    brewerListMinor: input.brewerListMinor,
    brewerPaidMinor: input.brewerPaidMinor,
    terms,
  };
}

/** Are the commitment's terms fulfilled (boxes and orders both reached)? */
export function isCommitmentMet(s: Pick<CommitmentState, 'boxesCounted' | 'ordersCounted' | 'terms'>): boolean {
  return s.boxesCounted >= s.terms.boxesRequired && s.ordersCounted >= s.terms.minOrders;
}

/** An order counted toward a commitment. */
export interface CommitmentOrder {
  /** the order's local date */
  orderDate: LocalDate;
  /** its boxes ({@link orderBoxes} of its beverage lines) */
  boxes: number;
}

/**
 * Counts a placed order toward an `open` commitment (ADR 0018: each placed recurring order): its
 * boxes always count; it counts as one of the required orders only with at least
 * `minBoxesPerOrder` boxes. When both boxes and orders are reached the status becomes `met`. An
 * order after the deadline, or on a commitment that is not `open`, changes nothing (the state is
 * returned as is).
 * @throws RangeError on a negative / non-integer box count or a malformed date
 */
export function applyOrderToCommitment(state: CommitmentState, order: CommitmentOrder): CommitmentState {
  if (!Number.isSafeInteger(order.boxes) || order.boxes < 0) throw new RangeError(`boxes must be a non-negative integer, got ${order.boxes}`);
  if (!isLocalDate(order.orderDate)) throw new RangeError(`orderDate is not a YYYY-MM-DD date: ${order.orderDate}`);
  if (state.status !== 'open' || compareLocalDates(order.orderDate, state.deadline) > 0) return state;
  const next: CommitmentState = {
    ...state,
    boxesCounted: state.boxesCounted + order.boxes,
    ordersCounted: state.ordersCounted + (order.boxes >= state.terms.minBoxesPerOrder ? 1 : 0),
  };
  return isCommitmentMet(next) ? { ...next, status: 'met' } : next;
}

/**
 * What a commitment is on local date `today`: `open` (running), `met`, `pastDeadline` (still
 * `open` after its deadline without being met: the clawback is due), or the closed `clawedBack` /
 * `cancelled`.
 */
export type CommitmentView = 'open' | 'met' | 'pastDeadline' | 'clawedBack' | 'cancelled';

/**
 * The status of a commitment on local date `today` (see {@link CommitmentView}).
 * @throws RangeError on a malformed date
 */
export function commitmentStatus(state: CommitmentState, today: LocalDate): CommitmentView {
  if (state.status !== 'open') return state.status;
  if (isCommitmentMet(state)) return 'met';
  return compareLocalDates(today, state.deadline) > 0 ? 'pastDeadline' : 'open';
}

/**
 * The brewer discount not yet earned (ADR 0018 "Brewer campaigns"): `(list − paid) × (required −
 * counted) / required`, half-up once; 0 when paid ≥ list or counted ≥ required. Never negative,
 * never above list − paid; decreases as boxes are counted.
 * @param listMinor the brewer's list price, minor units
 * @param paidMinor what the customer paid for it, minor units
 * @param boxesCounted boxes counted so far, ≥ 0
 * @param boxesRequired boxes of the terms, ≥ 1
 * @returns minor units
 * @throws RangeError on non-integer or negative amounts, or `boxesRequired` < 1
 */
export function clawbackMinor(listMinor: number, paidMinor: number, boxesCounted: number, boxesRequired: number): number {
  for (const [k, v] of [['listMinor', listMinor], ['paidMinor', paidMinor], ['boxesCounted', boxesCounted]] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${k} must be a non-negative integer, got ${v}`);
  }
  if (!Number.isSafeInteger(boxesRequired) || boxesRequired < 1) throw new RangeError(`boxesRequired must be a positive integer, got ${boxesRequired}`);
  const unearned = listMinor - paidMinor;
  if (unearned <= 0 || boxesCounted >= boxesRequired) return 0;
  return mulDivRoundHalfUp(unearned, boxesRequired - boxesCounted, boxesRequired);
}

/** What the auto-delivery home tracker shows (issue 10 "commitment tracker"). Money in minor units. */
export interface CommitmentTracker {
  status: CommitmentView;
  boxesCounted: number;
  boxesRequired: number;
  /** max(0, required − counted) */
  boxesLeft: number;
  ordersCounted: number;
  ordersRequired: number;
  /** max(0, minOrders − counted) */
  ordersLeft: number;
  minBoxesPerOrder: number;
  /** last local date an order counts */
  deadline: LocalDate;
  /** calendar days from today to the deadline, ≥ 0 */
  daysLeft: number;
  /**
   * what cancelling today would charge: {@link clawbackMinor} while `open` or `pastDeadline`; 0 once
   * `met`, `clawedBack` or `cancelled`. (16 boxes in fewer than 4 orders is not `met`, yet costs 0:
   * the discount is earned by boxes.)
   */
  cancelCostMinor: number;
  brewerListMinor: number;
  brewerPaidMinor: number;
}

/**
 * The tracker of auto-delivery home (issue 10): boxes counted and left, orders left, the deadline
 * and days left, and what cancelling today would cost.
 * @param today the local date now in the site's time zone
 * @throws RangeError on a malformed date
 */
export function trackerView(state: CommitmentState, today: LocalDate): CommitmentTracker {
  const status = commitmentStatus(state, today);
  const owes = status === 'open' || status === 'pastDeadline';
  return {
    status,
    boxesCounted: state.boxesCounted,
    boxesRequired: state.terms.boxesRequired,
    boxesLeft: Math.max(0, state.terms.boxesRequired - state.boxesCounted),
    ordersCounted: state.ordersCounted,
    ordersRequired: state.terms.minOrders,
    ordersLeft: Math.max(0, state.terms.minOrders - state.ordersCounted),
    minBoxesPerOrder: state.terms.minBoxesPerOrder,
    deadline: state.deadline,
    daysLeft: Math.max(0, daysBetween(today, state.deadline)),
    cancelCostMinor: owes ? clawbackMinor(state.brewerListMinor, state.brewerPaidMinor, state.boxesCounted, state.terms.boxesRequired) : 0,
    brewerListMinor: state.brewerListMinor,
    brewerPaidMinor: state.brewerPaidMinor,
  };
}

/**
 * Is a card good for a commitment (business-defaults.md "The card on file must not expire within 6
 * months of the brewer's purchase")? A card is valid through the last day of its expiry month; it
 * must be valid on purchase date + `months` months. A two-digit year means 20YY. A month outside
 * 1–12 or a non-integer is not valid.
 * @param expMonth 1–12
 * @param expYear four digits, or two (26 = 2026)
 * @param purchaseDate local date of the purchase
 * @param months `terms.cardValidMonths` (6)
 * @throws RangeError on a malformed `purchaseDate`
 */
export function cardValidForCommitment(expMonth: number, expYear: number, purchaseDate: LocalDate, months: number = STARTER_KIT_COMMITMENT_TERMS.cardValidMonths): boolean {
  if (!isLocalDate(purchaseDate)) throw new RangeError(`purchaseDate is not a YYYY-MM-DD date: ${purchaseDate}`);
  if (!Number.isInteger(expMonth) || !Number.isInteger(expYear) || expMonth < 1 || expMonth > 12 || expYear < 0 || expYear > 9999) return false;
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const lastValidDay = makeLocalDate(year, expMonth, 31); // clamped to the month's last day
  return compareLocalDates(lastValidDay, addLocalMonths(purchaseDate, months)) >= 0;
}
