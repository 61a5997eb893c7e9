/**
 * Order fulfilment contracts (issue 12, ADR 0027): the operator's ship call
 * `POST /rest/v2/{baseSiteId}/orders/{orderCode}/consignments` and the consignments customers see
 * on their orders (spec §3 status display: partiallyshipped → partially-shipped).
 */
import { z } from 'zod';
import { BaseSiteParamsSchema } from './catalog.ts';
import { codeInput, entryNumberInput, INPUT_REASONS, stringInputProblem } from './input.ts';

/** Longest tracking number, characters. */
export const TRACKING_NUMBER_MAX = 64;
/** Longest carrier name, characters. */
export const CARRIER_MAX = 32;
/** Most lines in one ship call. */
export const SHIP_ENTRIES_MAX = 200;
/** Most units of one line in one ship call (order lines hold at most 99; room for bundles). */
export const SHIP_QTY_MAX = 9_999;

/** Characters of tracking numbers and carrier names: letters, digits, space and `- _ . /`. */
export const TRACKING_CHARSET = /^[A-Za-z0-9][A-Za-z0-9 _./-]*$/;

/**
 * A short label of the ship call (tracking number, carrier): trimmed, then 1..`max` characters,
 * no control character (`invalidCharacters`), only {@link TRACKING_CHARSET} (`invalidCharacters`,
 * message naming the allowed characters), `tooLong` over `max`.
 */
function shippingLabel(max: number) {
  return z
    .string()
    .trim()
    .check((ctx) => {
      const problem = stringInputProblem(ctx.value, max);
      if (problem === 'tooLong') {
        ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value, message: `must be at most ${max} characters`, params: { reason: INPUT_REASONS.tooLong } });
      } else if (problem === 'invalidCharacters') {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'must not contain control characters', params: { reason: INPUT_REASONS.invalidCharacters } });
      } else if (ctx.value.length === 0) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'is required', params: { reason: INPUT_REASONS.required } });
      } else if (!TRACKING_CHARSET.test(ctx.value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'may only contain letters, digits, spaces and - _ . /', params: { reason: INPUT_REASONS.invalidCharacters } });
      }
    })
    .meta({ minLength: 1, maxLength: max, pattern: TRACKING_CHARSET.source });
}

/** One line of a ship call: its entry number on the order and the units shipped. */
export const ShipEntryRequestSchema = z.object({
  entryNumber: entryNumberInput(),
  quantity: z.number().int().min(1).max(SHIP_QTY_MAX),
});
export type ShipEntryRequest = z.infer<typeof ShipEntryRequestSchema>;

/**
 * Body of the ship call: `trackingNumber` (required), `carrier` (optional), `entries` (optional:
 * absent ships every unit not yet shipped; present: 1..200 lines with distinct entry numbers).
 */
export const ShipOrderRequestSchema = z.object({
  trackingNumber: shippingLabel(TRACKING_NUMBER_MAX),
  carrier: shippingLabel(CARRIER_MAX).optional(),
  entries: z
    .array(ShipEntryRequestSchema)
    .min(1)
    .max(SHIP_ENTRIES_MAX)
    .superRefine((entries, ctx) => {
      const seen = new Set<number>();
      entries.forEach((e, i) => {
        if (seen.has(e.entryNumber)) ctx.addIssue({ code: 'custom', path: [i, 'entryNumber'], message: `entry ${e.entryNumber} is listed twice`, params: { reason: 'duplicateEntry' } });
        seen.add(e.entryNumber);
      });
    })
    .optional(),
});
export type ShipOrderRequest = z.infer<typeof ShipOrderRequestSchema>;

/** Path parameters of the ship call. */
export const ShipOrderParamsSchema = BaseSiteParamsSchema.extend({ orderCode: codeInput(32) });

