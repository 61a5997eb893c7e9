/** Cart, checkout and confirmation messages (English). Same keys as checkout.fr.ts. */
export const checkoutEn = {
  'cart.title': 'Your cart',
} as const;
