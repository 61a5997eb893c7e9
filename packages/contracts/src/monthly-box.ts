/**
 * Monthly-box contracts (issue 10 "Subscriptions beyond AD"; spec §7 "monthly subscription plan",
 * §9 "Monthly products filter box counts 20, 22, 24"; ADR 0018 `MONTHLY_BOX`).
 */
import { z } from 'zod';
import { MONTHLY_BOX_COUNTS, MONTHLY_BOX_ROTATIONS } from '@store/domain';
import { ListQuerySchema, PaginationSchema, ProductCardSchema } from './catalog.ts';

/** GET /autoDelivery/monthlyProducts query: the listing query and an optional box count (20, 22 or 24). */
export const MonthlyProductsQuerySchema = ListQuerySchema.omit({ q: true }).extend({
  boxCount: z.coerce
    .number()
    .int()
    .refine((n) => (MONTHLY_BOX_COUNTS as readonly number[]).includes(n), { message: `boxCount must be one of ${MONTHLY_BOX_COUNTS.join(', ')}` })
    .optional(),
});
export type MonthlyProductsQuery = z.infer<typeof MonthlyProductsQuerySchema>;

/** One monthly box of the curated rotation. */
export const MonthlyBoxVariantSchema = z.object({
  productCode: z.string(),
  variantCode: z.string(),
  /** pods in the box: 20, 22 or 24 */
  count: z.number().int(),
});

/** GET /autoDelivery/monthlyProducts answer: the monthly products (cards) of the box counts asked for. */
export const MonthlyProductsAnswerSchema = z.object({
  /** every box count the store offers: [20, 22, 24] */
  boxCounts: z.array(z.number().int()),
  /** the box count asked for, or null for all */
  boxCount: z.number().int().nullable(),
  /** how a box can be filled each month: the shopper chooses, or a curated rotation */
  rotations: z.array(z.enum(MONTHLY_BOX_ROTATIONS)),
  products: z.array(ProductCardSchema),
  pagination: PaginationSchema,
  /** the curated rotation, in order: the operator's list (`monthlyBoxRotation`) or the boxes listed here */
  curatedRotation: z.array(MonthlyBoxVariantSchema),
});
export type MonthlyProductsAnswer = z.infer<typeof MonthlyProductsAnswerSchema>;
