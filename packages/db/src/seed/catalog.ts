/**
 * The demo catalogue (issue 2, spec §3): an original, invented range of coffee, tea, cocoa and
 * iced-beverage pods, bagged and canned coffee, brewers in several colours, accessories, gift
 * cards and bundles / starter kits, sold on usb2c and usafh in USD and on cab2c in CAD, with
 * English and French text. All brand names and product text are made up for this store.
 *
 * `buildDemoCatalog()` is deterministic: every "random" choice comes from a PRNG with a fixed seed,
 * so two calls return deep-equal catalogues and the codes below stay stable.
 */
import type { BaseSiteUid, CatalogFileInput } from '@store/contracts';
import { withFrenchTypography } from './french.ts';

/**
 * Well-known codes that tests and content rely on.
 * - `coffee`: a coffee pod base product with three count variants (24 ct default, 48 ct, 96 ct),
 *   sold on all three sites; `coffeeVariant48` has isDiscountPrice=true with salesPriceStrategy
 *   null (the discount price is displayed, spec §5); its 96 ct variant has isDiscountPrice=true
 *   with AD_PARENT_OTP (the list price is displayed).
 * - `brewer`: a brewer base product with four colour variants; `brewerRedVariant` is its
 *   "cherry-red" variant (variantUrlSuffix `cherry-red`).
 * - `bundle`: the brewer starter kit, slug `brewer-starter-kit` (fr `trousse-de-demarrage-cafetiere-solo`).
 * - `giftCard`: the virtual e-gift card (variants 25 / 50 / 100 in the site currency).
 * - `lastUnit`: the default variant of `lastUnitProduct`; exactly 1 unit in stock.
 * - `discontinued`: a discontinued product (redirects to /discontinued-items, spec §2).
 * - `frenchAccentProduct`: a product named "Café au Lait" (en) / "Café au lait" (fr).
 */
export const DEMO_CODES = {
  coffee: 'BH-SIGNATURE-DARK',
  coffeeVariant24: 'BH-SIGNATURE-DARK-24',
  coffeeVariant48: 'BH-SIGNATURE-DARK-48',
  coffeeVariant96: 'BH-SIGNATURE-DARK-96',
  brewer: 'BH-SOLO',
  brewerDefaultVariant: 'BH-SOLO-BLK',
  brewerRedVariant: 'BH-SOLO-RED',
  bundle: 'BUNDLE-BREWER-STARTER',
  giftCard: 'GC-EGIFT',
  giftCardVariant50: 'GC-EGIFT-50',
  physicalGiftCard: 'GC-PHYSICAL',
  lastUnitProduct: 'LASTUNIT',
  lastUnit: 'LASTUNIT-24',
  discontinued: 'DISC-AUTUMN-HARVEST',
  discontinuedCocoa: 'DISC-GINGERBREAD-COCOA',
  frenchAccentProduct: 'BH-CAFE-AU-LAIT',
  officeBrewer: 'BH-OFFICE-PRO',
  smallBusinessBundle: 'BUNDLE-SMALL-BUSINESS',
  caOnlyProduct: 'MR-MAPLE-SUGAR-SHACK',
} as const;

/** Category codes (spec §9 Quick Shop ids for the three top-level categories). */
export const DEMO_CATEGORY_CODES = {
  beverages: 'BV_BDN_DD_KC',
  brewers: 'BR',
  accessoriesAndGiftCards: 'ACC_GC',
  coffee: 'BV_COFFEE',
  tea: 'BV_TEA',
  cocoa: 'BV_COCOA',
  iced: 'BV_ICED',
  bagged: 'BV_BAGGED',
  singleServeBrewers: 'BR_SINGLE_SERVE',
  commercialBrewers: 'BR_COMMERCIAL',
  starterKits: 'BR_STARTER_KITS',
  accessories: 'ACC_ACCESSORIES',
  giftCards: 'ACC_GIFT_CARDS',
} as const;

/**
 * Variant colours used by the demo catalogue, keyed by variantUrlSuffix. A variant's
 * `variantColor` holds the hex value; these names label the swatch in each language.
 */
export const VARIANT_COLORS: Record<string, { code: string; hex: string; en: string; fr: string }> = {
  'matte-black': { code: 'BLK', hex: '#1f1f1f', en: 'Matte Black', fr: 'Noir mat' },
  'cherry-red': { code: 'RED', hex: '#a61e2a', en: 'Cherry Red', fr: 'Rouge cerise' },
  'chalk-white': { code: 'WHT', hex: '#f1efe9', en: 'Chalk White', fr: 'Blanc craie' },
  'harbour-blue': { code: 'BLU', hex: '#2c5d8a', en: 'Harbor Blue', fr: 'Bleu port' },
  'sage-green': { code: 'GRN', hex: '#7f9a7a', en: 'Sage Green', fr: 'Vert sauge' },
  'moonlight-grey': { code: 'GRY', hex: '#8b8f94', en: 'Moonlight Gray', fr: 'Gris lune' },
  copper: { code: 'CPR', hex: '#b8733a', en: 'Copper', fr: 'Cuivre' },
  'midnight-navy': { code: 'NVY', hex: '#1f2b45', en: 'Midnight Navy', fr: 'Bleu nuit' },
  'brushed-silver': { code: 'SLV', hex: '#c0c4c8', en: 'Brushed Silver', fr: 'Argent brossé' },
  'blush-pink': { code: 'PNK', hex: '#e6b7b0', en: 'Blush Pink', fr: 'Rose poudré' },
};

type ProductIn = CatalogFileInput['products'][number];
type VariantIn = ProductIn['variants'][number];
type PriceIn = VariantIn['prices'][number];
type FeatureIn = NonNullable<ProductIn['features']>[number];
type CategoryIn = CatalogFileInput['categories'][number];
type Roast = 'light' | 'medium' | 'dark' | 'extra-dark';
type Strategy = 'ALL' | 'OTP' | 'AD_PARENT_OTP' | null;
type L = { en: string; fr: string };

const ALL: BaseSiteUid[] = ['usb2c', 'cab2c', 'usafh'];
const CONSUMER: BaseSiteUid[] = ['usb2c', 'cab2c'];
const C = DEMO_CATEGORY_CODES;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Lower-case ASCII slug: "Café au lait" → "cafe-au-lait". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œŒ]/g, 'oe')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Round minor units to a ".99" price: 1712 → 1699, 1760 → 1799 (never below 99). */
function to99(minor: number): number {
  return Math.max(99, Math.round(minor / 100) * 100 - 1);
}

/** CAD list price from a USD one (about 1.35×), as a ".99" price. */
function cad(usdMinor: number): number {
  return to99(usdMinor * 1.35);
}

/** French decimal: 1.2 → "1,2". */
function frNum(n: number, digits = 1): string {
  return n.toFixed(digits).replace('.', ',');
}

/** English and French list: ["6","8","10"] → "6, 8, 10" / "6, 8 et 10". */
function list(items: string[]): L {
  if (items.length < 2) return { en: items.join(''), fr: items.join('') };
  return { en: items.join(', '), fr: `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}` };
}

const ROAST: Record<Roast, { en: string; fr: string; label: L; color: string }> = {
  light: { en: 'light', fr: 'légère', label: { en: 'Light', fr: 'Légère' }, color: '#c8914e' },
  medium: { en: 'medium', fr: 'moyenne', label: { en: 'Medium', fr: 'Moyenne' }, color: '#8a5a2e' },
  dark: { en: 'dark', fr: 'foncée', label: { en: 'Dark', fr: 'Foncée' }, color: '#4e2f1a' },
  'extra-dark': { en: 'extra dark', fr: 'extra-foncée', label: { en: 'Extra dark', fr: 'Extra-foncée' }, color: '#2c1b10' },
};

const BODIES = [
  { en: 'smooth', m: 'doux', f: 'douce' },
  { en: 'full-bodied', m: 'corsé', f: 'corsée' },
  { en: 'bright', m: 'vif', f: 'vive' },
  { en: 'rich', m: 'riche', f: 'riche' },
  { en: 'mellow', m: 'rond', f: 'ronde' },
] as const;

interface Brand {
  name: string;
  code: string;
  prefix: string;
  palette: string[];
}

const BRANDS = {
  brewhaus: { name: 'Brewhaus', code: 'BREWHAUS', prefix: 'BH', palette: ['#7a3b1d', '#a0522d', '#5c3a21', '#b5651d'] },
  northbound: { name: 'Northbound Roasters', code: 'NORTHBOUND', prefix: 'NB', palette: ['#2f4858', '#33658a', '#3a506b', '#1c3144'] },
  maple: { name: 'Maple Ridge', code: 'MAPLE_RIDGE', prefix: 'MR', palette: ['#b23a20', '#c8553d', '#8c2f1b', '#d1793b'] },
  harbour: { name: 'Harbour & Pine', code: 'HARBOUR_PINE', prefix: 'HP', palette: ['#2e5e4e', '#3f7d64', '#1f4037', '#557a46'] },
  tidewater: { name: 'Tidewater Tea Co.', code: 'TIDEWATER', prefix: 'TW', palette: ['#4f7c6b', '#6a994e', '#386641', '#8aa05b'] },
  cocoa: { name: 'Cocoa Lane', code: 'COCOA_LANE', prefix: 'CL', palette: ['#5d3a2a', '#7b4b36', '#4a2c20', '#94604a'] },
  lantern: { name: 'Lantern Street', code: 'LANTERN_STREET', prefix: 'LS', palette: ['#9c2c3f', '#d08c2c', '#6d2e46', '#a4463c'] },
  summit: { name: 'Summit Trail', code: 'SUMMIT_TRAIL', prefix: 'ST', palette: ['#3d405b', '#81664d', '#565d7a', '#6b4e3d'] },
} satisfies Record<string, Brand>;

// ---------------------------------------------------------------------------------------------
// Source lists (all names and texts invented for this store)

interface Blend {
  key: string;
  en: string;
  fr: string;
  roast: Roast;
  notes: L;
  caffeine?: 'decaf' | 'half';
  flavored?: boolean;
}

