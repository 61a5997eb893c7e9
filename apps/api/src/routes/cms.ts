/**
 * Content routes under /rest/v2/:baseSiteId (spec §7): GET /cms/pages, GET /cms/siteConfig,
 * GET /cms/components. Content lives in the database in English and French.
 */
import { siteAutoDeliveryView } from '../flows/auto-delivery-buy.ts';
import type { FastifyPluginAsync } from 'fastify';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';
import { notFound, SITES, type Lang } from '@store/domain';
import {
  CmsPageQuerySchema,
  CmsPageSchema,
  ComponentsAnswerSchema,
  ComponentsQuerySchema,
  OccErrorBodySchema,
  SiteConfigAnswerSchema,
  SiteConfigQuerySchema,
  type CmsComponent,
  type CmsSlot,
  type MessageItem,
} from '@store/contracts';
import { findCmsPage, getBaseSite, getComponents, getSiteConfig, type CmsComponentRecord, type CmsPageRecord, type DbHandle } from '@store/db';
import { answerLang } from './site-context.ts';

const errors = { 400: OccErrorBodySchema, 404: OccErrorBodySchema };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A component as answered: its data spread at the top level, uid and typeCode last (they win). */
export function presentComponent(c: CmsComponentRecord): CmsComponent {
  return { name: typeof c.data.name === 'string' ? c.data.name : c.uid, ...c.data, uid: c.uid, typeCode: c.typeCode };
}

function presentSlots(page: CmsPageRecord): CmsSlot[] {
  return page.slots.map((s) => ({
    slotId: `${page.uid}-${s.position}`,
    position: s.position,
    componentUids: { componentUidList: s.componentUids },
    components: {
      component: s.componentUids
        .map((uid) => page.components.get(uid))
        .filter((c): c is CmsComponentRecord => c !== undefined)
        .map(presentComponent),
    },
  }));
}

/**
 * Header messages of a page (spec §7 siteConfig messageItems): the page data's `messageItems`
 * when present; otherwise every component whose data has a `messageItems` array, and components of
 * a `*Message*` type, in slot order. Items carry `message` (from `message` or `text`) and `url`.
 */
export function messageItemsOf(page: CmsPageRecord): MessageItem[] {
  const items: MessageItem[] = [];
  const textOf = (x: Record<string, unknown>) =>
    typeof x.message === 'string' ? x.message : typeof x.text === 'string' ? x.text : typeof x.content === 'string' ? x.content : null;
  const urlOf = (x: Record<string, unknown>) => (typeof x.url === 'string' ? x.url : null);
  const own = page.data.messageItems;
  if (Array.isArray(own)) {
    own.filter(isRecord).forEach((m, i) => {
      const text = textOf(m);
      if (text !== null) items.push({ ...m, uid: typeof m.uid === 'string' ? m.uid : `${page.uid}-${i}`, message: text, url: urlOf(m) });
    });
    return items;
  }
  for (const slot of page.slots) {
    for (const uid of slot.componentUids) {
      const c = page.components.get(uid);
      if (!c) continue;
      const list = c.data.messageItems;
      if (Array.isArray(list)) {
        list.filter(isRecord).forEach((m, i) => {
          const text = textOf(m);
          if (text !== null) items.push({ ...m, uid: typeof m.uid === 'string' ? m.uid : `${c.uid}-${i}`, message: text, url: urlOf(m) });
        });
      } else if (/message/i.test(c.typeCode)) {
        const text = textOf(c.data);
        if (text !== null) items.push({ ...c.data, uid: c.uid, message: text, url: urlOf(c.data) });
      }
    }
  }
  return items;
}

function recordOrNull(x: unknown): Record<string, unknown> | null {
  return isRecord(x) ? x : null;
}

