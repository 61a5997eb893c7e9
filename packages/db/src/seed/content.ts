/**
 * Site configuration and CMS content of the three storefronts, in English and French (issue 2,
 * spec §3 "Content slots", "Site configuration", §7 `GET /cms/pages`, `GET /cms/siteConfig`).
 *
 * ## Tables written (per base site usb2c, cab2c, usafh)
 * - `base_sites`: usb2c "Brewhaus" (USD, en, white), cab2c "Brewhaus Canada" (CAD, en+fr, brown),
 *   usafh "Brewhaus Office" (USD, en, white).
 * - `site_config` (values are strings; money in minor units):
 *   `freeShippingMinimum` (2900 / 5500 / 2900), `standardShipping` (799 / 1199 / 999),
 *   `expeditedShipping` (1999 / 2499 / 2499), `freeShippingExcludedRegions` ("AK,HI,PR" on the US
 *   sites, "" on cab2c), `supportPhone`, `supportEmail`, `supportHours` ("07:00-24:00 EST", every
 *   day), `emailReplyHours` ("24-48"), `loyaltyEnabled` / `rewardsEnabled` / `perksEnabled`
 *   ("false"), `brewerDiscountPercent`, `frotherDiscountPercent`, the auto-delivery settings of
 *   ADR 0018 (`AUTO_DELIVERY_SETTINGS`: `adDiscountBps`, `podsAtHomeMaxQty`, ...), `contentfulCardLimit` ("6"),
 *   `productPageSize` ("36"), `snackbarMs` ("5000"), `recentProductsCookieDays` ("30", issue 13),
 *   `search.keywordRedirects` (issue 13: descaling words → the descaler's page, JSON object of
 *   folded term → path without the language prefix).
 * - `cms_pages` (uid / page_type / label):
 *   `homepage` / ContentPage / "homepage" — data `{ metadata: { title, description } }`;
 *   `loginContentPage` / ContentPage / "loginContentPage" — data `{ title, configurationData: { guestCheckoutEnabled, signupEnabled, forgotPasswordEnabled }, metadata: { title, description } }`;
 *   `NAVIGATIONHEADER` / SiteConfigPage / "NAVIGATIONHEADER" — data `{ messageItems: MessageItem[] }` (the same items as its MessageBar component);
 *   `NAVIGATIONFOOTER` / SiteConfigPage / "NAVIGATIONFOOTER" — data `{}`;
 *   `email-us-page` / ContentPage / "support/email-us-page" (served at /content/support/email-us-page) — data `{ metadata }`;
 *   `discontinued-items` / ContentPage / "discontinued-items" (en /discontinued-items, fr /fr/article-de-fin-de-serie) — data `{ metadata, path }`;
 *   `categoryPageTemplate` / CategoryPage / null; `productPageTemplate` / ProductPage / null — data `{}`.
 *   Page `data_json` is `{ "en": {...}, "fr": {...} }`.
 * - `cms_slots` (page uid → position → component uids, in order):
 *   homepage: HeroBanner, CategoryTiles, ProductCarousel, BrewerHighlight, StarterKitBanner;
 *   NAVIGATIONHEADER: MessageBar, Navigation; NAVIGATIONFOOTER: FooterLinks;
 *   email-us-page: Body; discontinued-items: Body, Recommendations;
 *   categoryPageTemplate: BelowHeader; productPageTemplate: CrossSell.
 * - `cms_components`, `data_json` = `{ "en": D, "fr": D }` where D depends on `type_code`:
 *   - `HeroBannerComponent` and `BannerComponent`: `{ headline: string; text: string; ctaLabel: string;
 *     ctaUrl: string; imageProductCode: string | null; background: string; foreground: string }`
 *     (colours '#rrggbb'; the image is the product's generated SVG).
 *   - `CategoryTilesComponent`: `{ title: string; tiles: Array<{ categoryCode: string; label: string;
 *     url: string; imageProductCode: string | null }> }`.
 *   - `ProductCarouselComponent`: `{ title: string; productCodes: string[] }` (base product codes
 *     sold on the site, in display order).
 *   - `MessageBarComponent`: `{ messageItems: Array<{ text: string; url: string | null }> }`.
 *   - `NavigationComponent`: `{ items: Array<{ label: string; url: string; categoryCode: string | null;
 *     children: Array<{ label: string; url: string; categoryCode: string | null }> }> }`.
 *   - `FooterLinksComponent`: `{ columns: Array<{ title: string; links: Array<{ label: string; url: string }> }>;
 *     legal: string }`.
 *   - `ParagraphComponent`: `{ title: string; paragraphs: string[] }`.
 *
 * URLs in content are site-relative paths without the language prefix (`/c/BR`,
 * `/b/BUNDLE-BREWER-STARTER`, `/{slug}/p/{code}` with the slug of the data's language,
 * `/content/support/email-us-page`); the storefront adds `/fr` for French pages.
 */
