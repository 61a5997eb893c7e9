/**
 * Starter-kit landing pages (issue 13, ADR 0035; spec §2 landing slugs brewer-starter-kit,
 * {product}-starter-kit, small-business-bundle, trousse-de-demarrage-{product}), as CMS content
 * in English and French, for every starter kit (a bundle in the starter-kits category) sold on a
 * site.
 *
 * ## Rows written per site and kit (`landing-{KIT}`)
 * - `cms_pages`: uid `landing-{KIT}`, page_type `LandingPage`, label `starter-kit/{kit code in lower
 *   case}`, titles = the kit's names; data `{ en|fr: { configurationData: { kitCode, slugs: string[] },
 *   metadata: { title, description } } }` (slugs from `starterKitSlugs`: the landing slugs that open
 *   the page in that language).
 * - `cms_slots`: Hero → `landing-{KIT}-hero`, KitContents → `-contents`, Benefits → `-benefits`,
 *   Faq → `-faq`.
 * - `cms_components` (`{ en, fr }` data):
 *   - `HeroBannerComponent` `{ headline, text, ctaLabel, ctaUrl: '#kit-contents', imageProductCode: KIT, background, foreground }`;
 *   - `StarterKitContentsComponent` `{ title: string; bundleCode: string; intro: string }` (the
 *     storefront reads the bundle's components, price and savings from the product answer);
 *   - `BenefitListComponent` `{ title: string; items: Array<{ title: string; text: string }> }`;
 *   - `FaqComponent` `{ title: string; items: Array<{ question: string; answer: string }> }`.
 */
import type { Insertable } from 'kysely';
import type { BaseSiteUid, CatalogFileInput } from '@store/contracts';
import { starterKitSlugs } from '@store/domain';
import type { CmsComponentTable, CmsPageTable, CmsSlotTable } from '../schema.ts';
import { DEMO_CATEGORY_CODES as C, DEMO_CODES } from './catalog.ts';
import { frenchDeep, withFrenchTypography } from './french.ts';

type Lang = 'en' | 'fr';
type CatalogProductInput = CatalogFileInput['products'][number];

/** The rows the landing pages add (appended to the demo content's arrays). */
export interface LandingRows {
  pages: Array<Insertable<CmsPageTable>>;
  slots: Array<Insertable<CmsSlotTable>>;
  components: Array<Insertable<CmsComponentTable>>;
}

/** The starter kits of a site, in catalogue order (bundles in the starter-kits category). */
export function starterKitsOf(catalog: CatalogFileInput, site: BaseSiteUid): CatalogProductInput[] {
  return catalog.products.filter(
    (p) => p.productType === 'Bundle' && p.sites.includes(site) && !p.discontinued && p.categories.includes(C.starterKits) && p.bundle,
  );
}

/** The brewer (base product) in a kit, if any. */
function brewerOf(catalog: CatalogFileInput, kit: CatalogProductInput): CatalogProductInput | null {
  for (const item of kit.bundle?.items ?? []) {
    const p = catalog.products.find((x) => x.variants.some((v) => v.code === item.variantCode));
    if (p?.productType === 'Brewer') return p;
  }
  return null;
}