/** Units of one order line in a consignment. */
export const ConsignmentEntrySchema = z.object({
  entryNumber: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export type ConsignmentEntry = z.infer<typeof ConsignmentEntrySchema>;

/** One shipment of an order. */
export const ConsignmentSchema = z.object({
  /** `<order code>-<n>` */
  code: z.string(),
  trackingNumber: z.string(),
  carrier: z.string().nullable(),
  /** ISO-8601 UTC */
  shippedAt: z.string(),
  entries: z.array(ConsignmentEntrySchema),
});
export type Consignment = z.infer<typeof ConsignmentSchema>;

/** Answer of the ship call (201): the new consignment and the order's status after it. */
export const ShipOrderResponseSchema = z.object({
  orderCode: z.string(),
  /** `shipped` or `partiallyshipped` */
  status: z.string(),
  /** spec §3 mapping: `shipped` or `partially-shipped` */
  statusDisplay: z.string(),
  /** every unit of every line has shipped */
  complete: z.boolean(),
  consignment: ConsignmentSchema,
});
export type ShipOrderResponse = z.infer<typeof ShipOrderResponseSchema>;

/** Why units come back (ADR 0027 "Returns"). */
export const RETURN_REASONS = ['damaged', 'wrongItem', 'notWanted', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/**
 * Body of the operator's return call `POST /orders/{orderCode}/returns`: `entries` (required,
 * 1..200 lines with distinct entry numbers, each 1..9999 units), `reason` (optional, one of
 * {@link RETURN_REASONS}; anything else, NUL bytes and long strings included, is a 400 on `reason`).
 */
export const ReturnOrderRequestSchema = z.object({
  entries: z
    .array(ShipEntryRequestSchema)
    .min(1)
    .max(SHIP_ENTRIES_MAX)
    .superRefine((entries, ctx) => {
      const seen = new Set<number>();
      entries.forEach((e, i) => {
        if (seen.has(e.entryNumber)) ctx.addIssue({ code: 'custom', path: [i, 'entryNumber'], message: `entry ${e.entryNumber} is listed twice`, params: { reason: 'duplicateEntry' } });
        seen.add(e.entryNumber);
      });
    }),
  reason: z.enum(RETURN_REASONS).optional(),
});
export type ReturnOrderRequest = z.infer<typeof ReturnOrderRequestSchema>;

/** Units of one order line in a return and the money owed back for them (minor units). */
export const ReturnEntrySchema = z.object({
  entryNumber: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
  refundMinor: z.number().int().nonnegative(),
});
export type ReturnEntry = z.infer<typeof ReturnEntrySchema>;

/** One return of an order (the operator's answer; ADR 0027 "Returns"). */
export const OrderReturnSchema = z.object({
  /** `<order code>-R<n>` */
  code: z.string(),
  reason: z.enum(RETURN_REASONS).nullable(),
  /** ISO-8601 UTC */
  createdAt: z.string(),
  entries: z.array(ReturnEntrySchema),
  /** money owed back for the units (merchandise net of discount, plus its tax share), minor units */
  refundMinor: z.number().int().nonnegative(),
  /** part refunded to the card, minor units */
  cardRefundMinor: z.number().int().nonnegative(),
  /** part credited back to the gift cards that paid the order, minor units (card + gift card = refund) */
  giftCardRefundMinor: z.number().int().nonnegative(),
  /** `pending`, `refunded`, `failed` (an operator refunds by hand) or `none` */
  refundStatus: z.string(),
  pointsReversed: z.number().int().nonnegative(),
  /** points the member had already spent: not taken back (no negative balance) */
  pointsNotRecovered: z.number().int().nonnegative(),
});
export type OrderReturn = z.infer<typeof OrderReturnSchema>;

/**
 * A return as the customer sees it on the order detail (ADR 0027 "Returns"): code, date, lines
 * and the money refunded for them (the order schema adds `refund`, a PriceData, to each).
 */
export const CustomerOrderReturnSchema = z.object({
  /** `<order code>-R<n>` */
  code: z.string(),
  /** ISO-8601 UTC */
  createdAt: z.string(),
  entries: z.array(ConsignmentEntrySchema),
});
export type CustomerOrderReturn = z.infer<typeof CustomerOrderReturnSchema>;
