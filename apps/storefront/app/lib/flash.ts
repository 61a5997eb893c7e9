/** The add-to-cart outcome shown once by the snackbar after a no-JavaScript redirect (spec §4). */
export type Flash =
  | { kind: 'added'; name: string | null; cartQuantity: number }
  | { kind: 'error'; reason: string };
