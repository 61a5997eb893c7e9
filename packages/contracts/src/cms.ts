/**
 * Content bodies (spec §3 Content slots / Site configuration, spec §7 GET /cms/pages,
 * /cms/siteConfig, component data). Content lives in the database, in English and French.
 *
 * A component answers `{ uid, typeCode, name, ...data }`: its per-language data (see the shapes
 * documented at the top of packages/db/src/seed/content.ts) is spread at the top level, OCC style,
 * so the schema is loose: known keys are typed, the rest passes through.
 */
import { z } from 'zod';
import { SiteConfigAutoDeliveryFieldsSchema } from './auto-delivery.ts';
import { codeInput, codeListInput, INPUT_LIMITS, safeText } from './input.ts';
import { LangSchema, PaginationSchema } from './catalog.ts';

/** A CMS component (banner, paragraph, product carousel, link list, ...). */
export const CmsComponentSchema = z.looseObject({
  uid: z.string(),
  typeCode: z.string(),
  name: z.string().optional(),
});
export type CmsComponent = z.infer<typeof CmsComponentSchema>;

/** A content slot (spec §3: position, component uids). */
export const CmsSlotSchema = z.object({
  slotId: z.string(),
  position: z.string(),
  componentUids: z.object({ componentUidList: z.array(z.string()) }),
  components: z.object({ component: z.array(CmsComponentSchema) }),
});
export type CmsSlot = z.infer<typeof CmsSlotSchema>;

/** GET /cms/pages */
export const CmsPageSchema = z.object({
  uid: z.string(),
  title: z.string(),
  pageType: z.string(),
  label: z.string().nullable(),
  contentSlots: z.object({ contentSlot: z.array(CmsSlotSchema) }),
  /** page-specific data in the request language (e.g. loginContentPage), null when none */
  configurationData: z.record(z.string(), z.unknown()).nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type CmsPage = z.infer<typeof CmsPageSchema>;

/**
 * Query of GET /cms/pages: `pageType` defaults to ContentPage (spec §2). ContentPage pages are
 * found by `pageLabelOrId` (label or uid; default `homepage`); ProductPage / CategoryPage by `code`
 * (falling back to the site's template page of that type).
 */
export const CmsPageQuerySchema = z.object({
  pageType: codeInput().default('ContentPage'),
  code: codeInput().optional(),
  pageLabelOrId: safeText(INPUT_LIMITS.label).optional(),
  lang: LangSchema.optional(),
  fields: codeInput().optional(),
  react: codeInput().optional(),
});

/** A header message (spec §7 siteConfig messageItems). */
export const MessageItemSchema = z.looseObject({
  uid: z.string(),
  message: z.string(),
  url: z.string().nullable(),
});
export type MessageItem = z.infer<typeof MessageItemSchema>;

export const SiteConfigurationSchema = z.object({ key: z.string(), value: z.string() });

/** The base site itself (currency, languages, theme). */
export const BaseSiteInfoSchema = z.object({
  uid: z.string(),
  name: z.string(),
  currency: z.string(),
  languages: z.array(LangSchema),
  defaultLanguage: LangSchema,
  theme: z.string(),
});
export type BaseSiteInfo = z.infer<typeof BaseSiteInfoSchema>;

/** GET /cms/siteConfig?pageLabelOrId=NAVIGATIONHEADER */
export const SiteConfigAnswerSchema = z.object({
  uid: z.string(),
  lang: LangSchema,
  baseSite: BaseSiteInfoSchema,
  messageItems: z.array(MessageItemSchema),
  siteConfigurations: z.array(SiteConfigurationSchema),
  /** the page's slots (header/footer navigation) when the page exists, else empty */
  contentSlots: z.object({ contentSlot: z.array(CmsSlotSchema) }),
  /** issue 10: the site's auto-delivery settings and campaigns (ADR 0018) */
  ...SiteConfigAutoDeliveryFieldsSchema.shape,
});
export type SiteConfigAnswer = z.infer<typeof SiteConfigAnswerSchema>;

export const SiteConfigQuerySchema = z.object({
  pageLabelOrId: safeText(INPUT_LIMITS.label).default('NAVIGATIONHEADER'),
  lang: LangSchema.optional(),
});

/** GET /cms/components?componentIds=a,b (unknown ids are skipped) */
export const ComponentsQuerySchema = z.object({
  componentIds: codeListInput().min(1),
  lang: LangSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
  currentPage: z.coerce.number().int().min(0).default(0),
});
export const ComponentsAnswerSchema = z.object({
  component: z.array(CmsComponentSchema),
  pagination: PaginationSchema,
});
export type ComponentsAnswer = z.infer<typeof ComponentsAnswerSchema>;