/** Adds the landing pages of every site to `rows` (see module comment). Pure and deterministic. */
export function addLandingContent(rows: LandingRows, catalog: CatalogFileInput, sites: readonly BaseSiteUid[], siteName: (site: BaseSiteUid) => string): void {
  for (const site of sites) {
    const name = siteName(site);
    for (const kit of starterKitsOf(catalog, site)) {
      const brewer = brewerOf(catalog, kit);
      const office = kit.code === DEMO_CODES.smallBusinessBundle;
      const slugs = starterKitSlugs({
        kitSlug: kit.slug,
        brewer: brewer ? { code: brewer.code, slug: brewer.slug } : null,
        isDefault: kit.code === DEMO_CODES.bundle,
        isSmallBusiness: office,
      });
      const uid = `landing-${kit.code}`;
      const both = <T>(f: (lang: Lang) => T): { en: T; fr: T } => ({ en: f('en'), fr: f('fr') });
      // "Brewhaus Solo": the brand and the brewer's code without its brand group (BH-SOLO → Solo)
      const shortName = brewer
        ? `${brewer.brand} ${brewer.code.split('-').slice(1).map((w) => w.charAt(0) + w.slice(1).toLowerCase()).join(' ')}`
        : null;
      const brewerName = (lang: Lang) => shortName ?? kit.name[lang];

      rows.pages.push({
        base_site: site,
        uid,
        page_type: 'LandingPage',
        label: `starter-kit/${kit.code.toLowerCase()}`,
        title_en: kit.name.en,
        title_fr: frenchDeep(kit.name.fr),
        data_json: JSON.stringify(
          withFrenchTypography(
            both((lang) => ({
              configurationData: { kitCode: kit.code, slugs: slugs[lang] },
              metadata: {
                title: `${kit.name[lang]} | ${name}`,
                description: kit.summary[lang],
              },
            })),
          ),
        ),
      });
      const component = (suffix: string, typeCode: string, data: { en: object; fr: object }) =>
        rows.components.push({ base_site: site, uid: `${uid}-${suffix}`, type_code: typeCode, data_json: JSON.stringify(withFrenchTypography(data)) });

      component('hero', 'HeroBannerComponent', both((lang) => ({
        headline: office
          ? lang === 'en' ? 'Open the break room on Monday' : 'Ouvrez la salle de pause dès lundi'
          : lang === 'en' ? `Start brewing with the ${brewerName('en')}` : `Commencez à infuser avec la ${brewerName('fr')}`,
        text: kit.summary[lang],
        ctaLabel: lang === 'en' ? 'See what’s in the kit' : 'Voir le contenu de la trousse',
        ctaUrl: '#kit-contents',
        imageProductCode: kit.code,
        background: office ? '#1f2b45' : '#3b2314',
        foreground: '#ffffff',
      })));
      component('contents', 'StarterKitContentsComponent', both((lang) => ({
        title: lang === 'en' ? 'What’s in the kit' : 'Contenu de la trousse',
        intro: kit.description[lang],
        bundleCode: kit.code,
      })));
      component('benefits', 'BenefitListComponent', both((lang) => ({
        title: lang === 'en' ? 'Why start with a kit' : 'Pourquoi commencer par une trousse',
        items: office
          ? lang === 'en'
            ? [
                { title: 'One order, one invoice', text: 'The brewer, the coffee and the upkeep arrive together.' },
                { title: 'Sized for a team', text: 'Three 96-count office packs: about a month for ten people.' },
                { title: 'Less upkeep', text: 'Descaling solution included, so the brewer keeps its flavor.' },
              ]
            : [
                { title: 'Une commande, une facture', text: 'La cafetière, le café et l’entretien arrivent ensemble.' },
                { title: 'Pensé pour une équipe', text: 'Trois formats bureau de 96 capsules : environ un mois pour dix personnes.' },
                { title: 'Moins d’entretien', text: 'Solution de détartrage incluse, pour que la cafetière garde son goût.' },
              ]
          : lang === 'en'
            ? [
                { title: 'Save on the set', text: 'The kit costs less than buying each item on its own.' },
                { title: 'Ready on day one', text: 'Brewer and pods arrive in one box: unpack, fill the reservoir, brew.' },
                { title: 'Find your favorite', text: 'Several beverages to try before you pick your everyday cup.' },
              ]
            : [
                { title: 'Économisez sur l’ensemble', text: 'La trousse coûte moins cher que chaque article acheté séparément.' },
                { title: 'Prête dès le premier jour', text: 'Cafetière et capsules arrivent dans la même boîte : déballez, remplissez le réservoir, infusez.' },
                { title: 'Trouvez votre préférée', text: 'Plusieurs boissons à essayer avant de choisir votre tasse de tous les jours.' },
              ],
      })));
      component('faq', 'FaqComponent', both((lang) => ({
        title: lang === 'en' ? 'Questions about the kit' : 'Questions sur la trousse',
        items:
          lang === 'en'
            ? [
                { question: 'Can I get the kit on auto-delivery?', answer: 'No, the kit is a one-time purchase. Once it arrives, put the beverages you like on auto-delivery from their own pages.' },
                { question: 'Does the kit ship free?', answer: 'Yes, the kit is above the free-shipping minimum on its own.' },
                { question: 'Can I choose other beverages?', answer: 'The kit’s beverages are fixed; add any other box to the same order.' },
              ]
            : [
                { question: 'Puis-je recevoir la trousse en livraison automatique?', answer: 'Non, la trousse est un achat unique. Une fois reçue, mettez les boissons qui vous plaisent en livraison automatique depuis leur propre page.' },
                { question: 'La livraison de la trousse est-elle gratuite?', answer: 'Oui, la trousse dépasse à elle seule le minimum de livraison gratuite.' },
                { question: 'Puis-je choisir d’autres boissons?', answer: 'Les boissons de la trousse sont fixes; ajoutez toute autre boîte à la même commande.' },
              ],
      })));
      const slot = (position: string, suffix: string, order: number) =>
        rows.slots.push({ base_site: site, page_uid: uid, position, component_uids: `${uid}-${suffix}`, sort_order: order });
      slot('Hero', 'hero', 1);
      slot('KitContents', 'contents', 2);
      slot('Benefits', 'benefits', 3);
      slot('Faq', 'faq', 4);
    }
  }
}