import type { Insertable, Kysely } from 'kysely';
import type { BaseSiteUid } from '@store/contracts';
import type { CmsComponentTable, CmsPageTable, CmsSlotTable, Database, SiteConfigTable } from '../schema.ts';
import { buildDemoCatalog, DEMO_CATEGORY_CODES as C, DEMO_CODES } from './catalog.ts';
import { SITE_DEFINITIONS } from './sites.ts';
import { SITES as SITE_INFO } from '@store/domain';
import { frenchDeep, withFrenchTypography } from './french.ts';
import { addLandingContent } from './landing-content.ts';

type L<T> = { en: T; fr: T };

const AD_FREQUENCIES = '2,3,4,5,6,7,8,9,10,11,12';

/**
 * Auto-delivery settings per site (issue 10, ADR 0018; business-defaults): discounts in basis
 * points (recurring orders, and the order that starts a subscription), allowed frequencies in
 * weeks, free standard shipping, reminder lead time in days, retry days after a failed charge,
 * the time zone ship dates are counted in, the largest quantity of one item and of podsAtHomeQty.
 */
export const AUTO_DELIVERY_SETTINGS: Record<BaseSiteUid, Record<string, string>> = {
  usb2c: {
    adEnabled: 'true',
    adDiscountBps: '2500',
    adFirstOrderDiscountBps: '2500',
    adFrequenciesWeeks: AD_FREQUENCIES,
    adDefaultFrequencyWeeks: '4',
    adFreeStandardShipping: 'true',
    adReminderLeadDays: '3',
    adRetryDays: '1,3,7',
    adTimeZone: 'America/New_York',
    adMaxQtyPerItem: '12',
    podsAtHomeMaxQty: '500',
  },
  cab2c: {
    adEnabled: 'true',
    adDiscountBps: '1500',
    adFirstOrderDiscountBps: '2500',
    adFrequenciesWeeks: AD_FREQUENCIES,
    adDefaultFrequencyWeeks: '4',
    adFreeStandardShipping: 'true',
    adReminderLeadDays: '3',
    adRetryDays: '1,3,7',
    adTimeZone: 'America/Toronto',
    adMaxQtyPerItem: '12',
    podsAtHomeMaxQty: '500',
  },
  usafh: {
    adEnabled: 'true',
    adDiscountBps: '1000',
    adFirstOrderDiscountBps: '1000',
    adFrequenciesWeeks: AD_FREQUENCIES,
    adDefaultFrequencyWeeks: '4',
    adFreeStandardShipping: 'false',
    adReminderLeadDays: '3',
    adRetryDays: '1,3,7',
    adTimeZone: 'America/New_York',
    adMaxQtyPerItem: '24',
    podsAtHomeMaxQty: '2000',
  },
};

/** Per-site settings (money in minor units). */
export const SITE_SETTINGS: Record<BaseSiteUid, Record<string, string>> = {
  usb2c: {
    freeShippingMinimum: '2900',
    standardShipping: '799',
    expeditedShipping: '1999',
    freeShippingExcludedRegions: 'AK,HI,PR',
    supportPhone: SITE_INFO.usb2c.supportPhone,
    supportEmail: 'support@brewhaus.example',
    brewerDiscountPercent: '20',
    frotherDiscountPercent: '15',
    ...AUTO_DELIVERY_SETTINGS.usb2c,
    // issue 12 (ADR 0028): Perks runs on usb2c and cab2c, not on usafh (COMMON_SETTINGS: 'false')
    loyaltyEnabled: 'true',
  },
  cab2c: {
    freeShippingMinimum: '5500',
    standardShipping: '1199',
    expeditedShipping: '2499',
    freeShippingExcludedRegions: '',
    supportPhone: SITE_INFO.cab2c.supportPhone,
    supportEmail: 'support@brewhaus-canada.example',
    brewerDiscountPercent: '20',
    frotherDiscountPercent: '15',
    ...AUTO_DELIVERY_SETTINGS.cab2c,
    loyaltyEnabled: 'true',
  },
  usafh: {
    freeShippingMinimum: '2900',
    standardShipping: '999',
    expeditedShipping: '2499',
    freeShippingExcludedRegions: 'AK,HI,PR',
    supportPhone: SITE_INFO.usafh.supportPhone,
    supportEmail: 'office@brewhaus.example',
    brewerDiscountPercent: '10',
    frotherDiscountPercent: '10',
    ...AUTO_DELIVERY_SETTINGS.usafh,
  },
};

