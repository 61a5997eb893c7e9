/** The add-to-cart outcome shown once by the snackbar after a no-JavaScript redirect (spec §4). */
export type Flash =
  | { kind: 'added'; name: string | null; cartQuantity: number }
  /** `text`: a bad field's translated message, naming it (issue 11 item 1); else the reason's message */
  | { kind: 'error'; reason: string; text?: string }
  /** issue 4 `?coupon=CODE` (applyQueryParamCoupon): the translated outcome, and the coupon's page */
  | { kind: 'coupon'; ok: boolean; text: string; link: string | null };