/** The content routes of an app (issue 11 item 3: defined once, served over HTTP and by the direct transport). */
export function cmsRouteList(dbh: DbHandle) {
  const db = () => dbh.db;

  const r0 = defineRoute({
    method: 'GET',
    url: '/cms/pages',
    auth: 'none',
    docs: {
      tags: ['content'],
      summary: 'A CMS page with its content slots and components',
      description:
        'pageType defaults to ContentPage. ContentPage pages are found by pageLabelOrId (default homepage); ProductPage/CategoryPage by code, falling back to the template page of the type.',
    },
    schema: {
      querystring: CmsPageQuerySchema,
      response: { 200: CmsPageSchema, ...errors },
    },
    async handler({ query }, rc) {
      const site = rc.site;
      const lang = answerLang(site, query.lang);
      const { pageType, code, pageLabelOrId } = query;
      const page = await findCmsPage(db(), { site, lang, pageType, labelOrId: pageLabelOrId ?? null, code: code ?? null });
      if (!page) {
        const key = pageLabelOrId ?? code ?? 'homepage';
        throw notFound('CMSItemNotFoundError', 'notFound', `No ${pageType} page '${key}'`, pageLabelOrId ? 'pageLabelOrId' : 'code');
      }
      return {
        uid: page.uid,
        title: page.title,
        pageType: page.pageType,
        label: page.label,
        contentSlots: { contentSlot: presentSlots(page) },
        configurationData: recordOrNull(page.data.configurationData),
        metadata: recordOrNull(page.data.metadata),
      };
    },
  });


  const r1 = defineRoute({
    method: 'GET',
    url: '/cms/siteConfig',
    auth: 'none',
    docs: {
      tags: ['content'],
      summary: 'Site configuration and header messages (pageLabelOrId=NAVIGATIONHEADER)',
    },
    schema: {
      querystring: SiteConfigQuerySchema,
      response: { 200: SiteConfigAnswerSchema, ...errors },
    },
    async handler({ query }, rc) {
      const site = rc.site;
      const lang = answerLang(site, query.lang);
      const uid = query.pageLabelOrId;
      const [baseSite, config, page] = await Promise.all([
        getBaseSite(db(), site),
        getSiteConfig(db(), site),
        findCmsPage(db(), { site, lang, pageType: 'ContentPage', labelOrId: uid }),
      ]);
      const info = SITES[site];
      const languages = (baseSite?.languages ?? info.languages).filter((l): l is Lang => l === 'en' || l === 'fr');
      return {
        uid,
        lang,
        baseSite: {
          uid: site,
          name: baseSite?.name ?? info.name,
          currency: baseSite?.currency ?? info.currency,
          languages,
          defaultLanguage: baseSite?.defaultLanguage === 'fr' ? ('fr' as const) : ('en' as const),
          theme: baseSite?.theme ?? info.theme,
        },
        messageItems: page ? messageItemsOf(page) : [],
        siteConfigurations: config,
        contentSlots: { contentSlot: page ? presentSlots(page) : [] },
        autoDelivery: await siteAutoDeliveryView(db(), site),
      };
    },
  });


  const r2 = defineRoute({
    method: 'GET',
    url: '/cms/components',
    auth: 'none',
    docs: {
      tags: ['content'],
      summary: 'Component data by uid (comma list); unknown uids are skipped',
    },
    schema: {
      querystring: ComponentsQuerySchema,
      response: { 200: ComponentsAnswerSchema, ...errors },
    },
    async handler({ query }, rc) {
      const site = rc.site;
      const lang = answerLang(site, query.lang);
      const { pageSize, currentPage } = query;
      const uids = [...new Set(query.componentIds.split(',').map((s) => s.trim()).filter(Boolean))];
      const pageUids = uids.slice(currentPage * pageSize, (currentPage + 1) * pageSize);
      const found = await getComponents(db(), { site, lang, uids: pageUids });
      const component = pageUids.map((uid) => found.get(uid)).filter((c): c is CmsComponentRecord => c !== undefined).map(presentComponent);
      return {
        component,
        pagination: { currentPage, pageSize, totalPages: Math.ceil(uids.length / pageSize), totalResults: uids.length, sort: 'input' },
      };
    },
  });
  return [r0, r1, r2];
}

/** Registers the content routes on the /rest/v2/:baseSiteId scope. */
export const cmsRoutes: FastifyPluginAsync = async (scope) => {
  registerApiRoutes(scope, cmsRouteList(scope.dbh));
};
