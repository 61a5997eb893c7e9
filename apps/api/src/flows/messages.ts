/**
 * Shopper-facing texts the commerce API answers in the shopper's language (English and French):
 * success messages (snackbar, spec §4) and cart validation findings (spec §2). Error bodies keep
 * English messages; the storefront translates them by `reason`.
 */
import type { Lang } from '@store/domain';

/** The commerce texts of one language. */
export interface CommerceMessages {
  addedToCart(name: string): string;
  addedManyToCart(count: number): string;
  insufficientStock(available: number): string;
  outOfStock: string;
  discontinued: string;
  notSold: string;
  /** cart merge at sign-in (issue 3): a line capped by the stock or the per-line maximum */
  quantityCapped(quantity: number, requested: number): string;
  /** issue 10: an auto-delivery line whose product can no longer be bought on auto-delivery */
  notAdEligible: string;
}

/** English and French texts. */
export const COMMERCE_MESSAGES: Record<Lang, CommerceMessages> = {
  en: {
    addedToCart: (name) => `${name} was added to your cart.`,
    addedManyToCart: (count) => (count === 1 ? '1 item was added to your cart.' : `${count} items were added to your cart.`),
    insufficientStock: (available) => `Only ${available} left`,
    outOfStock: 'This item is out of stock',
    discontinued: 'This item is no longer available',
    notSold: 'This item is not sold on this store',
    quantityCapped: (quantity, requested) => `Only ${quantity} of the ${requested} requested could be kept in your cart`,
    notAdEligible: 'This item can no longer be bought on auto-delivery; buy it once instead',
  },
  fr: {
    addedToCart: (name) => `${name} a été ajouté à votre panier.`,
    addedManyToCart: (count) => (count === 1 ? '1 article a été ajouté à votre panier.' : `${count} articles ont été ajoutés à votre panier.`),
    insufficientStock: (available) => `Il n’en reste que ${available}`,
    outOfStock: 'Cet article est en rupture de stock',
    discontinued: 'Cet article n’est plus offert',
    notSold: 'Cet article n’est pas vendu dans cette boutique',
    quantityCapped: (quantity, requested) => `Seulement ${quantity} des ${requested} demandés ont pu être gardés dans votre panier`,
    notAdEligible: 'Cet article ne peut plus être acheté en livraison automatique\u202f; achetez-le une seule fois',
  },
};
