/**
 * Client-side cart UI state shared by the add-to-cart forms and the shell: the snackbar message
 * (spec §4: shown for SNACKBAR_MS after a successful add to cart) and the cart count known from
 * the latest add-to-cart answer (until the root loader revalidates).
 */
import { createContext, useContext } from 'react';

/** A snackbar message. */
export interface SnackMessage {
  kind: 'success' | 'error';
  text: string;
  /** link shown beside a success message (the cart) */
  link?: { href: string; label: string };
}

/** What the add-to-cart forms can do to the shell. */
export interface CartUi {
  notify(message: SnackMessage): void;
  setCartQuantity(quantity: number): void;
}

export const CartUiContext = createContext<CartUi>({ notify: () => {}, setCartQuantity: () => {} });

/** The shell's cart UI (snackbar, count). */
export function useCartUi(): CartUi {
  return useContext(CartUiContext);
}
