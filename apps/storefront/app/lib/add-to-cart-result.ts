/**
 * The answer of the add-to-cart action (app/routes/add-to-cart.tsx) to a fetcher (JavaScript on):
 * success with the cart's unit count, or the OCC `reason` of the refusal (translated by the form).
 */
export type AddToCartResult =
  | { ok: true; cartQuantity: number; productName: string | null }
  | { ok: false; reason: string; available?: number };

/** The message id of an add-to-cart refusal reason. */
export function addToCartErrorKey(
  reason: string,
):
  | 'addToCart.error.insufficientStock'
  | 'addToCart.error.outOfStock'
  | 'addToCart.error.invalidQuantity'
  | 'addToCart.error.notFound'
  | 'addToCart.error.generic' {
  switch (reason) {
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
