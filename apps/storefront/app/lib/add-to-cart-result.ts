/**
 * The answer of the add-to-cart action (app/routes/add-to-cart.tsx) to a fetcher (JavaScript on):
 * success with the cart's unit count, or the OCC `reason` of the refusal (translated by the form);
 * `text`, when set, is the translated message of a bad field, naming it (issue 11 item 1).
 */
export type AddToCartResult =
  | { ok: true; cartQuantity: number; productName: string | null }
  | { ok: false; reason: string; available?: number; text?: string };


/** Message ids of the auto-delivery add-to-cart refusals (issue 10). */
type AdAddErrorKey =
  | 'adBuy.error.notAdEligible'
  | 'adBuy.error.invalidFrequency'
  | 'adBuy.error.invalidPodsAtHomeQty'
  | 'adBuy.error.invalidCupsPerDay'
  | 'adBuy.error.invalidDayOfMonth';

/** The message id of an add-to-cart refusal reason. */
export function addToCartErrorKey(
  reason: string,
):
  | 'addToCart.error.insufficientStock'
  | 'addToCart.error.outOfStock'
  | 'addToCart.error.invalidQuantity'
  | 'addToCart.error.notFound'
  | 'addToCart.error.generic'
  | AdAddErrorKey {
  switch (reason) {
    // issue 10: auto-delivery refusals (ADR 0018 "Buying")
    case 'notAdEligible':
    case 'invalidFrequency':
    case 'invalidPodsAtHomeQty':
    case 'invalidCupsPerDay':
    case 'invalidDayOfMonth':
      return `adBuy.error.${reason}`;
    case 'insufficientStock':
      return 'addToCart.error.insufficientStock';
    case 'outOfStock':
    case 'noStock':
      return 'addToCart.error.outOfStock';
    case 'invalidQuantity':
    case 'invalidQty':
    case 'maxQuantityExceeded':
    case 'invalid':
      return 'addToCart.error.invalidQuantity';
    case 'notFound':
    case 'unknownProduct':
    case 'UnknownIdentifierError':
    case 'discontinued':
    case 'notSold':
      return 'addToCart.error.notFound';
    default:
      return 'addToCart.error.generic';
  }
}