const BLENDS: Blend[] = [
  { key: 'BREAKFAST-BLEND', en: 'Breakfast Blend Coffee', fr: 'Café mélange déjeuner', roast: 'light', notes: { en: 'toasted bread and orange zest', fr: "pain grillé et zeste d'orange" } },
  { key: 'MORNING-LIGHT', en: 'Morning Light Roast', fr: 'Café lumière du matin', roast: 'light', notes: { en: 'honey and almond', fr: 'miel et amande' } },
  { key: 'HOUSE-BLEND', en: 'House Blend Coffee', fr: 'Café mélange maison', roast: 'medium', notes: { en: 'milk chocolate and walnut', fr: 'chocolat au lait et noix' } },
  { key: 'COLOMBIA-HIGHLANDS', en: 'Colombian Highlands Coffee', fr: 'Café hauts plateaux de Colombie', roast: 'medium', notes: { en: 'caramel and red apple', fr: 'caramel et pomme rouge' } },
  { key: 'SUMATRA-RESERVE', en: 'Sumatra Reserve Coffee', fr: 'Café réserve de Sumatra', roast: 'dark', notes: { en: 'cedar and dark cocoa', fr: 'cèdre et cacao noir' } },
  { key: 'FRENCH-ROAST', en: 'French Roast Coffee', fr: 'Café torréfaction française', roast: 'extra-dark', notes: { en: 'smoke and bittersweet chocolate', fr: 'fumée et chocolat mi-amer' } },
  { key: 'ESPRESSO-STYLE', en: 'Espresso Style Roast', fr: 'Café style espresso', roast: 'extra-dark', notes: { en: 'molasses and toasted hazelnut', fr: 'mélasse et noisette grillée' } },
  { key: 'DECAF-HOUSE', en: 'Decaf House Blend', fr: 'Café mélange maison décaféiné', roast: 'medium', notes: { en: 'cocoa and soft spice', fr: 'cacao et épices douces' }, caffeine: 'decaf' },
  { key: 'HAZELNUT-CREAM', en: 'Hazelnut Cream Coffee', fr: 'Café crème de noisette', roast: 'light', notes: { en: 'buttery hazelnut', fr: 'noisette beurrée' }, flavored: true },
  { key: 'FRENCH-VANILLA', en: 'French Vanilla Coffee', fr: 'Café vanille française', roast: 'light', notes: { en: 'vanilla bean and sweet cream', fr: 'gousse de vanille et crème sucrée' }, flavored: true },
  { key: 'CARAMEL-DRIZZLE', en: 'Caramel Drizzle Coffee', fr: 'Café filet de caramel', roast: 'medium', notes: { en: 'caramel and brown sugar', fr: 'caramel et cassonade' }, flavored: true },
  { key: 'MIDNIGHT-HARBOUR', en: 'Midnight Harbor Dark Roast', fr: 'Café port de minuit, torréfaction foncée', roast: 'dark', notes: { en: 'black cherry and cocoa', fr: 'cerise noire et cacao' } },
  { key: 'GUATEMALA-ANTIGUA', en: 'Guatemala Antigua Coffee', fr: 'Café Guatemala Antigua', roast: 'medium', notes: { en: 'cocoa and warm spice', fr: 'cacao et épices chaudes' } },
  { key: 'KENYA-AA', en: 'Kenya AA Coffee', fr: 'Café Kenya AA', roast: 'light', notes: { en: 'blackcurrant and grapefruit', fr: 'cassis et pamplemousse' } },
  { key: 'ETHIOPIAN-HIGHLANDS', en: 'Ethiopian Highlands Coffee', fr: "Café hauts plateaux d'Éthiopie", roast: 'light', notes: { en: 'jasmine and lemon', fr: 'jasmin et citron' } },
  { key: 'BOLD-SUMMIT', en: 'Bold Summit Roast', fr: 'Café sommet corsé', roast: 'dark', notes: { en: 'roasted nuts and clove', fr: 'noix grillées et clou de girofle' } },
  { key: 'MAPLE-PECAN', en: 'Maple Pecan Coffee', fr: 'Café pacane et érable', roast: 'medium', notes: { en: 'maple syrup and pecan', fr: "sirop d'érable et pacane" }, flavored: true },
  { key: 'DINER-CLASSIC', en: 'Diner Classic Coffee', fr: 'Café classique du casse-croûte', roast: 'medium', notes: { en: 'sweet cream and biscuit', fr: 'crème sucrée et biscuit' } },
  { key: 'CAMPFIRE-DARK', en: 'Campfire Dark Roast', fr: 'Café feu de camp, torréfaction foncée', roast: 'dark', notes: { en: 'smoky cedar and dark toffee', fr: 'cèdre fumé et caramel anglais' } },
  { key: 'COCONUT-MOCHA', en: 'Coconut Mocha Coffee', fr: 'Café moka noix de coco', roast: 'medium', notes: { en: 'toasted coconut and chocolate', fr: 'noix de coco grillée et chocolat' }, flavored: true },
  { key: 'CINNAMON-BUN', en: 'Cinnamon Bun Coffee', fr: 'Café brioche à la cannelle', roast: 'light', notes: { en: 'cinnamon and icing', fr: 'cannelle et glaçage' }, flavored: true },
  { key: 'HALF-CAFF', en: 'Half-Caff Blend', fr: 'Café mélange mi-caféiné', roast: 'medium', notes: { en: 'toasted almond and cocoa', fr: 'amande grillée et cacao' }, caffeine: 'half' },
  { key: 'EXTRA-BOLD', en: 'Extra Bold Dark Roast', fr: 'Café extra-corsé, torréfaction foncée', roast: 'extra-dark', notes: { en: 'dark chocolate and smoke', fr: 'chocolat noir et fumée' } },
  { key: 'COSTA-RICA-TARRAZU', en: 'Costa Rica Tarrazú Coffee', fr: 'Café Costa Rica Tarrazú', roast: 'medium', notes: { en: 'honey and stone fruit', fr: 'miel et fruits à noyau' } },
  { key: 'ORGANIC-PERU', en: 'Organic Peru Coffee', fr: 'Café biologique du Pérou', roast: 'medium', notes: { en: 'brown sugar and cocoa nib', fr: 'cassonade et grué de cacao' } },
  { key: 'BRAZIL-CERRADO', en: 'Brazil Cerrado Coffee', fr: 'Café Brésil Cerrado', roast: 'medium', notes: { en: 'peanut and milk chocolate', fr: 'arachide et chocolat au lait' } },
];

interface Tea {
  key: string;
  en: string;
  fr: string;
  kind: { en: string; fr: string };
  notes: L;
  caffeine?: 'free' | 'decaf';
}

const TEAS: Tea[] = [
  { key: 'MORNING-BLACK', en: 'Morning Black Tea', fr: 'Thé noir du matin', kind: { en: 'a black tea', fr: 'un thé noir' }, notes: { en: 'malt and toasted grain', fr: 'malt et céréales grillées' } },
  { key: 'EARL-GREY', en: 'Earl Grey Tea', fr: 'Thé Earl Grey', kind: { en: 'a black tea', fr: 'un thé noir' }, notes: { en: 'bergamot and citrus peel', fr: "bergamote et zeste d'agrumes" } },
  { key: 'JASMINE-GREEN', en: 'Jasmine Green Tea', fr: 'Thé vert au jasmin', kind: { en: 'a green tea', fr: 'un thé vert' }, notes: { en: 'jasmine blossom', fr: 'fleur de jasmin' } },
  { key: 'SENCHA', en: 'Sencha Green Tea', fr: 'Thé vert sencha', kind: { en: 'a green tea', fr: 'un thé vert' }, notes: { en: 'fresh grass and sea breeze', fr: 'herbe fraîche et brise marine' } },
  { key: 'CHAMOMILE', en: 'Chamomile Herbal Tea', fr: 'Tisane à la camomille', kind: { en: 'an herbal tea', fr: 'une tisane' }, notes: { en: 'honeyed chamomile', fr: 'camomille miellée' }, caffeine: 'free' },
  { key: 'PEPPERMINT', en: 'Peppermint Herbal Tea', fr: 'Tisane à la menthe poivrée', kind: { en: 'an herbal tea', fr: 'une tisane' }, notes: { en: 'cool peppermint', fr: 'menthe poivrée rafraîchissante' }, caffeine: 'free' },
  { key: 'LEMON-GINGER', en: 'Lemon Ginger Herbal Tea', fr: 'Tisane citron et gingembre', kind: { en: 'an herbal tea', fr: 'une tisane' }, notes: { en: 'zesty lemon and warm ginger', fr: 'citron acidulé et gingembre' }, caffeine: 'free' },
  { key: 'CHAI-LATTE', en: 'Spiced Chai Latte', fr: 'Chaï latté épicé', kind: { en: 'a tea latte', fr: 'un thé latté' }, notes: { en: 'cardamom and cinnamon', fr: 'cardamome et cannelle' } },
  { key: 'HONEY-ROOIBOS', en: 'Honey Vanilla Rooibos', fr: 'Rooibos miel et vanille', kind: { en: 'a rooibos', fr: 'un rooibos' }, notes: { en: 'honey and vanilla', fr: 'miel et vanille' }, caffeine: 'free' },
  { key: 'ORANGE-SPICE', en: 'Orange Spice Black Tea', fr: 'Thé noir orange et épices', kind: { en: 'a black tea', fr: 'un thé noir' }, notes: { en: 'orange peel and clove', fr: "écorce d'orange et clou de girofle" } },
  { key: 'DECAF-BLACK', en: 'Decaf Black Tea', fr: 'Thé noir déthéiné', kind: { en: 'a decaffeinated black tea', fr: 'un thé noir déthéiné' }, notes: { en: 'soft malt and dried fruit', fr: 'malt doux et fruits secs' }, caffeine: 'decaf' },
  { key: 'LONDON-FOG', en: 'London Fog Tea Latte', fr: 'Thé latté brouillard de Londres', kind: { en: 'a tea latte', fr: 'un thé latté' }, notes: { en: 'bergamot and vanilla', fr: 'bergamote et vanille' } },
  { key: 'MATCHA-LATTE', en: 'Matcha Green Tea Latte', fr: 'Thé vert matcha latté', kind: { en: 'a tea latte', fr: 'un thé latté' }, notes: { en: 'creamy matcha', fr: 'matcha crémeux' } },
  { key: 'WILD-BERRY', en: 'Wild Berry Herbal Tea', fr: 'Tisane aux petits fruits sauvages', kind: { en: 'an herbal tea', fr: 'une tisane' }, notes: { en: 'raspberry and hibiscus', fr: 'framboise et hibiscus' }, caffeine: 'free' },
  { key: 'GOLDEN-OOLONG', en: 'Golden Oolong Tea', fr: 'Thé oolong doré', kind: { en: 'an oolong tea', fr: 'un thé oolong' }, notes: { en: 'toasted honey and orchid', fr: 'miel grillé et orchidée' } },
  { key: 'HARBOUR-BREAKFAST', en: 'Harbor Breakfast Tea', fr: 'Thé déjeuner du port', kind: { en: 'a black tea', fr: 'un thé noir' }, notes: { en: 'robust malt', fr: 'malt robuste' } },
];

interface Simple {
  key: string;
  en: string;
  fr: string;
  notes: L;
  tea?: boolean;
}

const COCOAS: Simple[] = [
  { key: 'CLASSIC-COCOA', en: 'Classic Hot Cocoa', fr: 'Chocolat chaud classique', notes: { en: 'creamy milk chocolate', fr: 'chocolat au lait onctueux' } },
  { key: 'DARK-COCOA', en: 'Dark Chocolate Hot Cocoa', fr: 'Chocolat chaud noir', notes: { en: 'deep dark chocolate', fr: 'chocolat noir intense' } },
  { key: 'SALTED-CARAMEL-COCOA', en: 'Salted Caramel Hot Cocoa', fr: 'Chocolat chaud au caramel salé', notes: { en: 'salted caramel', fr: 'caramel salé' } },
  { key: 'PEPPERMINT-COCOA', en: 'Peppermint Hot Cocoa', fr: 'Chocolat chaud à la menthe poivrée', notes: { en: 'cool mint and cocoa', fr: 'menthe fraîche et cacao' } },
  { key: 'WHITE-HOT-CHOCOLATE', en: 'White Hot Chocolate', fr: 'Chocolat blanc chaud', notes: { en: 'vanilla and cream', fr: 'vanille et crème' } },
  { key: 'MARSHMALLOW-COCOA', en: 'Toasted Marshmallow Hot Cocoa', fr: 'Chocolat chaud à la guimauve grillée', notes: { en: 'toasted marshmallow', fr: 'guimauve grillée' } },
  { key: 'SPICED-COCOA', en: 'Spiced Hot Cocoa', fr: 'Chocolat chaud épicé', notes: { en: 'cinnamon and mild chili', fr: 'cannelle et piment doux' } },
  { key: 'HAZELNUT-COCOA', en: 'Hazelnut Hot Cocoa', fr: 'Chocolat chaud à la noisette', notes: { en: 'roasted hazelnut', fr: 'noisette grillée' } },
  { key: 'CAFE-MOCHA', en: 'Café Mocha', fr: 'Café moka', notes: { en: 'espresso and cocoa', fr: 'espresso et cacao' } },
  { key: 'RASPBERRY-TRUFFLE', en: 'Raspberry Truffle Hot Cocoa', fr: 'Chocolat chaud truffe et framboise', notes: { en: 'raspberry and truffle', fr: 'framboise et truffe' } },
  { key: 'MAPLE-COCOA', en: 'Maple Hot Cocoa', fr: "Chocolat chaud à l'érable", notes: { en: 'maple sugar', fr: "sucre d'érable" } },
  { key: 'DOUBLE-CHOCOLATE', en: 'Double Chocolate Hot Cocoa', fr: 'Chocolat chaud double chocolat', notes: { en: 'milk and dark chocolate', fr: 'chocolat au lait et chocolat noir' } },
  { key: 'COOKIES-CREAM', en: 'Cookies and Cream Hot Cocoa', fr: 'Chocolat chaud biscuits et crème', notes: { en: 'chocolate cookie and cream', fr: 'biscuit au chocolat et crème' } },
];

