/**
 * Price lists (issue 4; ADR 0010 "Price strategies and price lists"; spec §3 personalizedPriceData,
 * §6 is{product}Employee and price/user groups). The groups of a customer are decided on the
 * server from the customer record only: a `priceGroup` / `userGroup` cookie or header from the
 * browser never reaches these functions, so it can never lower a price.
 */

/** The price group every employee belongs to (spec §6 is{product}Employee). */
export const EMPLOYEE_PRICE_GROUP = 'EMPLOYEE';

/** What the server knows about a customer (`customers.is_employee`, `price_group`, `user_group`). */
export interface CustomerGroupInput {
  isEmployee: boolean;
  priceGroup: string | null | undefined;
  userGroup: string | null | undefined;
}

/**
 * The price groups a customer is entitled to: {@link EMPLOYEE_PRICE_GROUP} first when an employee,
 * then the price group, then the user group; each trimmed, empty ones ignored, no duplicates.
 * Anonymous shoppers pass `{isEmployee: false, priceGroup: null, userGroup: null}` → `[]`.
 */
export function customerPriceGroups(input: CustomerGroupInput): string[] {
  const out: string[] = [];
  const add = (g: string | null | undefined): void => {
    const s = typeof g === 'string' ? g.trim() : '';
    if (s !== '' && !out.includes(s)) out.push(s);
  };
  if (input.isEmployee) add(EMPLOYEE_PRICE_GROUP);
  add(input.priceGroup);
  add(input.userGroup);
  return out;
}

/** One price-list row of a variant. */
export interface GroupPrice {
  groupCode: string;
  /** minor units ≥ 0 */
  priceMinor: number;
}

/** The price a customer pays from price lists. */
export interface BestGroupPrice {
  /** minor units, ≤ the list price */
  priceMinor: number;
  /** the group whose price won, or null when the list price stands */
  groupCode: string | null;
}

/**
 * The lowest price among the groups the customer is entitled to, never above the list price.
 * Rows of groups not in `entitledGroups` are ignored. A group price equal to or above the list
 * price does not win (`groupCode: null`); between equal group prices the group listed first in
 * `entitledGroups` wins (so EMPLOYEE before the others).
 * @param listPriceMinor the variant's list price, minor units ≥ 0
 * @throws RangeError on a negative or non-integer price (programming error)
 */
export function bestGroupPrice(listPriceMinor: number, groupPrices: ReadonlyArray<GroupPrice>, entitledGroups: readonly string[]): BestGroupPrice {
  if (!Number.isSafeInteger(listPriceMinor) || listPriceMinor < 0) throw new RangeError(`listPriceMinor must be a non-negative integer, got ${listPriceMinor}`);
  let best: BestGroupPrice = { priceMinor: listPriceMinor, groupCode: null };
  let bestRank = Number.POSITIVE_INFINITY;
  groupPrices.forEach((gp, i) => {
    if (!Number.isSafeInteger(gp.priceMinor) || gp.priceMinor < 0) throw new RangeError(`groupPrices[${i}].priceMinor must be a non-negative integer, got ${gp.priceMinor}`);
    const rank = entitledGroups.indexOf(gp.groupCode);
    if (rank < 0) return;
    if (gp.priceMinor < best.priceMinor || (gp.priceMinor === best.priceMinor && best.groupCode !== null && rank < bestRank)) {
      best = { priceMinor: gp.priceMinor, groupCode: gp.groupCode };
      bestRank = rank;
    }
  });
  return best;
}