const COMMON_SETTINGS: Record<string, string> = {
  // issue 13 (ADR 0033, spec §9): lifetime of the recent-products cookie, in days
  recentProductsCookieDays: '30',
  supportHours: '07:00-24:00 EST',
  emailReplyHours: '24-48',
  loyaltyEnabled: 'false',
  rewardsEnabled: 'false',
  perksEnabled: 'false',
  contentfulCardLimit: '6',
  productPageSize: '36',
  snackbarMs: '5000',
};

const SITES: BaseSiteUid[] = ['usb2c', 'cab2c', 'usafh'];

/** issue 13: the descaler accessory, and the folded search terms that go straight to its page. */
const DESCALER_CODE = 'ACC-DESCALE';
const DESCALER_KEYWORDS = ['descaling', 'descale', 'descaler', 'descaling solution', 'detartrage', 'detartrant', 'detartrer', 'solution de detartrage'];

/** "$29" / "29 $" for a whole amount in minor units. */
function amount(minor: number, lang: 'en' | 'fr'): string {
  const whole = Math.round(minor / 100);
  return lang === 'en' ? `$${whole}` : `${whole} $`;
}

/** The demo content as rows, for `seedContent` and for tests. Pure and deterministic. */
export function demoContent(): {
  siteConfig: Array<Insertable<SiteConfigTable>>;
  pages: Array<Insertable<CmsPageTable>>;
  slots: Array<Insertable<CmsSlotTable>>;
  components: Array<Insertable<CmsComponentTable>>;
} {
  const catalog = buildDemoCatalog();
  const byCode = new Map(catalog.products.map((p) => [p.code, p]));
  const categoryName = new Map(catalog.categories.map((c) => [c.code, c.name]));
  const productUrl = (code: string, lang: 'en' | 'fr') => {
    const p = byCode.get(code)!;
    return p.productType === 'Bundle' ? `/b/${code}` : `/${p.slug[lang]}/p/${code}`;
  };
  const onSite = (site: BaseSiteUid) =>
    catalog.products.filter((p) => p.sites.includes(site) && !p.discontinued && p.variants.some((v) => v.isDefault && v.stock >= 20));

  const siteConfig: Array<Insertable<SiteConfigTable>> = [];
  const pages: Array<Insertable<CmsPageTable>> = [];
  const slots: Array<Insertable<CmsSlotTable>> = [];
  const components: Array<Insertable<CmsComponentTable>> = [];

  for (const site of SITES) {
    const settings = { ...COMMON_SETTINGS, ...SITE_SETTINGS[site] };
    for (const [key, value] of Object.entries(settings)) siteConfig.push({ base_site: site, key, value });
    // issue 13 (ADR 0031): keyword redirects (catalog.ts `search.keywordRedirects`, folded terms → path
    // without the language prefix; the API adds /fr for French answers): descaling words → the descaler
    const descaler = productUrl(DESCALER_CODE, 'en');
    siteConfig.push({ base_site: site, key: 'search.keywordRedirects', value: JSON.stringify(Object.fromEntries(DESCALER_KEYWORDS.map((k) => [k, descaler]))) });
    const name = SITE_DEFINITIONS[site].name;
    const office = site === 'usafh';
    const freeMin = Number(settings.freeShippingMinimum);
    const phone = settings.supportPhone!;
    const email = settings.supportEmail!;

    // issue 9 item 12: every French text gets French typography (narrow no-break spaces)
    const page = (uid: string, pageType: string, label: string | null, title: L<string>, data: L<object>) =>
      pages.push({ base_site: site, uid, page_type: pageType, label, title_en: title.en, title_fr: frenchDeep(title.fr), data_json: JSON.stringify(withFrenchTypography(data)) });
    const component = (uid: string, typeCode: string, data: L<object>) =>
      components.push({ base_site: site, uid, type_code: typeCode, data_json: JSON.stringify(withFrenchTypography(data)) });
    const slot = (pageUid: string, position: string, uids: string[], sortOrder: number) =>
      slots.push({ base_site: site, page_uid: pageUid, position, component_uids: uids.join(','), sort_order: sortOrder });
    const both = <T>(f: (lang: 'en' | 'fr') => T): L<T> => ({ en: f('en'), fr: f('fr') });
    const catLink = (code: string, lang: 'en' | 'fr') => ({ label: categoryName.get(code)![lang], url: `/c/${code}`, categoryCode: code });

    // --- home page
    page('homepage', 'ContentPage', 'homepage', { en: `${name} | Coffee pods, brewers and accessories`, fr: `${name} | Capsules, cafetières et accessoires` }, {
      en: { metadata: { title: `${name} | Coffee pods, brewers and accessories`, description: 'Coffee, tea and cocoa pods, single-serve brewers, accessories and gift cards.' } },
      fr: { metadata: { title: `${name} | Capsules, cafetières et accessoires`, description: 'Capsules de café, de thé et de chocolat chaud, cafetières à portion individuelle, accessoires et cartes-cadeaux.' } },
    });
    const hero = office
      ? {
          en: { headline: 'Coffee that keeps the office running', text: `Office packs of up to 96 pods, commercial brewers and free shipping on orders over ${amount(freeMin, 'en')}.`, ctaLabel: 'Shop commercial brewers', ctaUrl: `/c/${C.commercialBrewers}` },
          fr: { headline: 'Du café pour faire tourner le bureau', text: `Formats bureau jusqu'à 96 capsules, cafetières commerciales et livraison gratuite dès ${amount(freeMin, 'fr')}.`, ctaLabel: 'Voir les cafetières commerciales', ctaUrl: `/c/${C.commercialBrewers}` },
        }
      : {
          en: { headline: 'Better mornings start here', text: `Coffee, tea and cocoa pods from roasters we love, with free shipping on orders over ${amount(freeMin, 'en')}.`, ctaLabel: 'Shop beverages', ctaUrl: `/c/${C.beverages}` },
          fr: { headline: 'Les meilleurs matins commencent ici', text: `Du café, du thé et du chocolat chaud en capsules, de torréfacteurs que nous aimons, avec livraison gratuite dès ${amount(freeMin, 'fr')}.`, ctaLabel: 'Magasiner les boissons', ctaUrl: `/c/${C.beverages}` },
        };
    const heroImage = office ? DEMO_CODES.officeBrewer : DEMO_CODES.coffee;
    component('homeHeroBanner', 'HeroBannerComponent', {
      en: { ...hero.en, imageProductCode: heroImage, background: '#3b2314', foreground: '#ffffff' },
      fr: { ...hero.fr, imageProductCode: heroImage, background: '#3b2314', foreground: '#ffffff' },
    });

    const available = onSite(site);
    const firstIn = (cat: string) => available.find((p) => p.categories.includes(cat))?.code ?? null;
    const tileCats = office
      ? [C.coffee, C.tea, C.commercialBrewers, C.accessories]
      : [C.coffee, C.tea, C.cocoa, C.iced, C.brewers, C.accessoriesAndGiftCards];
    component('homeCategoryTiles', 'CategoryTilesComponent', both((lang) => ({
      title: lang === 'en' ? 'Shop by category' : 'Magasiner par catégorie',
      tiles: tileCats.map((code) => ({ ...catLink(code, lang), imageProductCode: firstIn(code) })),
    })));

    const bestSellers = [
      ...(available.some((p) => p.code === DEMO_CODES.coffee) ? [DEMO_CODES.coffee] : []),
      ...available.filter((p) => p.productType === 'Coffee' && p.code !== DEMO_CODES.coffee && p.code !== DEMO_CODES.lastUnitProduct).map((p) => p.code),
    ].slice(0, 12);
    component('homeBestSellers', 'ProductCarouselComponent', both((lang) => ({ title: lang === 'en' ? 'Best sellers' : 'Meilleurs vendeurs', productCodes: bestSellers })));

    const brewer = office ? DEMO_CODES.officeBrewer : DEMO_CODES.brewer;
    const brewerName = byCode.get(brewer)!.name;
    component('homeBrewerHighlight', 'BannerComponent', both((lang) => ({
      headline: lang === 'en' ? `Meet the ${brewerName.en}` : `Découvrez la ${brewerName.fr}`,
      text: office
        ? lang === 'en'
          ? 'A 90 oz reservoir, five cup sizes and an iced setting for break rooms of up to 20 people.'
          : "Un réservoir de 90 oz, cinq formats de tasse et un réglage glacé pour les salles de pause jusqu'à 20 personnes."
        : lang === 'en'
          ? 'Compact, quick and available in four colors, from matte black to cherry red.'
          : 'Compacte, rapide et offerte en quatre couleurs, du noir mat au rouge cerise.',
      ctaLabel: lang === 'en' ? 'See the brewer' : 'Voir la cafetière',
      ctaUrl: productUrl(brewer, lang),
      imageProductCode: brewer,
      background: '#f3ece3',
      foreground: '#3b2314',
    })));

    const kit = office ? DEMO_CODES.smallBusinessBundle : DEMO_CODES.bundle;
    component('homeStarterKitBanner', 'BannerComponent', both((lang) => ({
      headline: office
        ? lang === 'en'
          ? 'The Small Business Bundle'
          : "L'ensemble pour petite entreprise"
        : lang === 'en'
          ? 'New to pods? Start with a kit'
          : 'Nouveau venu? Commencez par une trousse',
      text: office
        ? lang === 'en'
          ? 'A commercial brewer, three office packs and descaling solution, for 15% less than buying them separately.'
          : 'Une cafetière commerciale, trois formats bureau et une solution de détartrage, pour 15 % de moins qu’à la pièce.'
        : lang === 'en'
          ? 'A brewer, coffee, tea and a mug for 20% less than buying them separately.'
          : 'Une cafetière, du café, du thé et une tasse pour 20 % de moins qu’à la pièce.',
      ctaLabel: lang === 'en' ? 'Shop the kit' : 'Voir la trousse',
      ctaUrl: productUrl(kit, lang),
      imageProductCode: kit,
      background: '#2e5e4e',
      foreground: '#ffffff',
    })));
    slot('homepage', 'HeroBanner', ['homeHeroBanner'], 1);
    slot('homepage', 'CategoryTiles', ['homeCategoryTiles'], 2);
    slot('homepage', 'ProductCarousel', ['homeBestSellers'], 3);
    slot('homepage', 'BrewerHighlight', ['homeBrewerHighlight'], 4);
    slot('homepage', 'StarterKitBanner', ['homeStarterKitBanner'], 5);

    // --- header
    const messageItems = both((lang) => [
      { text: lang === 'en' ? `Free shipping on orders over ${amount(freeMin, 'en')}` : `Livraison gratuite dès ${amount(freeMin, 'fr')}`, url: null },
      office
        ? { text: lang === 'en' ? 'Volume pricing on office packs of 96' : 'Prix de volume sur les formats bureau de 96', url: `/c/${C.coffee}` }
        : { text: lang === 'en' ? `Save ${settings.brewerDiscountPercent}% on select brewers` : `Économisez ${settings.brewerDiscountPercent} % sur certaines cafetières`, url: `/c/${C.brewers}` },
      { text: lang === 'en' ? `Questions? Call ${phone}, 7 days a week` : `Des questions? Appelez le ${phone}, 7 jours sur 7`, url: '/content/support/email-us-page' },
    ]);
    page('NAVIGATIONHEADER', 'SiteConfigPage', 'NAVIGATIONHEADER', { en: 'Header', fr: 'En-tête' }, { en: { messageItems: messageItems.en }, fr: { messageItems: messageItems.fr } });
    component('headerMessageBar', 'MessageBarComponent', { en: { messageItems: messageItems.en }, fr: { messageItems: messageItems.fr } });
    // every sub-category that lists something on this site is reachable from the menu (issue 9
    // item 11: usb2c sells a commercial brewer, so it shows "Commercial brewers" too)
    const listed = (code: string) => catalog.products.some((p) => p.sites.includes(site) && p.categories.includes(code));
    const tree: Array<[string, string[]]> = [
      [C.beverages, [C.coffee, C.tea, C.cocoa, C.iced, C.bagged]],
      [C.brewers, office ? [C.commercialBrewers, C.singleServeBrewers, C.starterKits] : [C.singleServeBrewers, C.commercialBrewers, C.starterKits]],
      [C.accessoriesAndGiftCards, [C.accessories, C.giftCards]],
    ].map(([top, children]) => [top as string, (children as string[]).filter(listed)]);
    component('headerNavigation', 'NavigationComponent', both((lang) => ({
      items: tree.map(([top, children]) => ({ ...catLink(top, lang), children: children.map((c) => catLink(c, lang)) })),
    })));
    slot('NAVIGATIONHEADER', 'MessageBar', ['headerMessageBar'], 1);
    slot('NAVIGATIONHEADER', 'Navigation', ['headerNavigation'], 2);

    // --- footer
    page('NAVIGATIONFOOTER', 'SiteConfigPage', 'NAVIGATIONFOOTER', { en: 'Footer', fr: 'Pied de page' }, { en: {}, fr: {} });
    component('footerLinks', 'FooterLinksComponent', both((lang) => ({
      columns: [
        { title: lang === 'en' ? 'Shop' : 'Magasiner', links: [C.beverages, C.brewers, C.accessories, C.giftCards].map((c) => ({ label: catLink(c, lang).label, url: `/c/${c}` })) },
        {
          title: lang === 'en' ? 'Customer care' : 'Service à la clientèle',
          links: [
            { label: lang === 'en' ? 'Email us' : 'Écrivez-nous', url: '/content/support/email-us-page' },
            { label: lang === 'en' ? 'Discontinued items' : 'Articles de fin de série', url: '/discontinued-items' },
          ],
        },
      ],
      legal:
        lang === 'en'
          ? `© 2026 ${name}. A demonstration store: every brand and product here is invented.`
          : `© 2026 ${name}. Boutique de démonstration : toutes les marques et tous les produits sont fictifs.`,
    })));
    slot('NAVIGATIONFOOTER', 'FooterLinks', ['footerLinks'], 1);

    // --- sign-in page content
    page('loginContentPage', 'ContentPage', 'loginContentPage', { en: 'Sign in', fr: 'Connexion' }, both((lang) => ({
      title: lang === 'en' ? 'Sign in' : 'Connexion',
      configurationData: { guestCheckoutEnabled: true, signupEnabled: true, forgotPasswordEnabled: true },
      metadata: {
        title: lang === 'en' ? `Sign in | ${name}` : `Connexion | ${name}`,
        description: lang === 'en' ? 'Sign in to track orders and check out faster.' : 'Connectez-vous pour suivre vos commandes et payer plus rapidement.',
      },
    })));

    // --- support page
    page('email-us-page', 'ContentPage', 'support/email-us-page', { en: 'Email us', fr: 'Écrivez-nous' }, both((lang) => ({
      metadata: { title: lang === 'en' ? `Email us | ${name}` : `Écrivez-nous | ${name}`, description: lang === 'en' ? 'Contact customer care.' : 'Joindre le service à la clientèle.' },
    })));
    component('emailUsParagraph', 'ParagraphComponent', both((lang) => ({
      title: lang === 'en' ? 'Email us' : 'Écrivez-nous',
      paragraphs:
        lang === 'en'
          ? [
              `Write to ${email} with your order number if you have one. We reply by email within 24-48 hours.`,
              `Prefer the phone? Call ${phone}, 7 days a week, 7:00 a.m. to 12:00 a.m. EST.`,
            ]
          : [
              `Écrivez à ${email} en indiquant votre numéro de commande, le cas échéant. Nous répondons par courriel dans un délai de 24 à 48 heures.`,
              `Vous préférez le téléphone? Appelez le ${phone}, 7 jours sur 7, de 7 h à minuit (HNE).`,
            ],
    })));
    slot('email-us-page', 'Body', ['emailUsParagraph'], 1);

    // --- discontinued items
    page('discontinued-items', 'ContentPage', 'discontinued-items', { en: 'This item is no longer available', fr: "Cet article n'est plus offert" }, {
      en: { path: '/discontinued-items', metadata: { title: `Discontinued item | ${name}`, description: 'This product has been discontinued.' } },
      fr: { path: '/fr/article-de-fin-de-serie', metadata: { title: `Article de fin de série | ${name}`, description: "Ce produit n'est plus offert." } },
    });
    component('discontinuedParagraph', 'ParagraphComponent', both((lang) => ({
      title: lang === 'en' ? 'This item is no longer available' : "Cet article n'est plus offert",
      paragraphs:
        lang === 'en'
          ? ['The product you were looking for has been discontinued. Here are a few favorites you might enjoy instead.']
          : ['Le produit que vous cherchiez a été retiré. Voici quelques favoris qui pourraient vous plaire.'],
    })));
    component('discontinuedCarousel', 'ProductCarouselComponent', both((lang) => ({ title: lang === 'en' ? 'You might also like' : 'Vous aimerez peut-être', productCodes: bestSellers.slice(0, 8) })));
    slot('discontinued-items', 'Body', ['discontinuedParagraph'], 1);
    slot('discontinued-items', 'Recommendations', ['discontinuedCarousel'], 2);

    // --- templates
    page('categoryPageTemplate', 'CategoryPage', null, { en: 'Category', fr: 'Catégorie' }, { en: {}, fr: {} });
    component('categoryShippingBanner', 'BannerComponent', both((lang) => ({
      headline: lang === 'en' ? `Free shipping on orders over ${amount(freeMin, 'en')}` : `Livraison gratuite dès ${amount(freeMin, 'fr')}`,
      text: lang === 'en' ? 'Mix and match any beverages, brewers and accessories.' : 'Combinez boissons, cafetières et accessoires à votre guise.',
      ctaLabel: lang === 'en' ? 'Shop beverages' : 'Magasiner les boissons',
      ctaUrl: `/c/${C.beverages}`,
      imageProductCode: null,
      background: '#f3ece3',
      foreground: '#3b2314',
    })));
    slot('categoryPageTemplate', 'BelowHeader', ['categoryShippingBanner'], 1);
    page('productPageTemplate', 'ProductPage', null, { en: 'Product', fr: 'Produit' }, { en: {}, fr: {} });
    component('pdpCrossSellCarousel', 'ProductCarouselComponent', both((lang) => ({ title: lang === 'en' ? 'You may also like' : 'Vous aimerez aussi', productCodes: bestSellers.slice(0, 8) })));
    slot('productPageTemplate', 'CrossSell', ['pdpCrossSellCarousel'], 1);
  }
  // issue 13 (ADR 0035): starter-kit landing pages
  addLandingContent({ pages, slots, components }, catalog, SITES, (s) => SITE_DEFINITIONS[s].name);
  return { siteConfig, pages, slots, components };
}