const ICED: Simple[] = [
  { key: 'ICED-CLASSIC', en: 'Brew Over Ice Classic', fr: 'Classique à infuser sur glace', notes: { en: 'cocoa and toasted nuts', fr: 'cacao et noix grillées' } },
  { key: 'ICED-CARAMEL', en: 'Iced Caramel Coffee', fr: 'Café glacé au caramel', notes: { en: 'buttery caramel', fr: 'caramel au beurre' } },
  { key: 'ICED-MOCHA', en: 'Iced Mocha Coffee', fr: 'Café moka glacé', notes: { en: 'chocolate and espresso', fr: 'chocolat et espresso' } },
  { key: 'ICED-VANILLA', en: 'Iced Vanilla Coffee', fr: 'Café glacé à la vanille', notes: { en: 'sweet vanilla', fr: 'vanille sucrée' } },
  { key: 'COLD-BREW-DARK', en: 'Cold Brew Style Dark Roast', fr: 'Café style infusion à froid, torréfaction foncée', notes: { en: 'dark cocoa and molasses', fr: 'cacao noir et mélasse' } },
  { key: 'ICED-LEMON-TEA', en: 'Iced Black Tea with Lemon', fr: 'Thé noir glacé au citron', notes: { en: 'bright lemon', fr: 'citron vif' }, tea: true },
  { key: 'ICED-PEACH-GREEN', en: 'Iced Peach Green Tea', fr: 'Thé vert glacé à la pêche', notes: { en: 'ripe peach', fr: 'pêche mûre' }, tea: true },
  { key: 'ICED-COCONUT', en: 'Iced Coconut Coffee', fr: 'Café glacé à la noix de coco', notes: { en: 'toasted coconut', fr: 'noix de coco grillée' } },
  { key: 'ICED-HAZELNUT', en: 'Iced Hazelnut Coffee', fr: 'Café glacé à la noisette', notes: { en: 'roasted hazelnut', fr: 'noisette grillée' } },
  { key: 'ICED-RASPBERRY-TEA', en: 'Iced Raspberry Tea', fr: 'Thé glacé à la framboise', notes: { en: 'tart raspberry', fr: 'framboise acidulée' }, tea: true },
  { key: 'ICED-SWEET-CREAM', en: 'Iced Sweet Cream Coffee', fr: 'Café glacé crème sucrée', notes: { en: 'sweet cream', fr: 'crème sucrée' } },
  { key: 'ICED-MANGO-TEA', en: 'Iced Mango Black Tea', fr: 'Thé noir glacé à la mangue', notes: { en: 'juicy mango', fr: 'mangue juteuse' }, tea: true },
  { key: 'ICED-ESPRESSO', en: 'Iced Espresso Roast', fr: 'Espresso glacé', notes: { en: 'dark caramel', fr: 'caramel foncé' } },
];

// ---------------------------------------------------------------------------------------------
// Builder state: stock, prices and discounts drawn from one PRNG stream

class Builder {
  readonly rng = new Rng(0xc0ffee);
  private strategyTurn = 0;
  private readonly strategies: Strategy[] = [null, 'ALL', 'OTP', 'AD_PARENT_OTP'];
  readonly products: ProductIn[] = [];

  /** Stock: mostly 20–500; about 6% low (2–5); about 3% sold out. Never exactly 1 (reserved for LASTUNIT-24). */
  stock(): number {
    const r = this.rng.float();
    if (r < 0.03) return 0;
    if (r < 0.09) return this.rng.int(2, 5);
    return this.rng.int(20, 500);
  }

  /** Prices on every site: USD on usb2c/usafh, CAD (≈1.35×) on cab2c; ~22% of variants discounted. */
  prices(sites: BaseSiteUid[], usd: number, discount: 'random' | 'none' | { pct: number; strategy: Strategy } = 'random'): PriceIn[] {
    let d: { pct: number; strategy: Strategy } | null = null;
    if (discount === 'random') {
      if (this.rng.float() < 0.22) {
        d = { pct: this.rng.pick([0.1, 0.15, 0.2, 0.25]), strategy: this.strategies[this.strategyTurn++ % 4]! };
      }
    } else if (discount !== 'none') {
      d = discount;
    }
    return sites.map((site) => {
      const price = site === 'cab2c' ? cad(usd) : usd;
      if (!d) return { baseSite: site, price };
      const discountPrice = Math.min(price - 100, to99(price * (1 - d.pct)));
      return { baseSite: site, price, discountPrice, isDiscountPrice: true, salesPriceStrategy: d.strategy };
    });
  }

  /** Face-value prices (gift cards): the same number in each site's currency. */
  facePrices(sites: BaseSiteUid[], minor: number): PriceIn[] {
    return sites.map((site) => ({ baseSite: site, price: minor }));
  }

  add(p: ProductIn): ProductIn {
    this.products.push({ ...p, sortOrder: this.products.length * 10 });
    return p;
  }

  sites(): BaseSiteUid[] {
    const r = this.rng.float();
    if (r < 0.7) return ALL;
    if (r < 0.85) return CONSUMER;
    if (r < 0.9) return ['usb2c'];
    if (r < 0.95) return ['cab2c'];
    return ['usb2c', 'usafh'];
  }
}

/** Pack discount by size: larger packs cost less per pod. */
function packFactor(count: number): number {
  if (count >= 96) return 0.88;
  if (count >= 72) return 0.9;
  if (count >= 44) return 0.94;
  if (count <= 12) return 1.06;
  return 1;
}

/** Boxes a pack counts as (business-defaults: 44-48 ct = 2, 60-72 ct = 3, 80-96 ct = 4). */
function boxCount(count: number): number {
  if (count >= 80) return 4;
  if (count >= 60) return 3;
  if (count >= 44) return 2;
  return 1;
}

const POD_SCHEMES: Array<{ counts: number[]; def: number }> = [
  { counts: [24, 48, 96], def: 0 },
  { counts: [12, 24, 72], def: 1 },
  { counts: [10, 22, 48], def: 1 },
  { counts: [24, 72], def: 0 },
  { counts: [12, 24, 48, 96], def: 1 },
  { counts: [22, 48], def: 0 },
  { counts: [24, 48], def: 0 },
];

function podVariants(b: Builder, base: string, sites: BaseSiteUid[], perPodCents: number, scheme: { counts: number[]; def: number }): VariantIn[] {
  return scheme.counts.map((count, i) => ({
    code: `${base}-${count}`,
    variantUrlSuffix: `${count}-ct`,
    count,
    boxCount: boxCount(count),
    isDefault: i === scheme.def,
    stock: b.stock(),
    prices: b.prices(sites, to99(perPodCents * count * packFactor(count))),
  }));
}

function ozVariants(b: Builder, base: string, sites: BaseSiteUid[], perOzCents: number, sizes: number[]): VariantIn[] {
  return sizes.map((oz, i) => ({
    code: `${base}-${oz}OZ`,
    variantUrlSuffix: `${oz}-oz`,
    count: oz,
    boxCount: 1,
    isDefault: i === 0,
    stock: b.stock(),
    prices: b.prices(sites, to99(perOzCents * oz * (oz >= 30 ? 0.9 : 1))),
  }));
}

const PROFILE = { classCode: 'BEVERAGE_PROFILE', className: { en: 'Beverage profile', fr: 'Profil de la boisson' } };

function beverageFeatures(opts: { roast?: Roast | null; caffeine: L; notes: L; flavored?: boolean; type: L }): FeatureIn[] {
  const f: FeatureIn[] = [{ ...PROFILE, code: 'BEVERAGE_TYPE', name: { en: 'Beverage', fr: 'Boisson' }, value: opts.type }];
  if (opts.roast) f.push({ ...PROFILE, code: 'ROAST_LEVEL', name: { en: 'Roast', fr: 'Torréfaction' }, value: ROAST[opts.roast].label });
  f.push({ ...PROFILE, code: 'CAFFEINE', name: { en: 'Caffeine', fr: 'Caféine' }, value: opts.caffeine });
  f.push({ ...PROFILE, code: 'TASTING_NOTES', name: { en: 'Tasting notes', fr: 'Notes de dégustation' }, value: opts.notes });
  f.push({ ...PROFILE, code: 'FLAVORED', name: { en: 'Flavored', fr: 'Aromatisé' }, value: opts.flavored ? { en: 'Yes', fr: 'Oui' } : { en: 'No', fr: 'Non' } });
  return f;
}

const CAFFEINE: Record<'regular' | 'decaf' | 'half' | 'free', L> = {
  regular: { en: 'Caffeinated', fr: 'Caféiné' },
  decaf: { en: 'Decaffeinated', fr: 'Décaféiné' },
  half: { en: 'Half-caff', fr: 'Mi-caféiné' },
  free: { en: 'Caffeine-free', fr: 'Sans caféine' },
};

const TYPE_LABEL = {
  coffee: { en: 'Coffee', fr: 'Café' },
  tea: { en: 'Tea', fr: 'Thé' },
  cocoa: { en: 'Hot cocoa', fr: 'Chocolat chaud' },
  iced: { en: 'Iced beverage', fr: 'Boisson glacée' },
};

function slugs(brand: string, name: L): L {
  return { en: slugify(`${brand} ${name.en}`), fr: slugify(`${brand} ${name.fr}`) };
}

/** Coffee text: summary and one of three description templates, in both languages. */
function coffeeText(b: Builder, brand: string, roast: Roast, notes: L): { summary: L; description: L } {
  const r = ROAST[roast];
  const body = b.rng.pick(BODIES);
  const summary = { en: `A ${r.en} roast with notes of ${notes.en}.`, fr: `Une torréfaction ${r.fr} aux notes de ${notes.fr}.` };
  const t = b.rng.int(0, 2);
  const description =
    t === 0
      ? {
          en: `Roasted in small batches by ${brand}, this ${r.en} roast pours a ${body.en} cup with notes of ${notes.en}. Enjoy it black or with a splash of milk.`,
          fr: `Torréfié en petits lots par ${brand}, ce café de torréfaction ${r.fr} offre une tasse ${body.f} aux notes de ${notes.fr}. Savourez-le noir ou avec un nuage de lait.`,
        }
      : t === 1
        ? {
            en: `${brand} built this blend for mornings that need a steady start: a ${r.en} roast, ${body.en} and balanced, with ${notes.en} in every sip. Each pod is sealed under nitrogen to keep it fresh.`,
            fr: `${brand} a conçu ce mélange pour bien commencer la journée : une torréfaction ${r.fr}, ${body.f} et équilibrée, avec des notes de ${notes.fr} à chaque gorgée. Chaque capsule est scellée sous azote pour préserver sa fraîcheur.`,
          }
        : {
            en: `A ${r.en} roast with a ${body.en} body and notes of ${notes.en}. ${brand} buys from farms it has worked with for years and roasts the beans to bring out their natural sweetness.`,
            fr: `Une torréfaction ${r.fr} au corps ${body.m}, aux notes de ${notes.fr}. ${brand} s'approvisionne auprès de fermes partenaires depuis des années et torréfie les grains pour révéler leur douceur naturelle.`,
          };
  return { summary, description };
}

