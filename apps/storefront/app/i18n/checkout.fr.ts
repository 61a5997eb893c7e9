/** Messages du panier, du paiement et de la confirmation (français). Mêmes clés que checkout.en.ts. */
import type { checkoutEn } from './checkout.en.ts';

export const checkoutFr: Record<keyof typeof checkoutEn, string> = {
  'cart.title': 'Votre panier',
};
