/**
 * CMS content (spec §3 Content slots, spec §7 GET /cms/pages, component data): pages, their slots
 * and components, per base site, in English and French. Component and page data are JSON of the
 * shape `{ "en": {...}, "fr": {...} }`; readers get the request language (English when the
 * French text is missing). A page with its slots and components is three statements.
 */
import { cachedRead, type Executor } from '../connection.ts';

/** A component in one language: its uid, type and data. */
export interface CmsComponentRecord {
  uid: string;
  typeCode: string;
  data: Record<string, unknown>;
}

/** A slot: its position and component uids, in order. */
export interface CmsSlotRecord {
  position: string;
  componentUids: string[];
  sortOrder: number;
}

/** A page in one language with its slots and the components they reference. */
export interface CmsPageRecord {
  uid: string;
  pageType: string;
  label: string | null;
  title: string;
  /** the page's data in the request language (configurationData, metadata, ...) */
  data: Record<string, unknown>;
  slots: CmsSlotRecord[];
  /** every component referenced by the slots, by uid (missing uids are absent) */
  components: Map<string, CmsComponentRecord>;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Picks the language of a `{ en, fr }` JSON object (English when the language is missing). An
 * object without `en`/`fr` keys is language-neutral and answered as is.
 */
export function pickLang(json: string, lang: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  if ('en' in parsed || 'fr' in parsed) {
    const value = parsed[lang] ?? parsed.en;
    return isRecord(value) ? value : {};
  }
  return parsed;
}

/** Components of a site by uid, in one language (unknown uids are absent). One statement. */
export async function getComponents(
  db: Executor,
  opts: { site: string; lang: string; uids: readonly string[] },
): Promise<Map<string, CmsComponentRecord>> {
  const uids = [...new Set(opts.uids)];
  if (uids.length === 0) return new Map();
  const rows = await db
    .selectFrom('cms_components')
    .select(['uid', 'type_code', 'data_json'])
    .where('base_site', '=', opts.site)
    .where('uid', 'in', uids)
    .execute();
  return new Map(rows.map((r) => [r.uid, { uid: r.uid, typeCode: r.type_code, data: pickLang(r.data_json, opts.lang) }]));
}

/** Splits a comma list of uids. */
function splitUids(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A page of a site with its slots and components, or null.
 * - ContentPage (and any type given `labelOrId`): the page whose uid or label is `labelOrId`
 *   (a leading `/` in the label is ignored), of that page type when several share a label.
 * - Other page types with `code` (ProductPage, CategoryPage): the page whose uid or label is the
 *   code, else the site's template page of that type (the first by uid).
 */
export async function findCmsPage(
  db: Executor,
  opts: { site: string; lang: string; pageType: string; labelOrId?: string | null; code?: string | null },
): Promise<CmsPageRecord | null> {
  // Cached for the handle's read-cache TTL (ADR 0011): the answer is shared, callers only read it.
  const cacheKey = `cms_page:${JSON.stringify([opts.site, opts.lang, opts.pageType, opts.labelOrId ?? null, opts.code ?? null])}`;
  return cachedRead(db, cacheKey, () => loadCmsPage(db, opts));
}

async function loadCmsPage(
  db: Executor,
  opts: { site: string; lang: string; pageType: string; labelOrId?: string | null; code?: string | null },
): Promise<CmsPageRecord | null> {
  const key = opts.labelOrId ?? opts.code ?? (opts.pageType === 'ContentPage' ? 'homepage' : null);
  const candidates = await db
    .selectFrom('cms_pages')
    .selectAll()
    .where('base_site', '=', opts.site)
    .where((eb) => {
      const ors = [eb('page_type', '=', opts.pageType)];
      if (key !== null) {
        ors.push(eb('uid', '=', key), eb('label', '=', key), eb('label', '=', `/${key.replace(/^\//, '')}`));
        ors.push(eb('label', '=', key.replace(/^\//, '')));
      }
      return eb.or(ors);
    })
    .orderBy('uid')
    .execute();
  const bare = key?.replace(/^\//, '') ?? null;
  const matchesKey = (p: (typeof candidates)[number]) =>
    bare !== null && (p.uid === key || p.uid === bare || p.label === key || p.label?.replace(/^\//, '') === bare);
  const row =
    candidates.find((p) => matchesKey(p) && p.page_type === opts.pageType) ??
    candidates.find((p) => matchesKey(p)) ??
    (opts.pageType !== 'ContentPage' && !opts.labelOrId ? candidates.find((p) => p.page_type === opts.pageType) : undefined);
  if (!row) return null;

  const slotRows = await db
    .selectFrom('cms_slots')
    .select(['position', 'component_uids', 'sort_order'])
    .where('base_site', '=', opts.site)
    .where('page_uid', '=', row.uid)
    .orderBy('sort_order')
    .orderBy('position')
    .execute();
  const slots = slotRows.map((s) => ({ position: s.position, componentUids: splitUids(s.component_uids), sortOrder: Number(s.sort_order) }));
  const components = await getComponents(db, { site: opts.site, lang: opts.lang, uids: slots.flatMap((s) => s.componentUids) });
  return {
    uid: row.uid,
    pageType: row.page_type,
    label: row.label,
    title: opts.lang === 'fr' ? row.title_fr : row.title_en,
    data: pickLang(row.data_json, opts.lang),
    slots,
    components,
  };
}