function teaText(brand: string, t: Tea, variant: number): { summary: L; description: L } {
  const caffeine =
    t.caffeine === 'free'
      ? { en: 'Naturally caffeine-free.', fr: 'Naturellement sans caféine.' }
      : t.caffeine === 'decaf'
        ? { en: 'Decaffeinated.', fr: 'Déthéiné.' }
        : { en: 'Contains caffeine.', fr: 'Contient de la caféine.' };
  return {
    summary: { en: `${capitalise(t.kind.en)} with notes of ${t.notes.en}.`, fr: `${capitalise(t.kind.fr)} aux notes de ${t.notes.fr}.` },
    description:
      variant % 2 === 0
        ? {
            en: `${brand} blends it from whole leaves and real ingredients, then seals each pod to keep the aroma in. Brew on the 8 oz setting for a balanced cup, or 6 oz for a stronger one. ${caffeine.en}`,
            fr: `${brand} le prépare à partir de feuilles entières et de vrais ingrédients, puis scelle chaque capsule pour en préserver l'arôme. Choisissez le format de 8 oz pour une tasse équilibrée, ou de 6 oz pour une tasse plus intense. ${caffeine.fr}`,
          }
        : {
            en: `The quality of loose-leaf tea without the wait: ready in under a minute, with notes of ${t.notes.en}. ${caffeine.en}`,
            fr: `La qualité d'un thé en feuilles, sans l'attente : prêt en moins d'une minute, avec des notes de ${t.notes.fr}. ${caffeine.fr}`,
          },
  };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Categories

function categories(): CategoryIn[] {
  const cat = (code: string, parentCode: string | null, en: string, fr: string, slugEn: string, slugFr: string, sortOrder: number): CategoryIn => ({
    code,
    parentCode,
    name: { en, fr },
    slug: { en: slugEn, fr: slugFr },
    sortOrder,
  });
  return [
    cat(C.beverages, null, 'Beverages', 'Boissons', 'beverages', 'boissons', 10),
    cat(C.brewers, null, 'Coffee makers', 'Cafetières', 'coffee-makers', 'cafetieres', 20),
    cat(C.accessoriesAndGiftCards, null, 'Accessories & gift cards', 'Accessoires et cartes-cadeaux', 'accessories-gift-cards', 'accessoires-et-cartes-cadeaux', 30),
    cat(C.coffee, C.beverages, 'Coffee', 'Café', 'coffee', 'cafe', 11),
    cat(C.tea, C.beverages, 'Tea', 'Thé', 'tea', 'the', 12),
    cat(C.cocoa, C.beverages, 'Hot cocoa', 'Chocolat chaud', 'hot-cocoa', 'chocolat-chaud', 13),
    cat(C.iced, C.beverages, 'Iced beverages', 'Boissons glacées', 'iced-beverages', 'boissons-glacees', 14),
    cat(C.bagged, C.beverages, 'Bagged & canned coffee', 'Café en sac et en boîte', 'bagged-coffee', 'cafe-en-sac', 15),
    cat(C.singleServeBrewers, C.brewers, 'Single-serve brewers', 'Cafetières à portion individuelle', 'single-serve-brewers', 'cafetieres-a-portion-individuelle', 21),
    cat(C.commercialBrewers, C.brewers, 'Commercial brewers', 'Cafetières commerciales', 'commercial-brewers', 'cafetieres-commerciales', 22),
    cat(C.starterKits, C.brewers, 'Starter kits & bundles', 'Trousses de démarrage et ensembles', 'starter-kits', 'trousses-de-demarrage', 23),
    cat(C.accessories, C.accessoriesAndGiftCards, 'Accessories', 'Accessoires', 'accessories', 'accessoires', 31),
    cat(C.giftCards, C.accessoriesAndGiftCards, 'Gift cards', 'Cartes-cadeaux', 'gift-cards', 'cartes-cadeaux', 32),
  ];
}

// ---------------------------------------------------------------------------------------------
// Beverages

function addFixedBeverages(b: Builder): void {
  const bh = BRANDS.brewhaus;
  // The well-known coffee: 24 ct (default), 48 ct (discount shown), 96 ct (AD_PARENT_OTP: list price shown).
  const sig = { en: 'Signature Dark Roast Coffee', fr: 'Café Signature, torréfaction foncée' };
  b.add({
    code: DEMO_CODES.coffee,
    productType: 'Coffee',
    beverageType: 'coffee',
    brand: bh.name,
    brandCode: bh.code,
    roast: 'dark',
    sellGroupName: 'Beverages',
    name: sig,
    summary: { en: 'Our house dark roast: cocoa, toasted walnut and a long, smooth finish.', fr: 'Notre torréfaction foncée maison : cacao, noix grillée et une finale longue et douce.' },
    description: {
      en: 'Signature Dark Roast is the coffee Brewhaus drinks at its own roastery: beans from Central and South America, roasted slowly until the sugars caramelize, for a full-bodied cup with cocoa, toasted walnut and a long, smooth finish. Brews well at every cup size.',
      fr: "Le café Signature est celui que l'on boit à la brûlerie Brewhaus : des grains d'Amérique centrale et d'Amérique du Sud, torréfiés lentement jusqu'à la caramélisation des sucres, pour une tasse corsée aux notes de cacao et de noix grillée, avec une finale longue et douce. Excellent à tous les formats de tasse.",
    },
    slug: slugs(bh.name, sig),
    categories: [C.coffee, C.beverages],
    sites: ALL,
    imageColor: '#4e2f1a',
    variants: [
      { code: DEMO_CODES.coffeeVariant24, variantUrlSuffix: '24-ct', count: 24, boxCount: 1, isDefault: true, stock: 480, prices: b.prices(ALL, 1799, 'none') },
      { code: DEMO_CODES.coffeeVariant48, variantUrlSuffix: '48-ct', count: 48, boxCount: 2, stock: 320, prices: b.prices(ALL, 3399, { pct: 0.15, strategy: null }) },
      { code: DEMO_CODES.coffeeVariant96, variantUrlSuffix: '96-ct', count: 96, boxCount: 4, stock: 150, prices: b.prices(ALL, 6299, { pct: 0.2, strategy: 'AD_PARENT_OTP' }) },
    ],
    features: beverageFeatures({ roast: 'dark', caffeine: CAFFEINE.regular, notes: { en: 'cocoa and toasted walnut', fr: 'cacao et noix grillée' }, type: TYPE_LABEL.coffee }),
  });

  const cal = { en: 'Café au Lait', fr: 'Café au lait' };
  b.add({
    code: DEMO_CODES.frenchAccentProduct,
    productType: 'Coffee',
    beverageType: 'coffee',
    brand: bh.name,
    brandCode: bh.code,
    roast: 'medium',
    sellGroupName: 'Beverages',
    name: cal,
    summary: { en: 'A creamy medium roast made for milk, in the style of a Paris café.', fr: "Une torréfaction moyenne onctueuse, pensée pour le lait, à la manière d'un café parisien." },
    description: {
      en: 'Brew Café au Lait on the 6 oz setting and top it with an equal part of hot milk. The medium roast keeps its caramel sweetness under the milk instead of disappearing into it.',
      fr: 'Infusez le Café au lait au format de 6 oz, puis ajoutez autant de lait chaud. La torréfaction moyenne garde sa douceur caramélisée sous le lait au lieu de s’y perdre.',
    },
    slug: slugs(bh.name, cal),
    categories: [C.coffee, C.beverages],
    sites: ALL,
    imageColor: '#a0703f',
    variants: podVariants(b, DEMO_CODES.frenchAccentProduct, ALL, 72, { counts: [12, 24, 72], def: 1 }),
    features: beverageFeatures({ roast: 'medium', caffeine: CAFFEINE.regular, notes: { en: 'caramel and cream', fr: 'caramel et crème' }, type: TYPE_LABEL.coffee }),
  });

  const last = { en: 'Last Harvest Micro-Lot Coffee', fr: 'Café microlot de la dernière récolte' };
  b.add({
    code: DEMO_CODES.lastUnitProduct,
    productType: 'Coffee',
    beverageType: 'coffee',
    brand: BRANDS.northbound.name,
    brandCode: BRANDS.northbound.code,
    roast: 'light',
    sellGroupName: 'Beverages',
    name: last,
    summary: { en: 'A tiny micro-lot with notes of apricot and black tea. Almost gone.', fr: "Un tout petit microlot aux notes d'abricot et de thé noir. Presque épuisé." },
    description: {
      en: 'Northbound Roasters bought every bag this hillside farm produced in its last harvest. Once these boxes are gone, so is this coffee: light roast, apricot, black tea and a honeyed finish.',
      fr: "Northbound Roasters a acheté tous les sacs de la dernière récolte de cette ferme à flanc de colline. Quand ces boîtes seront vendues, ce café disparaîtra : torréfaction légère, abricot, thé noir et une finale miellée.",
    },
    slug: slugs(BRANDS.northbound.name, last),
    categories: [C.coffee, C.beverages],
    sites: ALL,
    imageColor: '#c8914e',
    variants: [
      { code: DEMO_CODES.lastUnit, variantUrlSuffix: '24-ct', count: 24, boxCount: 1, isDefault: true, stock: 1, prices: b.prices(ALL, 2199, 'none') },
      { code: 'LASTUNIT-48', variantUrlSuffix: '48-ct', count: 48, boxCount: 2, stock: 0, prices: b.prices(ALL, 4199, 'none') },
    ],
    features: beverageFeatures({ roast: 'light', caffeine: CAFFEINE.regular, notes: { en: 'apricot and black tea', fr: 'abricot et thé noir' }, type: TYPE_LABEL.coffee }),
  });

  const disc = { en: 'Autumn Harvest Blend', fr: "Café mélange récolte d'automne" };
  b.add({
    code: DEMO_CODES.discontinued,
    productType: 'Coffee',
    beverageType: 'coffee',
    brand: BRANDS.harbour.name,
    brandCode: BRANDS.harbour.code,
    roast: 'medium',
    sellGroupName: 'Beverages',
    name: disc,
    summary: { en: 'A seasonal blend with notes of baked apple. No longer made.', fr: "Un mélange saisonnier aux notes de pomme cuite. N'est plus offert." },
    description: {
      en: 'Our autumn blend has been retired. Try the Harbour & Pine range for another medium roast.',
      fr: "Notre mélange d'automne a été retiré. Essayez la gamme Harbour & Pine pour une autre torréfaction moyenne.",
    },
    slug: slugs(BRANDS.harbour.name, disc),
    categories: [C.coffee, C.beverages],
    sites: ALL,
    discontinued: true,
    imageColor: '#b5651d',
    variants: podVariants(b, DEMO_CODES.discontinued, ALL, 70, { counts: [24, 48], def: 0 }),
    features: beverageFeatures({ roast: 'medium', caffeine: CAFFEINE.regular, notes: { en: 'baked apple', fr: 'pomme cuite' }, type: TYPE_LABEL.coffee }),
  });

  const ginger = { en: 'Gingerbread Hot Cocoa', fr: "Chocolat chaud au pain d'épices" };
  b.add({
    code: DEMO_CODES.discontinuedCocoa,
    productType: 'Coffee',
    beverageType: 'cocoa',
    brand: BRANDS.cocoa.name,
    brandCode: BRANDS.cocoa.code,
    sellGroupName: 'Beverages',
    name: ginger,
    summary: { en: 'A holiday cocoa with ginger and molasses. No longer made.', fr: "Un chocolat des fêtes au gingembre et à la mélasse. N'est plus offert." },
    description: {
      en: 'This holiday edition has been retired. The Spiced Hot Cocoa is its closest cousin.',
      fr: "Cette édition des fêtes a été retirée. Le chocolat chaud épicé en est le plus proche cousin.",
    },
    slug: slugs(BRANDS.cocoa.name, ginger),
    categories: [C.cocoa, C.beverages],
    sites: CONSUMER,
    discontinued: true,
    imageColor: '#7b4b36',
    variants: podVariants(b, DEMO_CODES.discontinuedCocoa, CONSUMER, 78, { counts: [10, 22], def: 1 }),
    features: beverageFeatures({ caffeine: CAFFEINE.free, notes: { en: 'ginger and molasses', fr: 'gingembre et mélasse' }, type: TYPE_LABEL.cocoa }),
  });

  const sugar = { en: 'Sugar Shack Maple Coffee', fr: "Café érable de la cabane à sucre" };
  b.add({
    code: DEMO_CODES.caOnlyProduct,
    productType: 'Coffee',
    beverageType: 'coffee',
    brand: BRANDS.maple.name,
    brandCode: BRANDS.maple.code,
    roast: 'medium',
    sellGroupName: 'Beverages',
    name: sugar,
    summary: { en: 'A medium roast with real maple flavor, sold in Canada only.', fr: "Une torréfaction moyenne au véritable goût d'érable, offerte au Canada seulement." },
    description: {
      en: 'Maple Ridge flavors this medium roast with maple from sugar shacks in the Eastern Townships, for a cup that tastes like a spring morning in the woods.',
      fr: "Maple Ridge aromatise cette torréfaction moyenne avec de l'érable des cabanes à sucre des Cantons-de-l'Est, pour une tasse qui rappelle un matin de printemps en forêt.",
    },
    slug: slugs(BRANDS.maple.name, sugar),
    categories: [C.coffee, C.beverages],
    sites: ['cab2c'],
    imageColor: '#b23a20',
    variants: podVariants(b, DEMO_CODES.caOnlyProduct, ['cab2c'], 74, { counts: [24, 48], def: 0 }),
    features: beverageFeatures({ roast: 'medium', caffeine: CAFFEINE.regular, notes: { en: 'maple and brown butter', fr: 'érable et beurre noisette' }, flavored: true, type: TYPE_LABEL.coffee }),
  });
}

function addCoffeePods(b: Builder): void {
  const brands = [BRANDS.brewhaus, BRANDS.northbound, BRANDS.maple, BRANDS.harbour, BRANDS.lantern, BRANDS.summit];
  for (const brand of brands) {
    for (const blend of b.rng.shuffle(BLENDS).slice(0, 11)) {
      const code = `${brand.prefix}-${blend.key}`;
      const sites = b.sites();
      const name = { en: blend.en, fr: blend.fr };
      const perPod = b.rng.int(64, 82) + (blend.flavored ? 4 : 0);
      b.add({
        code,
        productType: 'Coffee',
        beverageType: 'coffee',
        brand: brand.name,
        brandCode: brand.code,
        series: blend.flavored ? 'Flavored' : null,
        roast: blend.roast,
        sellGroupName: 'Beverages',
        name,
        ...coffeeText(b, brand.name, blend.roast, blend.notes),
        slug: slugs(brand.name, name),
        categories: [C.coffee, C.beverages],
        sites,
        imageColor: blend.flavored ? b.rng.pick(brand.palette) : ROAST[blend.roast].color,
        variants: podVariants(b, code, sites, perPod, b.rng.pick(POD_SCHEMES)),
        features: beverageFeatures({
          roast: blend.roast,
          caffeine: CAFFEINE[blend.caffeine ?? 'regular'],
          notes: blend.notes,
          flavored: blend.flavored,
          type: TYPE_LABEL.coffee,
        }),
      });
    }
  }
}

function addTeas(b: Builder): void {
  const plan: Array<[Brand, number]> = [
    [BRANDS.tidewater, 12],
    [BRANDS.harbour, 8],
  ];
  let n = 0;
  for (const [brand, howMany] of plan) {
    for (const tea of b.rng.shuffle(TEAS).slice(0, howMany)) {
      const code = `${brand.prefix}-${tea.key}`;
      const sites = b.sites();
      const name = { en: tea.en, fr: tea.fr };
      b.add({
        code,
        productType: 'Coffee',
        beverageType: 'tea',
        brand: brand.name,
        brandCode: brand.code,
        sellGroupName: 'Beverages',
        name,
        ...teaText(brand.name, tea, n++),
        slug: slugs(brand.name, name),
        categories: [C.tea, C.beverages],
        sites,
        imageColor: b.rng.pick(brand.palette),
        variants: podVariants(b, code, sites, b.rng.int(54, 68), b.rng.pick([POD_SCHEMES[6]!, POD_SCHEMES[1]!, POD_SCHEMES[5]!])),
        features: beverageFeatures({ caffeine: CAFFEINE[tea.caffeine ?? 'regular'], notes: tea.notes, type: TYPE_LABEL.tea }),
      });
    }
  }
}

function addCocoas(b: Builder): void {
  const plan: Array<[Brand, number]> = [
    [BRANDS.cocoa, 10],
    [BRANDS.maple, 3],
  ];
  for (const [brand, howMany] of plan) {
    for (const item of b.rng.shuffle(COCOAS).slice(0, howMany)) {
      const code = `${brand.prefix}-${item.key}`;
      const sites = b.sites();
      const name = { en: item.en, fr: item.fr };
      const mocha = item.key === 'CAFE-MOCHA';
      b.add({
        code,
        productType: 'Coffee',
        beverageType: 'cocoa',
        brand: brand.name,
        brandCode: brand.code,
        sellGroupName: 'Beverages',
        name,
        summary: { en: `A hot cocoa with notes of ${item.notes.en}.`, fr: `Un chocolat chaud aux notes de ${item.notes.fr}.` },
        description: {
          en: `${brand.name} makes it with real cocoa and a touch of cream for a velvety cup in under a minute. Top it with whipped cream on cold evenings.`,
          fr: `${brand.name} le prépare avec du vrai cacao et une touche de crème pour une tasse veloutée en moins d'une minute. Garnissez-le de crème fouettée les soirs de grand froid.`,
        },
        slug: slugs(brand.name, name),
        categories: [C.cocoa, C.beverages],
        sites,
        imageColor: b.rng.pick(brand.palette),
        variants: podVariants(b, code, sites, b.rng.int(70, 86), b.rng.pick([POD_SCHEMES[2]!, POD_SCHEMES[6]!, POD_SCHEMES[5]!])),
        features: beverageFeatures({ caffeine: mocha ? CAFFEINE.regular : CAFFEINE.free, notes: item.notes, flavored: true, type: TYPE_LABEL.cocoa }),
      });
    }
  }
}

function addIced(b: Builder): void {
  const plan: Array<[Brand, number]> = [
    [BRANDS.brewhaus, 7],
    [BRANDS.northbound, 6],
  ];
  for (const [brand, howMany] of plan) {
    for (const item of b.rng.shuffle(ICED).slice(0, howMany)) {
      const code = `${brand.prefix}-${item.key}`;
      const sites = b.sites();
      const name = { en: item.en, fr: item.fr };
      b.add({
        code,
        productType: 'Coffee',
        beverageType: 'iced',
        brand: brand.name,
        brandCode: brand.code,
        roast: item.tea ? null : 'medium',
        sellGroupName: 'Beverages',
        name,
        summary: { en: `Brewed hot over ice, with notes of ${item.notes.en}.`, fr: `Infusé chaud sur glace, aux notes de ${item.notes.fr}.` },
        description: {
          en: `Fill a tumbler with ice, brew on the iced setting or the smallest cup size, and stir. ${brand.name} blends it to stay bold as the ice melts, with notes of ${item.notes.en}.`,
          fr: `Remplissez un gobelet de glaçons, lancez l'infusion avec le réglage glacé ou le plus petit format de tasse, puis remuez. ${brand.name} a conçu ce mélange pour qu'il garde tout son goût à mesure que la glace fond, avec des notes de ${item.notes.fr}.`,
        },
        slug: slugs(brand.name, name),
        categories: [C.iced, C.beverages],
        sites,
        imageColor: b.rng.pick(['#3f88c5', '#2a6f97', '#4d96b8', '#61a5c2']),
        variants: podVariants(b, code, sites, b.rng.int(84, 98), b.rng.pick([POD_SCHEMES[1]!, POD_SCHEMES[2]!, POD_SCHEMES[6]!])),
        features: beverageFeatures({
          roast: item.tea ? null : 'medium',
          caffeine: CAFFEINE.regular,
          notes: item.notes,
          flavored: !['ICED-CLASSIC', 'COLD-BREW-DARK', 'ICED-ESPRESSO'].includes(item.key),
          type: TYPE_LABEL.iced,
        }),
      });
    }
  }
}

function addBaggedAndCanned(b: Builder): void {
  const forms = [
    { suffix: 'GROUND', pack: 'Bagged' as const, en: 'Ground', fr: 'moulu', sizes: [12, 32], lead: { en: 'Ground coffee in a resealable bag', fr: 'Café moulu en sac refermable' } },
    { suffix: 'WHOLE-BEAN', pack: 'Bagged' as const, en: 'Whole Bean', fr: 'en grains', sizes: [12, 32], lead: { en: 'Whole beans in a resealable bag', fr: 'Grains entiers en sac refermable' } },
    { suffix: 'CANISTER', pack: 'Canned' as const, en: 'Canister', fr: 'en boîte', sizes: [24, 32], lead: { en: 'Ground coffee in a resealable canister', fr: 'Café moulu en boîte refermable' } },
  ];
  const plan: Array<[Brand, (typeof forms)[number], number]> = [
    [BRANDS.northbound, forms[0]!, 3],
    [BRANDS.harbour, forms[1]!, 3],
    [BRANDS.summit, forms[0]!, 2],
    [BRANDS.maple, forms[1]!, 2],
    [BRANDS.brewhaus, forms[2]!, 2],
    [BRANDS.lantern, forms[2]!, 2],
  ];
  for (const [brand, form, howMany] of plan) {
    for (const blend of b.rng.shuffle(BLENDS.filter((x) => !x.flavored)).slice(0, howMany)) {
      const code = `${brand.prefix}-${blend.key}-${form.suffix}`;
      const sites = b.sites();
      const name = { en: `${blend.en}, ${form.en}`, fr: `${blend.fr}, ${form.fr}` };
      const r = ROAST[blend.roast];
      b.add({
        code,
        // Lantern Street's canisters are a premium line the brand keeps off auto-delivery (business-defaults)
        ...(brand === BRANDS.lantern ? { adEligible: false } : {}),
        productType: 'Coffee',
        beverageType: 'coffee',
        brand: brand.name,
        brandCode: brand.code,
        packType: form.pack,
        roast: blend.roast,
        sellGroupName: form.pack,
        name,
        summary: { en: `${form.lead.en}: a ${r.en} roast with notes of ${blend.notes.en}.`, fr: `${form.lead.fr} : une torréfaction ${r.fr} aux notes de ${blend.notes.fr}.` },
        description: {
          en: `For drip machines, pour-over and the French press. ${brand.name} packs it the day it is roasted; keep it sealed, away from light, and use it within a month of opening.`,
          fr: `Pour cafetière filtre, infusion manuelle ou cafetière à piston. ${brand.name} l'emballe le jour même de la torréfaction; gardez-le bien fermé, à l'abri de la lumière, et utilisez-le dans le mois suivant l'ouverture.`,
        },
        slug: slugs(brand.name, name),
        categories: [C.bagged, C.beverages],
        sites,
        imageColor: ROAST[blend.roast].color,
        variants: ozVariants(b, code, sites, b.rng.int(98, 125), form.sizes),
        features: beverageFeatures({ roast: blend.roast, caffeine: CAFFEINE[blend.caffeine ?? 'regular'], notes: blend.notes, type: TYPE_LABEL.coffee }),
      });
    }
  }
}

function addOfficePacks(b: Builder): void {
  const picks = b.rng.shuffle(BLENDS.filter((x) => !x.flavored)).slice(0, 6);
  const brands = [BRANDS.brewhaus, BRANDS.northbound, BRANDS.summit];
  picks.forEach((blend, i) => {
    const brand = brands[i % brands.length]!;
    const code = `${brand.prefix}-${blend.key}-OFFICE`;
    const sites: BaseSiteUid[] = ['usafh'];
    const name = { en: `${blend.en}, Office Pack`, fr: `${blend.fr}, format bureau` };
    const r = ROAST[blend.roast];
    b.add({
      code,
      productType: 'Coffee',
      beverageType: 'coffee',
      brand: brand.name,
      brandCode: brand.code,
      series: 'Office',
      roast: blend.roast,
      sellGroupName: 'Beverages',
      name,
      summary: { en: `Office-size pack of a ${r.en} roast with notes of ${blend.notes.en}.`, fr: `Format bureau d'une torréfaction ${r.fr} aux notes de ${blend.notes.fr}.` },
      description: {
        en: `Sized for break rooms and waiting rooms, this pack keeps a busy team in coffee for weeks, with the same balanced cup from the first pod to the last.`,
        fr: `Conçu pour les salles de pause et les salles d'attente, ce format garde une équipe occupée en café pendant des semaines, avec la même tasse équilibrée de la première à la dernière capsule.`,
      },
      slug: slugs(brand.name, name),
      categories: [C.coffee, C.beverages],
      sites,
      imageColor: ROAST[blend.roast].color,
      variants: podVariants(b, code, sites, b.rng.int(60, 72), { counts: [48, 72, 96], def: 2 }),
      features: beverageFeatures({ roast: blend.roast, caffeine: CAFFEINE[blend.caffeine ?? 'regular'], notes: blend.notes, type: TYPE_LABEL.coffee }),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Brewers

interface BrewerSpec {
  code: string;
  model: string;
  tagline: L;
  usd: number;
  sites: BaseSiteUid[];
  commercial?: boolean;
  colors: string[];
  cups: number[];
  reservoirOz: number;
  strength: boolean;
  iced: boolean;
  hotWater: boolean;
  frother: boolean;
  carafe?: boolean;
  smart?: boolean;
  dims: [number, number, number];
  weightLb: number;
  warrantyYears: number;
  discount?: { pct: number; strategy: Strategy };
}

const BREWERS: BrewerSpec[] = [
  { code: 'BH-SOLO', model: 'Solo', tagline: { en: 'Our compact everyday brewer.', fr: 'Notre cafetière compacte de tous les jours.' }, usd: 8999, sites: CONSUMER, colors: ['matte-black', 'cherry-red', 'chalk-white', 'harbour-blue'], cups: [6, 8, 10], reservoirOz: 42, strength: false, iced: false, hotWater: false, frother: false, dims: [5.0, 12.1, 12.5], weightLb: 6.1, warrantyYears: 1 },
  { code: 'BH-MINI', model: 'Mini', tagline: { en: 'One cup at a time, in the smallest footprint.', fr: 'Une tasse à la fois, dans le plus petit format.' }, usd: 6999, sites: ALL, colors: ['matte-black', 'sage-green', 'blush-pink'], cups: [6, 8, 10, 12], reservoirOz: 12, strength: false, iced: false, hotWater: false, frother: false, dims: [4.5, 11.3, 12.1], weightLb: 4.6, warrantyYears: 1, discount: { pct: 0.2, strategy: null } },
  { code: 'BH-SLIM', model: 'Slim', tagline: { en: 'Fits the narrowest counter.', fr: 'Se glisse sur le comptoir le plus étroit.' }, usd: 9999, sites: CONSUMER, colors: ['matte-black', 'moonlight-grey', 'chalk-white'], cups: [8, 10, 12], reservoirOz: 46, strength: true, iced: false, hotWater: false, frother: false, dims: [4.5, 14.2, 12.3], weightLb: 6.3, warrantyYears: 1 },
  { code: 'BH-CLASSIC', model: 'Classic', tagline: { en: 'The reliable brewer for every kitchen and office.', fr: 'La cafetière fiable pour toutes les cuisines et tous les bureaux.' }, usd: 11999, sites: ALL, colors: ['matte-black', 'cherry-red'], cups: [6, 8, 10], reservoirOz: 48, strength: false, iced: false, hotWater: true, frother: false, dims: [9.9, 13.3, 13.1], weightLb: 7.5, warrantyYears: 1 },
  { code: 'BH-EXPRESS', model: 'Express', tagline: { en: 'A full cup in under a minute.', fr: "Une tasse pleine en moins d'une minute." }, usd: 12999, sites: CONSUMER, colors: ['matte-black', 'midnight-navy', 'copper'], cups: [6, 8, 10, 12], reservoirOz: 52, strength: true, iced: false, hotWater: false, frother: false, dims: [5.7, 13.0, 12.9], weightLb: 6.8, warrantyYears: 1, discount: { pct: 0.15, strategy: 'ALL' } },
  { code: 'BH-COMPACT-XL', model: 'Compact XL', tagline: { en: 'Small outside, big reservoir inside.', fr: 'Petite dehors, grand réservoir dedans.' }, usd: 13999, sites: CONSUMER, colors: ['matte-black', 'chalk-white'], cups: [6, 8, 10, 12], reservoirOz: 60, strength: true, iced: false, hotWater: true, frother: false, dims: [6.8, 14.5, 13.4], weightLb: 7.9, warrantyYears: 1 },
  { code: 'BH-ICED-PLUS', model: 'Iced Plus', tagline: { en: 'Hot or over ice, at the touch of a button.', fr: "Chaud ou sur glace, d'une simple touche." }, usd: 14999, sites: CONSUMER, colors: ['matte-black', 'harbour-blue', 'chalk-white', 'sage-green'], cups: [6, 8, 10, 12], reservoirOz: 66, strength: true, iced: true, hotWater: false, frother: false, dims: [7.3, 15.1, 13.9], weightLb: 8.2, warrantyYears: 1 },
  { code: 'BH-DUO-PLUS', model: 'Duo Plus', tagline: { en: 'A single cup or a 12-cup carafe.', fr: 'Une tasse ou une carafe de 12 tasses.' }, usd: 16999, sites: CONSUMER, colors: ['matte-black', 'brushed-silver'], cups: [6, 8, 10, 12], reservoirOz: 60, strength: true, iced: false, hotWater: false, frother: false, carafe: true, dims: [10.6, 13.9, 14.6], weightLb: 11.2, warrantyYears: 2 },
  { code: 'BH-ELITE', model: 'Elite', tagline: { en: 'Every setting we make, in one brewer.', fr: 'Tous nos réglages réunis dans une seule cafetière.' }, usd: 17999, sites: ALL, colors: ['brushed-silver', 'matte-black', 'midnight-navy'], cups: [4, 6, 8, 10, 12], reservoirOz: 75, strength: true, iced: true, hotWater: true, frother: false, dims: [9.8, 13.3, 13.0], weightLb: 8.6, warrantyYears: 2, discount: { pct: 0.2, strategy: 'OTP' } },
  { code: 'BH-SMART', model: 'Smart', tagline: { en: 'Schedule your first cup from your phone.', fr: 'Programmez votre première tasse depuis votre téléphone.' }, usd: 18999, sites: CONSUMER, colors: ['matte-black', 'moonlight-grey'], cups: [6, 8, 10, 12], reservoirOz: 60, strength: true, iced: true, hotWater: true, frother: false, smart: true, dims: [7.9, 15.4, 13.8], weightLb: 8.8, warrantyYears: 2 },
  { code: 'BH-CAFE-LATTE', model: 'Café Latte', tagline: { en: 'Lattes and cappuccinos with a built-in frother.', fr: 'Lattés et cappuccinos grâce au mousseur intégré.' }, usd: 19999, sites: CONSUMER, colors: ['chalk-white', 'copper', 'matte-black'], cups: [6, 8, 10, 12], reservoirOz: 60, strength: true, iced: false, hotWater: false, frother: true, dims: [12.0, 13.5, 12.9], weightLb: 9.9, warrantyYears: 1, discount: { pct: 0.25, strategy: 'AD_PARENT_OTP' } },
  { code: 'BH-BARISTA-PRO', model: 'Barista Pro', tagline: { en: 'Café drinks at home, hot or iced.', fr: 'Des boissons de café à la maison, chaudes ou glacées.' }, usd: 22999, sites: CONSUMER, colors: ['brushed-silver', 'matte-black', 'cherry-red'], cups: [4, 6, 8, 10, 12], reservoirOz: 68, strength: true, iced: true, hotWater: true, frother: true, dims: [12.4, 14.1, 13.6], weightLb: 11.0, warrantyYears: 2 },
  { code: 'BH-OFFICE-PRO', model: 'Office Pro 200', commercial: true, tagline: { en: 'Built for break rooms of up to 20 people.', fr: "Conçue pour les salles de pause accueillant jusqu'à 20 personnes." }, usd: 39999, sites: ['usafh', 'usb2c'], colors: ['matte-black', 'brushed-silver'], cups: [4, 6, 8, 10, 12], reservoirOz: 90, strength: true, iced: true, hotWater: true, frother: false, dims: [10.7, 16.6, 14.8], weightLb: 14.2, warrantyYears: 2 },
  { code: 'BH-OFFICE-PLUS', model: 'Office Plus 300', commercial: true, tagline: { en: 'Direct water line option for busy offices.', fr: "Option de raccordement direct à l'eau pour les bureaux achalandés." }, usd: 54999, sites: ['usafh'], colors: ['matte-black', 'brushed-silver'], cups: [4, 6, 8, 10, 12], reservoirOz: 120, strength: true, iced: true, hotWater: true, frother: false, dims: [12.5, 18.0, 16.3], weightLb: 19.5, warrantyYears: 3 },
  { code: 'BH-OFFICE-MAX', model: 'Office Max 500', commercial: true, tagline: { en: 'Touchscreen brewer for waiting rooms and lobbies.', fr: "Cafetière à écran tactile pour salles d'attente et halls d'entrée." }, usd: 89999, sites: ['usafh'], colors: ['matte-black', 'brushed-silver', 'midnight-navy'], cups: [4, 6, 8, 10, 12, 14], reservoirOz: 140, strength: true, iced: true, hotWater: true, frother: true, smart: true, dims: [13.8, 19.5, 17.9], weightLb: 26.4, warrantyYears: 3 },
];

function brewerFeatures(s: BrewerSpec): FeatureIn[] {
  const brewing = { classCode: 'BREWING', className: { en: 'Brewing features', fr: "Fonctions d'infusion" } };
  const design = { classCode: 'SIZE_WARRANTY', className: { en: 'Size and warranty', fr: 'Format et garantie' } };
  const yesNo = (v: boolean): L => (v ? { en: 'Yes', fr: 'Oui' } : { en: 'No', fr: 'Non' });
  const cups = list(s.cups.map(String));
  const [w, d, h] = s.dims;
  const cm = (inches: number) => frNum(inches * 2.54);
  return [
    { ...brewing, code: 'CUP_SIZES', name: { en: 'Cup sizes', fr: 'Formats de tasse' }, value: { en: `${cups.en} oz`, fr: `${cups.fr} oz` } },
    { ...brewing, code: 'RESERVOIR_CAPACITY', name: { en: 'Reservoir capacity', fr: 'Capacité du réservoir' }, value: { en: `${s.reservoirOz} oz`, fr: `${s.reservoirOz} oz (${frNum((s.reservoirOz * 29.5735) / 1000, 2)} L)` } },
    { ...brewing, code: 'BREW_STRENGTH_CONTROL', name: { en: 'Brew strength control', fr: "Réglage de l'intensité" }, value: yesNo(s.strength) },
    { ...brewing, code: 'ICED_SETTING', name: { en: 'Iced setting', fr: 'Réglage glacé' }, value: yesNo(s.iced) },
    { ...brewing, code: 'HOT_WATER_ON_DEMAND', name: { en: 'Hot water on demand', fr: 'Eau chaude sur demande' }, value: yesNo(s.hotWater) },
    { ...brewing, code: 'MILK_FROTHER', name: { en: 'Milk frother', fr: 'Mousseur à lait' }, value: yesNo(s.frother) },
    { ...brewing, code: 'CARAFE', name: { en: 'Carafe brewing', fr: 'Infusion en carafe' }, value: yesNo(Boolean(s.carafe)) },
    { ...brewing, code: 'APP_CONTROL', name: { en: 'App control', fr: 'Commande par application' }, value: yesNo(Boolean(s.smart)) },
    { ...design, code: 'DIMENSIONS', name: { en: 'Dimensions (W x D x H)', fr: 'Dimensions (l x p x h)' }, value: { en: `${w} x ${d} x ${h} in`, fr: `${cm(w)} x ${cm(d)} x ${cm(h)} cm` } },
    { ...design, code: 'WEIGHT', name: { en: 'Weight', fr: 'Poids' }, value: { en: `${s.weightLb} lb`, fr: `${frNum(s.weightLb * 0.4536)} kg` } },
    { ...design, code: 'WARRANTY', name: { en: 'Warranty', fr: 'Garantie' }, value: s.warrantyYears === 1 ? { en: '1 year limited', fr: '1 an, limitée' } : { en: `${s.warrantyYears} years limited`, fr: `${s.warrantyYears} ans, limitée` } },
    { ...design, code: 'COLORS', name: { en: 'Colors', fr: 'Couleurs' }, value: { en: list(s.colors.map((c) => VARIANT_COLORS[c]!.en)).en, fr: list(s.colors.map((c) => VARIANT_COLORS[c]!.fr.toLowerCase())).fr } },
  ];
}

function brewerDescription(s: BrewerSpec): L {
  const cups = list(s.cups.map(String));
  const en = [
    `The Brewhaus ${s.model} brews ${cups.en} oz cups in about a minute from a ${s.reservoirOz} oz removable reservoir.`,
    s.strength ? 'The Strong button brings out a bolder cup.' : '',
    s.iced ? 'An iced setting brews hot over ice without watering down your drink.' : '',
    s.hotWater ? 'Hot water on demand is ready for tea, oatmeal or soup.' : '',
    s.frother ? 'A built-in frother whips hot or cold milk for lattes and cappuccinos.' : '',
    s.carafe ? 'Switch to the carafe side to brew up to 12 cups of ground coffee.' : '',
    s.smart ? 'Schedule brews and reorder pods from the Brewhaus app.' : '',
    `Backed by a ${s.warrantyYears}-year limited warranty.`,
  ];
  const fr = [
    `La Brewhaus ${s.model} prépare des tasses de ${cups.fr} oz en une minute environ, grâce à un réservoir amovible de ${s.reservoirOz} oz.`,
    s.strength ? "La touche Intense donne une tasse plus corsée." : '',
    s.iced ? 'Le réglage glacé infuse chaud sur glace sans diluer votre boisson.' : '',
    s.hotWater ? "L'eau chaude sur demande est prête pour le thé, le gruau ou la soupe." : '',
    s.frother ? 'Le mousseur intégré fait mousser le lait chaud ou froid pour les lattés et les cappuccinos.' : '',
    s.carafe ? "Passez du côté carafe pour infuser jusqu'à 12 tasses de café moulu." : '',
    s.smart ? "Programmez vos infusions et commandez vos capsules depuis l'application Brewhaus." : '',
    `Garantie limitée de ${s.warrantyYears} ${s.warrantyYears === 1 ? 'an' : 'ans'}.`,
  ];
  return { en: en.filter(Boolean).join(' '), fr: fr.filter(Boolean).join(' ') };
}

function addBrewers(b: Builder): void {
  const bh = BRANDS.brewhaus;
  for (const s of BREWERS) {
    const name = s.commercial
      ? { en: `Brewhaus ${s.model} Commercial Brewer`, fr: `Cafetière commerciale Brewhaus ${s.model}` }
      : { en: `Brewhaus ${s.model} Single-Serve Coffee Maker`, fr: `Cafetière à portion individuelle Brewhaus ${s.model}` };
    const variants: VariantIn[] = s.colors.map((suffix, i) => {
      const color = VARIANT_COLORS[suffix]!;
      // one colour of the Slim is sold out; the rest hold 20–120 units
      const stock = s.code === 'BH-SLIM' && suffix === 'chalk-white' ? 0 : b.rng.int(20, 120);
      return {
        code: `${s.code}-${color.code}`,
        variantUrlSuffix: suffix,
        variantColor: color.hex,
        isDefault: i === 0,
        stock,
        lowStockThreshold: 3,
        prices: b.prices(s.sites, s.usd, s.discount ?? 'none'),
      };
    });
    b.add({
      code: s.code,
      productType: 'Brewer',
      brand: bh.name,
      brandCode: bh.code,
      series: s.commercial ? 'Office' : 'Home',
      sellGroupName: 'Brewers',
      name,
      summary: s.tagline,
      description: brewerDescription(s),
      slug: { en: slugify(name.en), fr: slugify(name.fr) },
      categories: [s.commercial ? C.commercialBrewers : C.singleServeBrewers, C.brewers],
      sites: s.sites,
      imageColor: VARIANT_COLORS[s.colors[0]!]!.hex,
      variants,
      features: brewerFeatures(s),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Accessories and gift cards

interface AccessorySpec {
  code: string;
  name: L;
  summary: L;
  description: L;
  usd: number;
  color: string;
  /** colour variants by suffix, or counts ("2-pack" etc.), or one standard variant */
  colors?: string[];
  counts?: Array<{ count: number; usd: number }>;
  details?: Array<[string, L, L]>;
  sites?: BaseSiteUid[];
}

const ACCESSORIES: AccessorySpec[] = [
  {
    code: 'ACC-MUG',
    name: { en: 'Everyday Ceramic Mug, 12 oz', fr: 'Tasse en céramique de tous les jours, 12 oz' },
    summary: { en: 'A sturdy stoneware mug that fits under every Brewhaus brewer.', fr: 'Une tasse robuste en grès qui se glisse sous toutes les cafetières Brewhaus.' },
    description: { en: 'Glazed stoneware with a wide handle and a weighted base. Dishwasher and microwave safe.', fr: 'Grès émaillé, anse large et base lestée. Va au lave-vaisselle et au micro-ondes.' },
    usd: 1499,
    color: '#f1efe9',
    colors: ['chalk-white', 'matte-black', 'sage-green'],
    sites: ALL,
    details: [
      ['CAPACITY', { en: 'Capacity', fr: 'Contenance' }, { en: '12 oz', fr: '12 oz (355 ml)' }],
      ['MATERIAL', { en: 'Material', fr: 'Matériau' }, { en: 'Stoneware', fr: 'Grès' }],
      ['DISHWASHER_SAFE', { en: 'Dishwasher safe', fr: 'Va au lave-vaisselle' }, { en: 'Yes', fr: 'Oui' }],
    ],
  },
  {
    code: 'ACC-TUMBLER',
    name: { en: 'Insulated Travel Tumbler, 16 oz', fr: 'Gobelet de voyage isotherme, 16 oz' },
    summary: { en: 'Keeps coffee hot for 6 hours and fits most cup holders.', fr: 'Garde le café chaud pendant 6 heures et entre dans la plupart des porte-gobelets.' },
    description: { en: 'Double-wall stainless steel with a leak-resistant slide lid. Short enough to brew straight into on the travel-mug setting.', fr: "Acier inoxydable à double paroi et couvercle coulissant anti-fuites. Assez court pour infuser directement dedans au réglage tasse de voyage." },
    usd: 2499,
    color: '#2c5d8a',
    colors: ['harbour-blue', 'matte-black', 'copper'],
    details: [
      ['CAPACITY', { en: 'Capacity', fr: 'Contenance' }, { en: '16 oz', fr: '16 oz (473 ml)' }],
      ['MATERIAL', { en: 'Material', fr: 'Matériau' }, { en: 'Stainless steel', fr: 'Acier inoxydable' }],
      ['DISHWASHER_SAFE', { en: 'Dishwasher safe', fr: 'Va au lave-vaisselle' }, { en: 'Lid only', fr: 'Couvercle seulement' }],
    ],
  },
  {
    code: 'ACC-ICED-TUMBLER',
    name: { en: 'Iced Coffee Tumbler with Straw', fr: 'Gobelet à café glacé avec paille' },
    summary: { en: 'A 24 oz double-wall tumbler for drinks brewed over ice.', fr: 'Un gobelet à double paroi de 24 oz pour les boissons infusées sur glace.' },
    description: { en: 'Fill it with ice, brew on the iced setting and sip through the reusable straw. The double wall stops condensation on your desk.', fr: "Remplissez-le de glaçons, infusez au réglage glacé et buvez avec la paille réutilisable. La double paroi évite la condensation sur votre bureau." },
    usd: 1999,
    color: '#61a5c2',
    colors: ['harbour-blue', 'blush-pink'],
  },
  {
    code: 'ACC-DESCALE',
    name: { en: 'Descaling Solution', fr: 'Solution de détartrage' },
    summary: { en: 'Removes mineral build-up so your brewer keeps running hot and fast.', fr: "Élimine le calcaire pour que votre cafetière reste chaude et rapide." },
    description: { en: 'One bottle descales once. Use it every three months, or sooner with hard water. Citric-acid based and fragrance-free.', fr: "Une bouteille pour un détartrage. À utiliser tous les trois mois, ou plus souvent si l'eau est calcaire. À base d'acide citrique, sans parfum." },
    usd: 1299,
    color: '#3f88c5',
    sites: ALL,
    counts: [
      { count: 1, usd: 1299 },
      { count: 2, usd: 2299 },
    ],
  },
  {
    code: 'ACC-REUSABLE-FILTER',
    name: { en: 'Reusable Coffee Filter', fr: 'Filtre à café réutilisable' },
    summary: { en: 'Brew your own ground coffee in any single-serve Brewhaus brewer.', fr: 'Infusez votre propre café moulu dans toute cafetière Brewhaus à portion individuelle.' },
    description: { en: 'A fine stainless mesh in a BPA-free frame. Fill, brew, rinse, repeat.', fr: 'Un fin tamis en acier inoxydable dans un cadre sans BPA. Remplissez, infusez, rincez, recommencez.' },
    usd: 1499,
    color: '#5c3a21',
  },
  {
    code: 'ACC-POD-DRAWER',
    name: { en: 'Pod Storage Drawer, 36 Pods', fr: 'Tiroir de rangement pour 36 capsules' },
    summary: { en: 'Sits under your brewer and keeps 36 pods in reach.', fr: 'Se place sous la cafetière et garde 36 capsules à portée de main.' },
    description: { en: 'A low, sturdy drawer that holds the weight of any home brewer. Non-slip feet keep it in place.', fr: "Un tiroir bas et solide qui supporte le poids de toute cafetière domestique. Ses pieds antidérapants le gardent en place." },
    usd: 2999,
    color: '#1f1f1f',
    colors: ['matte-black', 'chalk-white'],
  },
  {
    code: 'ACC-POD-CAROUSEL',
    name: { en: 'Rotating Pod Carousel', fr: 'Carrousel à capsules rotatif' },
    summary: { en: 'A spinning rack for 24 pods.', fr: 'Un présentoir pivotant pour 24 capsules.' },
    description: { en: 'Chrome-finished wire on a weighted base; turns smoothly so you can pick a flavor at a glance.', fr: "Fil métallique chromé sur une base lestée; pivote en douceur pour choisir une saveur d'un coup d'œil." },
    usd: 2499,
    color: '#c0c4c8',
  },
  {
    code: 'ACC-WATER-FILTER',
    name: { en: 'Water Filter Cartridges', fr: 'Cartouches filtrantes pour l’eau' },
    summary: { en: 'Reduces chlorine taste and odor for a cleaner cup.', fr: "Réduit le goût et l'odeur de chlore pour une tasse plus pure." },
    description: { en: 'Change a cartridge every two months or 60 reservoir refills. Fits Brewhaus brewers with a filter holder.', fr: 'Changez la cartouche tous les deux mois ou toutes les 60 recharges du réservoir. Compatible avec les cafetières Brewhaus munies d’un porte-filtre.' },
    usd: 999,
    color: '#61a5c2',
    counts: [
      { count: 6, usd: 999 },
      { count: 12, usd: 1799 },
    ],
    sites: ALL,
  },
  {
    code: 'ACC-FROTHER',
    name: { en: 'Electric Milk Frother', fr: 'Mousseur à lait électrique' },
    summary: { en: 'Hot or cold foam in 90 seconds.', fr: 'Mousse chaude ou froide en 90 secondes.' },
    description: { en: 'Froths dairy and plant milks, hot or cold, with one button. The non-stick jug rinses clean.', fr: 'Fait mousser le lait et les boissons végétales, à chaud ou à froid, d’une seule touche. Le pichet antiadhésif se rince facilement.' },
    usd: 3999,
    color: '#b8733a',
    colors: ['copper', 'matte-black'],
  },
  {
    code: 'ACC-GLASS-MUGS',
    name: { en: 'Double-Wall Glass Mugs', fr: 'Tasses en verre à double paroi' },
    summary: { en: 'Show off your latte layers; cool to the touch.', fr: 'Mettez en valeur les couches de votre latté; restent fraîches au toucher.' },
    description: { en: 'Borosilicate glass, 10 oz each, sold in pairs or sets of four.', fr: 'Verre borosilicate, 10 oz chacune, vendues par deux ou par quatre.' },
    usd: 2499,
    color: '#c8914e',
    counts: [
      { count: 2, usd: 2499 },
      { count: 4, usd: 4499 },
    ],
  },
  {
    code: 'ACC-CLEANING-PODS',
    name: { en: 'Brewer Cleaning Pods', fr: 'Capsules de nettoyage pour cafetière' },
    summary: { en: 'Rinse out leftover oils and flavors between brews.', fr: "Éliminent les huiles et les saveurs résiduelles entre deux infusions." },
    description: { en: 'Brew one on the largest cup size once a week, with no pod chemistry left behind.', fr: "Infusez-en une au plus grand format de tasse une fois par semaine, sans laisser de résidus." },
    usd: 999,
    color: '#2a6f97',
    counts: [
      { count: 10, usd: 999 },
      { count: 22, usd: 1899 },
    ],
    sites: ALL,
  },
];

function addAccessories(b: Builder): void {
  for (const a of ACCESSORIES) {
    const sites = a.sites ?? (b.rng.float() < 0.75 ? ALL : CONSUMER);
    let variants: VariantIn[];
    if (a.colors) {
      variants = a.colors.map((suffix, i) => ({
        code: `${a.code}-${VARIANT_COLORS[suffix]!.code}`,
        variantUrlSuffix: suffix,
        variantColor: VARIANT_COLORS[suffix]!.hex,
        isDefault: i === 0,
        stock: b.stock(),
        prices: b.prices(sites, a.usd),
      }));
    } else if (a.counts) {
      variants = a.counts.map((c, i) => ({
        code: `${a.code}-${c.count}`,
        variantUrlSuffix: `${c.count}-ct`,
        count: c.count,
        isDefault: i === 0,
        stock: b.stock(),
        prices: b.prices(sites, c.usd),
      }));
    } else {
      variants = [{ code: `${a.code}-STD`, variantUrlSuffix: 'standard', isDefault: true, stock: b.stock(), prices: b.prices(sites, a.usd) }];
    }
    const cls = { classCode: 'ACCESSORY_DETAILS', className: { en: 'Details', fr: 'Détails' } };
    b.add({
      code: a.code,
      productType: 'Accessory',
      brand: BRANDS.brewhaus.name,
      brandCode: BRANDS.brewhaus.code,
      sellGroupName: 'Accessories',
      name: a.name,
      summary: a.summary,
      description: a.description,
      slug: slugs(BRANDS.brewhaus.name, a.name),
      categories: [C.accessories, C.accessoriesAndGiftCards],
      sites,
      imageColor: a.color,
      variants,
      features: (a.details ?? []).map(([code, name, value]) => ({ ...cls, code, name, value })),
    });
  }
}

function addGiftCards(b: Builder): void {
  const values = [2500, 5000, 10000];
  const cards = [
    {
      code: DEMO_CODES.giftCard,
      virtual: true,
      name: { en: 'Brewhaus e-Gift Card', fr: 'Carte-cadeau électronique Brewhaus' },
      summary: { en: 'Delivered by email in minutes, with your message.', fr: 'Livrée par courriel en quelques minutes, avec votre message.' },
      description: {
        en: 'Choose an amount, add a note, and we email the card to your recipient. Redeemable on coffee, tea, brewers and accessories; it never expires.',
        fr: "Choisissez un montant, ajoutez un mot et nous envoyons la carte par courriel à la personne de votre choix. Utilisable sur le café, le thé, les cafetières et les accessoires; elle n'expire jamais.",
      },
      color: '#7a3b1d',
    },
    {
      code: DEMO_CODES.physicalGiftCard,
      virtual: false,
      name: { en: 'Brewhaus Gift Card', fr: 'Carte-cadeau Brewhaus' },
      summary: { en: 'A printed card in a kraft envelope, shipped free.', fr: 'Une carte imprimée dans une enveloppe kraft, livrée gratuitement.' },
      description: {
        en: 'The same value as the e-gift card, on a card you can wrap. Ships in 1–2 business days; it never expires.',
        fr: "La même valeur que la carte-cadeau électronique, sur une carte à emballer. Expédiée en 1 à 2 jours ouvrables; elle n'expire jamais.",
      },
      color: '#2e5e4e',
    },
  ];
  for (const card of cards) {
    b.add({
      code: card.code,
      productType: 'GiftCard',
      brand: BRANDS.brewhaus.name,
      brandCode: BRANDS.brewhaus.code,
      sellGroupName: 'GiftCards',
      name: card.name,
      summary: card.summary,
      description: card.description,
      slug: { en: slugify(card.name.en), fr: slugify(card.name.fr) },
      categories: [C.giftCards, C.accessoriesAndGiftCards],
      sites: ALL,
      isVirtual: card.virtual,
      imageColor: card.color,
      variants: values.map((v, i) => ({
        code: `${card.code}-${v / 100}`,
        variantUrlSuffix: `value-${v / 100}`,
        isDefault: i === 0,
        stock: card.virtual ? 100000 : b.rng.int(200, 500),
        prices: b.facePrices(ALL, v),
      })),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Bundles

function addBundles(b: Builder): void {
  const byCode = new Map(b.products.map((p) => [p.code, p]));
  const variantPrice = new Map<string, Map<BaseSiteUid, number>>();
  for (const p of b.products) {
    for (const v of p.variants) variantPrice.set(v.code, new Map(v.prices.map((pr) => [pr.baseSite, pr.price])));
  }
  const soldOn = (code: string, sites: BaseSiteUid[]) => {
    const p = byCode.get(code);
    return !!p && !p.discontinued && sites.every((s) => p.sites.includes(s));
  };
  /** default variants of in-stock beverages of one kind sold on all the bundle's sites */
  const pick = (kind: string, sites: BaseSiteUid[], howMany: number, exclude: string[] = []): string[] =>
    b.products
      .filter((p) => p.beverageType === kind && !p.packType && soldOn(p.code, sites) && !exclude.includes(p.code) && p.code !== DEMO_CODES.lastUnitProduct)
      .map((p) => p.variants.find((v) => v.isDefault)!)
      .filter((v) => v.stock >= 20)
      .slice(0, howMany)
      .map((v) => v.code);

  const bundle = (spec: {
    code: string;
    name: L;
    slug: L;
    summary: L;
    description: L;
    sites: BaseSiteUid[];
    items: Array<{ variantCode: string; qty: number }>;
    template: string;
    color: string;
    categories: string[];
    off: number;
  }) => {
    const prices = spec.sites.map((site) => {
      const total = spec.items.reduce((sum, it) => sum + (variantPrice.get(it.variantCode)?.get(site) ?? 0) * it.qty, 0);
      return { baseSite: site, price: to99(total * (1 - spec.off)) };
    });
    b.add({
      code: spec.code,
      productType: 'Bundle',
      brand: BRANDS.brewhaus.name,
      brandCode: BRANDS.brewhaus.code,
      sellGroupName: 'Bundles',
      name: spec.name,
      summary: spec.summary,
      description: spec.description,
      slug: spec.slug,
      categories: spec.categories,
      sites: spec.sites,
      imageColor: spec.color,
      variants: [{ code: spec.code, variantUrlSuffix: 'bundle', isDefault: true, stock: b.rng.int(40, 150), prices }],
      bundle: { templateName: spec.template, items: spec.items },
    });
  };

  bundle({
    code: DEMO_CODES.bundle,
    name: { en: 'Brewer Starter Kit', fr: 'Trousse de démarrage cafetière Solo' },
    slug: { en: 'brewer-starter-kit', fr: 'trousse-de-demarrage-cafetiere-solo' },
    summary: { en: 'A Solo brewer, two boxes of coffee and a mug: everything for your first week.', fr: 'Une cafetière Solo, deux boîtes de café et une tasse : tout pour votre première semaine.' },
    description: {
      en: 'Start brewing the day it arrives: the Brewhaus Solo in matte black, two boxes of Signature Dark Roast, a box of tea and our everyday ceramic mug, for less than buying them one by one.',
      fr: 'Commencez à infuser dès sa livraison : la Brewhaus Solo noir mat, deux boîtes de café Signature torréfaction foncée, une boîte de thé et notre tasse en céramique de tous les jours, pour moins cher qu’à la pièce.',
    },
    sites: CONSUMER,
    items: [
      { variantCode: DEMO_CODES.brewerDefaultVariant, qty: 1 },
      { variantCode: DEMO_CODES.coffeeVariant24, qty: 2 },
      ...pick('tea', CONSUMER, 1).map((variantCode) => ({ variantCode, qty: 1 })),
      { variantCode: 'ACC-MUG-WHT', qty: 1 },
    ],
    template: 'Brewer starter kit',
    color: '#7a3b1d',
    categories: [C.starterKits, C.brewers],
    off: 0.2,
  });
  bundle({
    code: 'BUNDLE-DUO-STARTER',
    name: { en: 'Duo Plus Starter Kit', fr: 'Trousse de démarrage Duo Plus' },
    slug: { en: 'duo-plus-starter-kit', fr: 'trousse-de-demarrage-duo-plus' },
    summary: { en: 'The Duo Plus brewer with four boxes of our favorite coffees.', fr: 'La cafetière Duo Plus avec quatre boîtes de nos cafés préférés.' },
    description: {
      en: 'Single cups on weekdays, a full carafe on Sundays. The kit pairs the Duo Plus in matte black with four coffees picked by our roasters.',
      fr: 'Une tasse en semaine, une pleine carafe le dimanche. La trousse réunit la Duo Plus noir mat et quatre cafés choisis par nos torréfacteurs.',
    },
    sites: CONSUMER,
    items: [{ variantCode: 'BH-DUO-PLUS-BLK', qty: 1 }, ...pick('coffee', CONSUMER, 4, [DEMO_CODES.coffee]).map((variantCode) => ({ variantCode, qty: 1 }))],
    template: 'Brewer starter kit',
    color: '#1f1f1f',
    categories: [C.starterKits, C.brewers],
    off: 0.18,
  });
  bundle({
    code: 'BUNDLE-ICED-STARTER',
    name: { en: 'Iced Plus Starter Kit', fr: 'Trousse de démarrage Iced Plus' },
    slug: { en: 'iced-plus-starter-kit', fr: 'trousse-de-demarrage-iced-plus' },
    summary: { en: 'The Iced Plus brewer, three iced beverages and a tumbler.', fr: 'La cafetière Iced Plus, trois boissons glacées et un gobelet.' },
    description: {
      en: 'Everything for iced coffee at home: the Iced Plus in harbor blue, three boxes made for brewing over ice and a tumbler with a straw.',
      fr: 'Tout pour le café glacé à la maison : la Iced Plus bleu port, trois boîtes conçues pour infuser sur glace et un gobelet avec paille.',
    },
    sites: CONSUMER,
    items: [
      { variantCode: 'BH-ICED-PLUS-BLU', qty: 1 },
      ...pick('iced', CONSUMER, 3).map((variantCode) => ({ variantCode, qty: 1 })),
      { variantCode: 'ACC-ICED-TUMBLER-BLU', qty: 1 },
    ],
    template: 'Brewer starter kit',
    color: '#2c5d8a',
    categories: [C.starterKits, C.brewers],
    off: 0.2,
  });
  bundle({
    code: DEMO_CODES.smallBusinessBundle,
    name: { en: 'Small Business Bundle', fr: 'Ensemble pour petite entreprise' },
    slug: { en: 'small-business-bundle', fr: 'ensemble-pour-petite-entreprise' },
    summary: { en: 'An Office Pro brewer with three office packs and descaling solution.', fr: 'Une cafetière Office Pro avec trois formats bureau et une solution de détartrage.' },
    description: {
      en: 'Open the break room on Monday: the Office Pro 200, three 96-count office packs and two bottles of descaling solution to keep it running.',
      fr: 'Ouvrez la salle de pause dès lundi : la Office Pro 200, trois formats bureau de 96 capsules et deux bouteilles de solution de détartrage pour l’entretien.',
    },
    sites: ['usafh'],
    items: [
      { variantCode: 'BH-OFFICE-PRO-BLK', qty: 1 },
      ...b.products
        .filter((p) => p.series === 'Office' && p.productType === 'Coffee')
        .slice(0, 3)
        .map((p) => ({ variantCode: p.variants.find((v) => v.isDefault)!.code, qty: 1 })),
      { variantCode: 'ACC-DESCALE-2', qty: 1 },
    ],
    template: 'Small business bundle',
    color: '#1f2b45',
    categories: [C.starterKits, C.brewers],
    off: 0.15,
  });
  bundle({
    code: 'BUNDLE-TEA-SAMPLER',
    name: { en: "Tea Lover's Sampler", fr: 'Assortiment pour amateurs de thé' },
    slug: { en: 'tea-lovers-sampler', fr: 'assortiment-pour-amateurs-de-the' },
    summary: { en: 'Four teas, from brisk black to calming herbal.', fr: 'Quatre thés, du thé noir vif à la tisane apaisante.' },
    description: {
      en: 'A box each of four teas from Tidewater Tea Co. and Harbour & Pine, picked to cover the whole day.',
      fr: 'Une boîte de chacun de quatre thés de Tidewater Tea Co. et Harbour & Pine, choisis pour toute la journée.',
    },
    sites: CONSUMER,
    items: pick('tea', CONSUMER, 4).map((variantCode) => ({ variantCode, qty: 1 })),
    template: 'Beverage sampler',
    color: '#4f7c6b',
    categories: [C.tea, C.beverages],
    off: 0.12,
  });
  bundle({
    code: 'BUNDLE-COCOA-GIFT',
    name: { en: 'Cozy Cocoa Gift Set', fr: 'Coffret-cadeau chocolat chaud' },
    slug: { en: 'cozy-cocoa-gift-set', fr: 'coffret-cadeau-chocolat-chaud' },
    summary: { en: 'Three hot cocoas and a stoneware mug.', fr: 'Trois chocolats chauds et une tasse en grès.' },
    description: {
      en: 'A warm gift for cold days: three boxes of Cocoa Lane hot cocoa and our everyday mug in sage green.',
      fr: 'Un cadeau réconfortant pour les jours froids : trois boîtes de chocolat chaud Cocoa Lane et notre tasse de tous les jours vert sauge.',
    },
    sites: CONSUMER,
    items: [...pick('cocoa', CONSUMER, 3).map((variantCode) => ({ variantCode, qty: 1 })), { variantCode: 'ACC-MUG-GRN', qty: 1 }],
    template: 'Gift set',
    color: '#5d3a2a',
    categories: [C.cocoa, C.beverages],
    off: 0.1,
  });
}

// ---------------------------------------------------------------------------------------------

/**
 * Build the demo catalogue (issue 2): 13 categories; 140+ beverage products (coffee, tea, cocoa,
 * iced pods in 10/12/22/24/48/72/96 ct; bagged and canned coffee in 12/24/32 oz; usafh-only
 * office packs); 15 brewers with 2–4 colour variants and comparison classifications; 11
 * accessories; a virtual and a physical gift card (25/50/100); 6 bundles and starter kits.
 * Prices are in minor units (USD on usb2c/usafh, CAD ≈ 1.35× on cab2c). French texts follow French
 * typography (`withFrenchTypography`); English texts use US spelling. Deterministic; validate it
 * with `CatalogFileSchema` (the result is its input type).
 */
export function buildDemoCatalog(): CatalogFileInput {
  const b = new Builder();
  addFixedBeverages(b);
  addCoffeePods(b);
  addTeas(b);
  addCocoas(b);
  addIced(b);
  addBaggedAndCanned(b);
  addOfficePacks(b);
  addBrewers(b);
  addAccessories(b);
  addGiftCards(b);
  addBundles(b);
  // issue 9 item 12: a narrow no-break space before : ; ? ! and inside « » in every French text
  return withFrenchTypography({ version: 1, categories: categories(), products: b.products });
}