/**
 * Write the base sites, site configuration and CMS content of all three sites, in one
 * transaction. Idempotent: base sites and settings are upserted, and the sites' CMS pages, slots
 * and components are replaced.
 */
export async function seedContent(db: Kysely<Database>): Promise<void> {
  const content = demoContent();
  const run = async (trx: Kysely<Database>) => {
    for (const row of Object.values(SITE_DEFINITIONS)) {
      await trx
        .insertInto('base_sites')
        .values(row)
        .onConflict((oc) =>
          oc.column('uid').doUpdateSet({ name: row.name, currency: row.currency, languages: row.languages, default_language: row.default_language, theme: row.theme }),
        )
        .execute();
    }
    for (const row of content.siteConfig) {
      await trx
        .insertInto('site_config')
        .values(row)
        .onConflict((oc) => oc.columns(['base_site', 'key']).doUpdateSet({ value: row.value }))
        .execute();
    }
    await trx.deleteFrom('cms_slots').where('base_site', 'in', SITES).execute();
    await trx.deleteFrom('cms_components').where('base_site', 'in', SITES).execute();
    await trx.deleteFrom('cms_pages').where('base_site', 'in', SITES).execute();
    await trx.insertInto('cms_pages').values(content.pages).execute();
    await trx.insertInto('cms_slots').values(content.slots).execute();
    await trx.insertInto('cms_components').values(content.components).execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
