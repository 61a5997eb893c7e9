/**
 * Original product and logo drawings, generated as SVG text (issue 2: "Product images generated
 * as SVG by the seeder (no downloads)"; issue 9 item 13). Pure functions: the API serves their
 * output under /medias/... with `Content-Type: image/svg+xml`.
 *
 * Product drawings carry NO text (issue 9 item 13, ADR 0017): the name, size and price belong in
 * the page's HTML, in the page's language; a picture shows what the product is with shapes and
 * colours only. Every drawing is square (`viewBox="0 0 400 400"`), self-contained (no fonts,
 * external images or scripts), deterministic (the same input always gives the same bytes) and
 * small (under 4 KB):
 * - brewers: a front view whose silhouette comes from the model's data (its dimensions, reservoir
 *   capacity, cup sizes, iced setting, frother, carafe, app control, commercial series) and from
 *   a hash of its product code (body shape, lid handle, tank side, trim), in the variant's colour;
 * - pods: boxes in the product's colour with an emblem of the beverage (bean, leaf, cup, snowflake)
 *   and the roast as 1–4 dots; bigger packs show more boxes; one pod stands in front;
 * - bagged coffee: a stand-up pouch (beans in front of whole-bean bags); canned: a canister;
 * - accessories: the object itself, chosen from the (English) name: mug, glass mugs, tumbler,
 *   iced tumbler, bottle, filter basket, cartridges, drawer, carousel, frother, cleaning pods;
 * - gift cards: a card with a ribbon (an envelope behind the e-gift card), 1–3 beans by value;
 * - bundles: an open kraft box holding small drawings of its contents.
 */

/** One item of a bundle, for its drawing. */
export interface SvgBundleItem {
  productType: string;
  /** English name (picks an accessory's object; never drawn) */
  name?: string | null;
  beverageType?: string | null;
  packType?: string | null;
  /** the item product's imageColor, '#rrggbb' */
  color: string;
  variantColor?: string | null;
}

/** What a product drawing needs. `productType` is a spec §3 productType. Nothing here is drawn as text. */
export interface ProductSvgInput {
  /** 'Coffee' | 'Brewer' | 'Accessory' | 'Bundle' | 'GiftCard' (anything else draws a pod box) */
  productType: string;
  /** English name: picks the accessory's object (never drawn) */
  name: string;
  /** brand (never drawn) */
  brand: string;
  /** main colour, '#rrggbb' (the product's imageColor) */
  color: string;
  /** the variant's colour, '#rrggbb' (brewers, mugs); falls back to `color` */
  variantColor?: string | null;
  /** pods (ct), ounces for Bagged/Canned packs, the count of a multi-pack accessory, a gift card's face value (major units) */
  count?: number | null;
  /** 'Bagged' | 'Canned' | null (pods) */
  packType?: string | null;
  /** base product code: seeds the brewer's styling (body shape, handle, tank side) */
  productCode?: string | null;
  /** 'coffee' | 'tea' | 'cocoa' | 'iced' | null: the emblem on pods */
  beverageType?: string | null;
  /** 'light' | 'medium' | 'dark' | 'extra-dark' | null: 1–4 roast dots */
  roast?: string | null;
  /** 'Office' marks a commercial brewer */
  series?: string | null;
  /** e-gift cards (drawn with an envelope) */
  isVirtual?: boolean | null;
  /** classification features, feature code → English value (brewers: DIMENSIONS, RESERVOIR_CAPACITY, CUP_SIZES, ...) */
  features?: Readonly<Record<string, string>> | null;
  /** a bundle's items, in order */
  contents?: readonly SvgBundleItem[] | null;
}

const FALLBACK = '#6b4f3a';
const FONT = 'font-family="Helvetica,Arial,sans-serif"';
const FLOOR = 346;
const CREAM = '#fbf6ee';
const STEEL = '#c3c7cc';

/** Escape text for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

function safeColor(c: string | null | undefined): string {
  return c && /^#[0-9a-f]{6}$/i.test(c) ? c.toLowerCase() : FALLBACK;
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mix a colour toward white (amount > 0) or black (amount < 0); amount in [-1, 1]. */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  return `#${rgb(hex)
    .map((v) => Math.round(v + (target - v) * a).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** True for light colours (they need a darker outline and dark details). */
function isLight(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

/** One decimal, no trailing zeros: keeps the SVG small. */
function n(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/** FNV-1a, 32 bits: a stable hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/**
 * The document: a warm studio backdrop, the shared gradients (`s` a left-to-right sheen to lay
 * over any shape, `f` a soft floor shadow) and the floor shadow of the product.
 */
function open(shadowCx: number, shadowRx: number, defs = ''): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">' +
    '<defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#fbf9f6"/><stop offset="1" stop-color="#efe9e1"/></linearGradient>' +
    '<linearGradient id="s" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".32"/><stop offset=".35" stop-color="#fff" stop-opacity="0"/><stop offset=".7" stop-color="#000" stop-opacity=".05"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient>' +
    `<radialGradient id="f"><stop offset="0" stop-color="#4a3526" stop-opacity=".3"/><stop offset="1" stop-color="#4a3526" stop-opacity="0"/></radialGradient>${defs}</defs>` +
    `<rect width="400" height="400" fill="url(#g)"/><ellipse cx="${n(shadowCx)}" cy="${FLOOR + 2}" rx="${n(shadowRx)}" ry="13" fill="url(#f)"/>`
  );
}

/** A shape drawn in `fill`, then its sheen on top (`id` names it in the document). */
function sheened(id: string, shape: string, fill: string, stroke?: string): string {
  return `<defs>${shape.replace(/^<(\w+)/, `<$1 id="${id}"`)}</defs><use href="#${id}" fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="1.5"` : ''}/><use href="#${id}" fill="url(#s)"/>`;
}

// ---------------------------------------------------------------------------------------------
// Emblems (drawn centred on x, y, about 2r wide)

function emblem(kind: string | null | undefined, x: number, y: number, r: number, c: string): string {
  switch (kind) {
    case 'tea':
      return (
        `<path d="M${n(x - r * 0.75)} ${n(y + r * 0.75)}C${n(x - r)} ${n(y - r * 0.2)} ${n(x - r * 0.1)} ${n(y - r)} ${n(x + r * 0.8)} ${n(y - r * 0.85)}C${n(x + r * 0.95)} ${n(y + r * 0.1)} ${n(x + r * 0.1)} ${n(y + r * 0.95)} ${n(x - r * 0.75)} ${n(y + r * 0.75)}z" fill="${c}"/>` +
        `<path d="M${n(x - r * 0.75)} ${n(y + r * 0.75)}Q${n(x)} ${n(y)} ${n(x + r * 0.55)} ${n(y - r * 0.55)}" fill="none" stroke="${CREAM}" stroke-width="${n(r * 0.1)}"/>`
      );
    case 'cocoa':
      return (
        `<path d="M${n(x - r * 0.7)} ${n(y - r * 0.3)}h${n(r * 1.2)}v${n(r * 0.55)}a${n(r * 0.6)} ${n(r * 0.6)} 0 0 1-${n(r * 1.2)} 0z" fill="${c}"/>` +
        `<path d="M${n(x + r * 0.5)} ${n(y - r * 0.15)}a${n(r * 0.25)} ${n(r * 0.25)} 0 0 1 0 ${n(r * 0.5)}" fill="none" stroke="${c}" stroke-width="${n(r * 0.14)}"/>` +
        `<path d="M${n(x - r * 0.95)} ${n(y + r * 0.62)}h${n(r * 1.7)}" stroke="${c}" stroke-width="${n(r * 0.14)}" stroke-linecap="round"/>` +
        `<path d="M${n(x - r * 0.25)} ${n(y - r * 0.5)}q-${n(r * 0.15)}-${n(r * 0.2)} 0-${n(r * 0.4)}t0-${n(r * 0.4)}M${n(x + r * 0.1)} ${n(y - r * 0.5)}q-${n(r * 0.15)}-${n(r * 0.2)} 0-${n(r * 0.4)}t0-${n(r * 0.4)}" fill="none" stroke="${c}" stroke-width="${n(r * 0.1)}" stroke-linecap="round"/>`
      );
    case 'iced':
      return `<path d="M${n(x)} ${n(y - r)}v${n(2 * r)}M${n(x - r * 0.87)} ${n(y - r * 0.5)}l${n(r * 1.73)} ${n(r)}M${n(x - r * 0.87)} ${n(y + r * 0.5)}l${n(r * 1.73)}-${n(r)}" stroke="${c}" stroke-width="${n(r * 0.16)}" stroke-linecap="round"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.22)}" fill="${c}"/>`;
    case 'drop':
      return `<path d="M${n(x)} ${n(y - r)}C${n(x + r * 0.3)} ${n(y - r * 0.4)} ${n(x + r * 0.75)} ${n(y)} ${n(x + r * 0.75)} ${n(y + r * 0.35)}a${n(r * 0.75)} ${n(r * 0.75)} 0 0 1-${n(r * 1.5)} 0C${n(x - r * 0.75)} ${n(y)} ${n(x - r * 0.3)} ${n(y - r * 0.4)} ${n(x)} ${n(y - r)}z" fill="${c}"/>`;
    default:
      return (
        `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r * 0.62)}" ry="${n(r * 0.88)}" transform="rotate(28 ${n(x)} ${n(y)})" fill="${c}"/>` +
        `<path d="M${n(x - r * 0.3)} ${n(y - r * 0.72)}C${n(x + r * 0.25)} ${n(y - r * 0.25)} ${n(x - r * 0.3)} ${n(y + r * 0.2)} ${n(x + r * 0.3)} ${n(y + r * 0.72)}" fill="none" stroke="${CREAM}" stroke-width="${n(r * 0.13)}"/>`
      );
  }
}

const ROAST_DOTS: Record<string, number> = { light: 1, medium: 2, dark: 3, 'extra-dark': 4 };

/** 1–4 filled dots of 4: the roast scale printed on real coffee packs. */
function roastDots(roast: string | null | undefined, x: number, y: number, r: number, c: string): string {
  const filled = roast ? ROAST_DOTS[roast] : undefined;
  if (!filled) return '';
  let out = '';
  for (let i = 0; i < 4; i++) {
    const cx = x + (i - 1.5) * r * 3;
    out += i < filled ? `<circle cx="${n(cx)}" cy="${n(y)}" r="${n(r)}" fill="${c}"/>` : `<circle cx="${n(cx)}" cy="${n(y)}" r="${n(r * 0.8)}" fill="none" stroke="${c}" stroke-width="${n(r * 0.4)}"/>`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pods, bags, cans

/** One carton in three-quarter view: front w×h at (x, y), depth d. */
/** The brand's mark across a pack (a line, waves, dots or chevrons), so brands look apart without a name. */
function brandMotif(brand: string, x: number, y: number, w: number, t: number): string {
  const style = hash(brand) % 4;
  const stroke = `fill="none" stroke="${CREAM}" stroke-width="${n(t * 0.55)}" opacity=".9"`;
  const steps = 8;
  const step = w / steps;
  if (style === 1) {
    let d = `M${n(x)} ${n(y)}`;
    for (let i = 0; i < steps; i++) d += `q${n(step / 2)} ${n(i % 2 ? t : -t)} ${n(step)} 0`;
    return `<path d="${d}" ${stroke}/>`;
  }
  if (style === 2) {
    let out = '';
    for (let i = 0; i < steps; i++) out += `<circle cx="${n(x + step * (i + 0.5))}" cy="${n(y)}" r="${n(t * 0.45)}" fill="${CREAM}"/>`;
    return out;
  }
  if (style === 3) {
    let d = `M${n(x)} ${n(y + t / 2)}`;
    for (let i = 0; i < steps; i++) d += `l${n(step / 2)}-${n(t)}l${n(step / 2)} ${n(t)}`;
    return `<path d="${d}" ${stroke}/>`;
  }
  return `<rect x="${n(x)}" y="${n(y - t / 2)}" width="${n(w)}" height="${n(t)}" fill="${CREAM}" opacity=".85"/>`;
}

function carton(x: number, y: number, w: number, h: number, d: number, c: string, kind: string | null | undefined, roast: string | null | undefined, brand: string): string {
  const dy = d * 0.55;
  const ex = x + w / 2;
  const ey = y + h * 0.45;
  const er = w * 0.2;
  return (
    `<path d="M${n(x)} ${n(y)}l${n(d)}-${n(dy)}h${n(w)}l-${n(d)} ${n(dy)}z" fill="${shade(c, 0.22)}"/>` +
    `<path d="M${n(x + w)} ${n(y)}l${n(d)}-${n(dy)}v${n(h)}l-${n(d)} ${n(dy)}z" fill="${shade(c, -0.32)}"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${c}"/>` +
    brandMotif(brand, x, y + h * 0.1, w, h * 0.05) +
    `<circle cx="${n(ex)}" cy="${n(ey)}" r="${n(er * 1.45)}" fill="${CREAM}"/>` +
    emblem(kind, ex, ey, er * 0.85, c) +
    roastDots(kind === 'coffee' || !kind ? roast : null, ex, y + h * 0.8, w * 0.028, CREAM) +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#s)"/>`
  );
}

/** A single-serve pod standing on the floor, its foil lid in `c`. */
function pod(x: number, c: string, s = 1): string {
  const top = FLOOR - 44 * s;
  return (
    `<path d="M${n(x - 24 * s)} ${n(top)}h${n(48 * s)}l-${n(6 * s)} ${n(42 * s)}q-${n(18 * s)} ${n(6 * s)}-${n(36 * s)} 0z" fill="#f3f0eb" stroke="#d6d0c7"/>` +
    `<path d="M${n(x - 24 * s)} ${n(top)}h${n(48 * s)}l-${n(6 * s)} ${n(42 * s)}q-${n(18 * s)} ${n(6 * s)}-${n(36 * s)} 0z" fill="url(#s)"/>` +
    `<ellipse cx="${n(x)}" cy="${n(top)}" rx="${n(26 * s)}" ry="${n(8 * s)}" fill="${shade(c, -0.15)}"/><ellipse cx="${n(x)}" cy="${n(top - 1)}" rx="${n(21 * s)}" ry="${n(5.5 * s)}" fill="${c}"/>`
  );
}

/** Boxes a pod count shows (business-defaults: 44-48 ct = 2 boxes, 60-72 = 3, 80-96 = 4). */
function boxesFor(count: number | null | undefined): number {
  if (!count) return 1;
  if (count >= 80) return 4;
  if (count >= 60) return 3;
  if (count >= 44) return 2;
  return 1;
}

function podBoxes(p: ProductSvgInput, c: string): string {
  // bigger packs show more boxes: a front row and, behind it along the depth, a back row
  const boxes = boxesFor(p.count);
  const front = Math.ceil(boxes / 2);
  const back = boxes - front;
  const s = boxes === 1 ? 1 : boxes === 2 ? 0.9 : 0.74;
  const w = 150 * s;
  const h = 190 * s;
  const d = 46 * s;
  const gap = 10 * s;
  const rowW = front * w + (front - 1) * gap;
  const x0 = 206 - (rowW + d) / 2 - (back ? d * 0.5 : 0);
  const bx = back ? d * 1.5 : 0;
  const by = back ? d * 0.9 : 0;
  const backW = back * w + (back - 1) * gap;
  const backX = x0 + bx + (rowW - backW) / 2;
  const left = x0 - 24;
  const right = Math.max(x0 + rowW, backX + backW) + d;
  const scale = Math.min(1.3, 330 / (right - left), 268 / (h + by + d * 0.55));
  const mid = (left + right) / 2;
  // one carton drawn once at the origin, placed with <use> (keeps a 4-box pack small)
  let out =
    open(200, (scale * (right - left)) / 2 + 20, `<g id="k">${carton(0, 0, w, h, d, c, p.beverageType, p.roast, p.brand)}</g>`) +
    `<g transform="translate(${n(200 - scale * mid)} ${n(FLOOR - scale * FLOOR)}) scale(${Math.round(scale * 1000) / 1000})">`;
  const place = (x: number, y: number) => `<use href="#k" transform="translate(${n(x)} ${n(y)})"/>`;
  for (let i = 0; i < back; i++) out += place(backX + i * (w + gap), FLOOR - h - by);
  for (let i = 0; i < front; i++) out += place(x0 + i * (w + gap), FLOOR - h);
  return out + pod(x0 + 4, c, 0.9 + 0.1 * s) + '</g></svg>';
}

function bag(p: ProductSvgInput, c: string): string {
  const s = (p.count ?? 12) >= 24 ? 1 : 0.84;
  const w = 156 * s;
  const h = 236 * s;
  const x = 200 - w / 2;
  const top = FLOOR - h;
  const body = `<path d="M${n(x)} ${n(top + 20)}h${n(w)}l${n(8 * s)} ${n(h - 28)}q0 ${n(8)}-${n(10)} ${n(8)}H${n(x + 2)}q-${n(10)} 0-${n(10)}-${n(8)}z"/>`;
  const wholeBean = /whole[ -]?bean/i.test(p.name);
  const beans = wholeBean
    ? [[106, 338, 20], [300, 340, -30], [318, 330, 60], [92, 330, 80]].map(([bx, by, rot]) => `<ellipse cx="${bx}" cy="${by}" rx="7" ry="10" transform="rotate(${rot} ${bx} ${by})" fill="#4a2d1a"/><path d="M${bx! - 2} ${by! - 7}q4 7 0 14" stroke="#2a180c" stroke-width="1.5" fill="none" transform="rotate(${rot} ${bx} ${by})"/>`).join('')
    : `<path d="M68 ${FLOOR}q30-22 62 0z" fill="#5a3a24"/><path d="M82 ${FLOOR - 6}h8M100 ${FLOOR - 10}h6M112 ${FLOOR - 5}h7" stroke="#3a2414" stroke-width="2" stroke-linecap="round"/>`;
  return (
    open(200, w / 2 + 44) +
    sheened('b', body, c) +
    `<rect x="${n(x - 2)}" y="${n(top)}" width="${n(w + 4)}" height="${n(22 * s)}" rx="3" fill="${shade(c, -0.28)}"/>` +
    `<path d="M${n(x + 2)} ${n(top + 11 * s)}h${n(w)}" stroke="${shade(c, -0.5)}" stroke-width="${n(12 * s)}" stroke-dasharray="2 3"/>` +
    `<circle cx="${n(x + w * 0.78)}" cy="${n(top + 46 * s)}" r="${n(8 * s)}" fill="${shade(c, -0.3)}"/><circle cx="${n(x + w * 0.78)}" cy="${n(top + 46 * s)}" r="${n(3.5 * s)}" fill="${shade(c, 0.2)}"/>` +
    `<rect x="${n(x + w * 0.14)}" y="${n(top + h * 0.34)}" width="${n(w * 0.72)}" height="${n(h * 0.44)}" rx="${n(10 * s)}" fill="${CREAM}"/>` +
    emblem('coffee', 200, top + h * 0.5, 24 * s, c) +
    roastDots(p.roast, 200, top + h * 0.7, 4 * s, c) +
    beans +
    '</svg>'
  );
}

function can(p: ProductSvgInput, c: string): string {
  const s = (p.count ?? 24) >= 30 ? 1 : 0.86;
  const w = 150;
  const h = 230 * s;
  const x = 125;
  const top = FLOOR - h;
  const lid = shade(c, -0.35);
  return (
    open(200, 110) +
    sheened('b', `<path d="M${x} ${n(top + 16)}h${w}V${FLOOR - 8}a75 12 0 0 1-${w} 0z"/>`, c) +
    `<rect x="${x}" y="${n(top + h * 0.3)}" width="${w}" height="${n(h * 0.42)}" fill="${CREAM}"/><rect x="${x}" y="${n(top + h * 0.3)}" width="${w}" height="${n(h * 0.42)}" fill="url(#s)"/>` +
    emblem('coffee', 200, top + h * 0.46, 22 * s, c) +
    roastDots(p.roast, 200, top + h * 0.64, 4, c) +
    `<path d="M${x - 4} ${n(top + 16)}v-8a79 12 0 0 1 ${w + 8} 0v8a79 12 0 0 1-${w + 8} 0z" fill="${lid}"/><ellipse cx="200" cy="${n(top + 8)}" rx="79" ry="12" fill="${shade(lid, 0.18)}"/>` +
    '</svg>'
  );
}

// ---------------------------------------------------------------------------------------------
// Brewers

/**
 * The discrete form of a brewer drawing (issue 9 item 13: each model looks different). `w`, `h`
 * are the body's width and height in drawing units (from DIMENSIONS); the rest is derived from
 * the model's features, its series, and a hash of its product code.
 */
export interface BrewerForm {
  w: number;
  h: number;
  shape: 'box' | 'soft' | 'arch' | 'taper';
  tank: 'left' | 'right' | 'back' | 'none';
  tankW: number;
  tankH: number;
  handle: 'lever' | 'knob' | 'seam';
  controls: 'buttons' | 'dial' | 'screen';
  /** buttons in the row: the number of cup sizes */
  buttons: number;
  cup: 'mug' | 'tumbler';
  side: 'frother' | 'carafe' | null;
  commercial: boolean;
  trim: boolean;
  /** the head's top: the body colour, a brushed-steel cap, or a contrasting band */
  cap: 'plain' | 'steel' | 'band';
  /** the cup bay's opening: square or arched */
  bay: 'square' | 'arch';
}

/**
 * Prefix of the hashed product code. Any value is deterministic; this one was picked (by trying
 * salts) so the demo's 15 brewers differ pairwise in at least 3 of the 8 visible traits.
 */
const BREWER_SALT = 'b12725:';

function numbers(text: string | undefined): number[] {
  return (text ?? '').match(/\d+(?:\.\d+)?/g)?.map(Number) ?? [];
}

/** The brewer form of a product (see `BrewerForm`). Pure and deterministic. */
export function brewerForm(p: Pick<ProductSvgInput, 'productCode' | 'name' | 'series' | 'features'>): BrewerForm {
  const f = p.features ?? {};
  const yes = (code: string) => /^yes$/i.test(f[code] ?? '');
  const [wIn = 6, , hIn = 13] = numbers(f.DIMENSIONS);
  const oz = numbers(f.RESERVOIR_CAPACITY)[0] ?? 48;
  const cups = numbers(f.CUP_SIZES).length || 3;
  const commercial = p.series === 'Office';
  const h = hash(`${BREWER_SALT}${p.productCode ?? p.name}`);
  const side = yes('CARAFE') ? 'carafe' : yes('MILK_FROTHER') ? 'frother' : null;
  const tanks = side ? (['left', 'back'] as const) : (['left', 'right', 'back'] as const);
  return {
    w: Math.round(clamp(108 + (wIn - 4.5) * 10, 100, 212)),
    h: Math.round(clamp(190 + (hIn - 12) * 11, 180, 276)),
    shape: (['box', 'soft', 'arch', 'taper'] as const)[h % 4]!,
    tank: oz < 20 ? 'none' : tanks[(h >>> 3) % tanks.length]!,
    tankW: Math.round(clamp(20 + oz * 0.3, 28, 62)),
    tankH: Math.round(clamp(0.5 + oz / 220, 0.55, 0.95) * 100) / 100,
    handle: (['lever', 'knob', 'seam'] as const)[(h >>> 6) % 3]!,
    controls: yes('APP_CONTROL') ? 'screen' : yes('BREW_STRENGTH_CONTROL') ? 'dial' : 'buttons',
    buttons: clamp(cups, 2, 6),
    cup: yes('ICED_SETTING') ? 'tumbler' : 'mug',
    side,
    commercial,
    trim: ((h >>> 9) & 1) === 1 || commercial,
    cap: (['plain', 'steel', 'band'] as const)[(h >>> 11) % 3]!,
    bay: ((h >>> 14) & 1) === 1 ? 'arch' : 'square',
  };
}

function bodyPath(shape: BrewerForm['shape'], x0: number, x1: number, top: number): string {
  const r = shape === 'soft' ? 30 : 10;
  switch (shape) {
    case 'arch':
      return `M${n(x0)} ${FLOOR}V${n(top + 26)}Q${n((x0 + x1) / 2)} ${n(top - 24)} ${n(x1)} ${n(top + 26)}V${FLOOR}z`;
    case 'taper':
      return `M${n(x0)} ${FLOOR}L${n(x0 + 12)} ${n(top + 16)}Q${n(x0 + 14)} ${n(top)} ${n(x0 + 30)} ${n(top)}H${n(x1 - 30)}Q${n(x1 - 14)} ${n(top)} ${n(x1 - 12)} ${n(top + 16)}L${n(x1)} ${FLOOR}z`;
    default:
      return `M${n(x0)} ${FLOOR}V${n(top + r)}Q${n(x0)} ${n(top)} ${n(x0 + r)} ${n(top)}H${n(x1 - r)}Q${n(x1)} ${n(top)} ${n(x1)} ${n(top + r)}V${FLOOR}z`;
  }
}

function tank(form: BrewerForm, x0: number, x1: number, top: number, body: string): string {
  if (form.tank === 'none') return '';
  const tw = form.tank === 'back' ? (x1 - x0) * 0.62 : form.tankW;
  const th = form.tank === 'back' ? 70 : (FLOOR - top) * form.tankH;
  const x = form.tank === 'left' ? x0 - tw + 12 : form.tank === 'right' ? x1 - 12 : x0 + (x1 - x0) * 0.3;
  const y = form.tank === 'back' ? top - 34 : FLOOR - 10 - th;
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(tw)}" height="${n(th)}" rx="8" fill="#d9ecf5" stroke="#a8c8da" stroke-width="2"/>` +
    `<rect x="${n(x + 4)}" y="${n(y + th * 0.32)}" width="${n(tw - 8)}" height="${n(th * 0.64)}" rx="5" fill="#a9d2e8"/>` +
    `<path d="M${n(x + 8)} ${n(y + 16)}v${n(th - 30)}" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".8"/>` +
    `<rect x="${n(x - 2)}" y="${n(y - 4)}" width="${n(tw + 4)}" height="12" rx="5" fill="${body}"/>`
  );
}

function controls(form: BrewerForm, cx: number, y: number, body: string, w: number): string {
  const light = isLight(body);
  const dot = light ? '#4a4541' : '#ece8e2';
  const row = (count: number, yy: number, r: number) => {
    let out = '';
    for (let i = 0; i < count; i++) out += `<circle cx="${n(cx + (i - (count - 1) / 2) * r * 3.2)}" cy="${n(yy)}" r="${n(r)}" fill="${dot}"/>`;
    return out;
  };
  switch (form.controls) {
    case 'screen': {
      const sw = Math.min(w * 0.56, 96);
      return (
        `<rect x="${n(cx - sw / 2)}" y="${n(y - 16)}" width="${n(sw)}" height="28" rx="6" fill="#12161b" stroke="${light ? '#8a8580' : '#3b4148'}"/>` +
        `<rect x="${n(cx - sw / 2 + 8)}" y="${n(y - 8)}" width="${n(sw * 0.45)}" height="4" rx="2" fill="#6fc6ee"/><rect x="${n(cx - sw / 2 + 8)}" y="${n(y + 1)}" width="${n(sw * 0.3)}" height="3" rx="1.5" fill="#6fc6ee" opacity=".5"/>` +
        `<circle cx="${n(cx + sw / 2 - 12)}" cy="${n(y - 2)}" r="6" fill="none" stroke="#6fc6ee" stroke-width="2"/>` +
        row(form.buttons, y + 24, 3)
      );
    }
    case 'dial':
      return (
        `<circle cx="${n(cx)}" cy="${n(y - 4)}" r="14" fill="${STEEL}" stroke="${shade(STEEL, -0.3)}" stroke-width="2"/><circle cx="${n(cx)}" cy="${n(y - 4)}" r="9" fill="url(#s)"/>` +
        `<path d="M${n(cx)} ${n(y - 4)}l6-8" stroke="#3a3632" stroke-width="2.5" stroke-linecap="round"/>` + row(form.buttons, y + 22, 3.5)
      );
    default:
      return `<circle cx="${n(cx)}" cy="${n(y - 6)}" r="10" fill="${dot}"/><circle cx="${n(cx)}" cy="${n(y - 6)}" r="5" fill="${body}"/>` + row(form.buttons, y + 16, 4.5);
  }
}

function cup(kind: BrewerForm['cup'], cx: number, bayTop: number, bayW: number): string {
  const bottom = FLOOR - 26;
  const ch = clamp(bottom - bayTop - 30, 36, 76);
  const cw = clamp(Math.min(bayW - 30, ch * (kind === 'tumbler' ? 0.62 : 0.9)), 28, 64);
  const x = cx - cw / 2;
  const y = bottom - ch;
  const stream = `<path d="M${n(cx)} ${n(bayTop + 12)}V${n(y + 4)}" stroke="#6b4226" stroke-width="3"/>`;
  if (kind === 'tumbler') {
    return (
      stream +
      `<path d="M${n(x)} ${n(y)}h${n(cw)}l-4 ${n(ch)}h-${n(cw - 8)}z" fill="#e6f1f7" opacity=".9" stroke="#b8ccd6"/>` +
      `<path d="M${n(x + 2)} ${n(y + ch * 0.35)}h${n(cw - 4)}l-3 ${n(ch * 0.65 - 1)}h-${n(cw - 10)}z" fill="#8a5a3b"/>` +
      `<rect x="${n(x + 6)}" y="${n(y + ch * 0.28)}" width="12" height="12" rx="3" fill="#fff" opacity=".75"/><rect x="${n(x + cw - 19)}" y="${n(y + ch * 0.38)}" width="11" height="11" rx="3" fill="#fff" opacity=".6"/>`
    );
  }
  return (
    stream +
    `<path d="M${n(x + cw - 2)} ${n(y + ch * 0.25)}h6a${n(ch * 0.22)} ${n(ch * 0.22)} 0 0 1 0 ${n(ch * 0.44)}h-6" fill="none" stroke="#e9e3da" stroke-width="5"/>` +
    `<path d="M${n(x)} ${n(y)}h${n(cw)}v${n(ch - 8)}q0 8-8 8h-${n(cw - 16)}q-8 0-8-8z" fill="#fbf8f3" stroke="#d9d1c6"/><path d="M${n(x)} ${n(y)}h${n(cw)}v${n(ch - 8)}q0 8-8 8h-${n(cw - 16)}q-8 0-8-8z" fill="url(#s)"/>`
  );
}

function sideItem(kind: BrewerForm['side'], x: number, body: string): string {
  if (kind === 'frother') {
    return (
      `<rect x="${n(x)}" y="${FLOOR - 12}" width="64" height="12" rx="5" fill="${body}"/>` +
      `<path d="M${n(x + 50)} ${FLOOR - 92}h8a12 12 0 0 1 12 12v36a12 12 0 0 1-12 12h-8" fill="none" stroke="${body}" stroke-width="7"/>` +
      sheened('j', `<path d="M${n(x + 8)} ${FLOOR - 100}h46l-2 88h-42z"/>`, STEEL) +
      `<path d="M${n(x + 4)} ${FLOOR - 102}h54v-6q-27-14-54 0z" fill="${body}"/><circle cx="${n(x + 31)}" cy="${FLOOR - 116}" r="5" fill="${body}"/>` +
      `<path d="M${n(x + 8)} ${FLOOR - 100}l-7-7" stroke="${STEEL}" stroke-width="5" stroke-linecap="round"/>`
    );
  }
  if (kind === 'carafe') {
    const d = `M${n(x + 8)} ${FLOOR - 10}h54l-4-50q-2-14 10-24H${n(x + 2)}q12 10 10 24z`;
    return (
      `<rect x="${n(x)}" y="${FLOOR - 10}" width="72" height="10" rx="3" fill="#2b2825"/>` +
      `<path d="M${n(x + 10)} ${FLOOR - 10}h50l-3-38h-44z" fill="#5b3620"/>` +
      `<path d="${d}" fill="#e8f2f6" opacity=".45" stroke="#a9bcc6" stroke-width="2"/>` +
      `<path d="M${n(x + 62)} ${FLOOR - 66}h6q8 0 8 10v20q0 10-8 10h-8" fill="none" stroke="#2b2825" stroke-width="5"/>` +
      `<rect x="${n(x + 2)}" y="${FLOOR - 92}" width="66" height="9" rx="4" fill="#2b2825"/>`
    );
  }
  return '';
}

function brewer(p: ProductSvgInput, c: string): string {
  const body = safeColor(p.variantColor ?? c);
  const form = brewerForm(p);
  // drawn at natural size around x = 200, then scaled to fill the frame (the floor stays put)
  const cx = 200;
  const x0 = cx - form.w / 2;
  const x1 = cx + form.w / 2;
  const top = FLOOR - form.h;
  const sideX = x1 + 14 + (form.tank === 'right' ? form.tankW - 12 : 0);
  const left = Math.min(x0 - (form.commercial ? 12 : 0), form.tank === 'left' ? x0 - form.tankW + 10 : x0);
  const right = form.side ? sideX + 78 : Math.max(x1 + (form.commercial ? 12 : 0), form.tank === 'right' ? x1 + form.tankW - 10 : x1);
  const highest = top - (form.tank === 'back' ? 38 : form.handle === 'seam' ? 0 : 10) - (form.side === 'frother' ? 0 : 0);
  const scale = Math.min(1.5, 292 / (FLOOR - highest), 330 / (right - left));
  const mid = (left + right) / 2;
  const headH = clamp(form.h * 0.36, 74, 100);
  const bayX = x0 + form.w * 0.17;
  const bayW = form.w * 0.66;
  const bayTop = top + headH;
  const edge = isLight(body) ? shade(body, -0.28) : shade(body, -0.4);
  const accent = isLight(body) ? shade(body, -0.2) : shade(body, 0.22);
  const handle =
    form.handle === 'lever'
      ? `<rect x="${n(cx - form.w * 0.3)}" y="${n(top - (form.shape === 'arch' ? 6 : 8))}" width="${n(form.w * 0.6)}" height="14" rx="7" fill="${accent}"/>`
      : form.handle === 'knob'
        ? `<rect x="${n(cx - 18)}" y="${n(top - 10)}" width="36" height="16" rx="8" fill="${STEEL}"/><rect x="${n(cx - 18)}" y="${n(top - 10)}" width="36" height="16" rx="8" fill="url(#s)"/>`
        : `<path d="M${n(x0 + 10)} ${n(top + 22)}H${n(x1 - 10)}" stroke="${edge}" stroke-width="2"/><rect x="${n(cx - 10)}" y="${n(top + 22)}" width="20" height="7" rx="3" fill="${STEEL}"/>`;
  return (
    open(200, (scale * (right - left)) / 2 + 24) +
    `<g transform="translate(${n(200 - scale * mid)} ${n(FLOOR - scale * FLOOR)}) scale(${Math.round(scale * 1000) / 1000})">` +
    tank(form, x0, x1, top, body) +
    (form.commercial ? `<rect x="${n(x0 - 12)}" y="${FLOOR - 16}" width="${n(form.w + 24)}" height="16" rx="5" fill="${shade(body, isLight(body) ? -0.2 : 0.12)}"/>` : '') +
    sheened('b', `<path d="${bodyPath(form.shape, x0, x1, top)}"/>`, body, edge) +
    (form.cap === 'plain'
      ? ''
      : `<clipPath id="c"><path d="${bodyPath(form.shape, x0, x1, top)}"/></clipPath><rect clip-path="url(#c)" x="${n(x0)}" y="${n(form.cap === 'steel' ? top - 30 : top + headH * 0.18)}" width="${form.w}" height="${form.cap === 'steel' ? n(headH * 0.34 + 30) : 8}" fill="${form.cap === 'steel' ? STEEL : accent}"/><rect clip-path="url(#c)" x="${n(x0)}" y="${n(top - 30)}" width="${form.w}" height="${n(headH * 0.34 + 30)}" fill="url(#s)" opacity="${form.cap === 'steel' ? 1 : 0}"/>`) +
    handle +
    (form.bay === 'arch'
      ? `<path d="M${n(bayX)} ${FLOOR - 14}V${n(bayTop + bayW / 2)}a${n(bayW / 2)} ${n(bayW / 2)} 0 0 1 ${n(bayW)} 0V${FLOOR - 14}z" fill="#2f2b28"/>`
      : `<rect x="${n(bayX)}" y="${n(bayTop)}" width="${n(bayW)}" height="${n(FLOOR - 14 - bayTop)}" rx="8" fill="#2f2b28"/><rect x="${n(bayX)}" y="${n(bayTop)}" width="${n(bayW)}" height="10" rx="4" fill="#000" opacity=".35"/>`) +
    (form.trim ? `<rect x="${n(x0 + 2)}" y="${n(bayTop - 7)}" width="${n(form.w - 4)}" height="6" fill="${STEEL}"/>` : '') +
    `<rect x="${n(cx - 9)}" y="${n(bayTop + 4)}" width="18" height="9" rx="3" fill="#9a9ea3"/>` +
    controls(form, cx, top + headH * 0.52, body, form.w) +
    cup(form.cup, cx, bayTop, bayW) +
    `<rect x="${n(bayX + 4)}" y="${FLOOR - 26}" width="${n(bayW - 8)}" height="11" rx="3" fill="#b9bdc2"/><path d="M${n(bayX + 10)} ${FLOOR - 21}h${n(bayW - 20)}" stroke="#8a8e93" stroke-width="3" stroke-dasharray="3 3"/>` +
    sideItem(form.side, sideX, body) +
    '</g></svg>'
  );
}

// ---------------------------------------------------------------------------------------------
// Accessories

type AccessoryKind = 'mug' | 'glass' | 'tumbler' | 'iced' | 'bottle' | 'filter' | 'cartridge' | 'drawer' | 'carousel' | 'frother' | 'cleaning';

/** The object an accessory's drawing shows, from its English name (a mug when nothing matches). */
export function accessoryKind(name: string): AccessoryKind {
  const rules: Array<[RegExp, AccessoryKind]> = [
    [/frother/i, 'frother'],
    [/glass/i, 'glass'],
    [/iced|straw/i, 'iced'],
    [/tumbler|travel|thermos/i, 'tumbler'],
    [/descal|solution|cleaner/i, 'bottle'],
    [/cartridge|water filter/i, 'cartridge'],
    [/filter/i, 'filter'],
    [/cleaning/i, 'cleaning'],
    [/drawer|storage/i, 'drawer'],
    [/carousel|rack|stand/i, 'carousel'],
  ];
  return rules.find(([re]) => re.test(name))?.[1] ?? 'mug';
}

function mugShape(x: number, w: number, h: number, fill: string, id: string): string {
  const y = FLOOR - h;
  return (
    `<path d="M${n(x + w - 4)} ${n(y + h * 0.2)}h10a${n(h * 0.24)} ${n(h * 0.24)} 0 0 1 0 ${n(h * 0.48)}h-10" fill="none" stroke="${isLight(fill) ? shade(fill, -0.14) : fill}" stroke-width="${n(w * 0.09)}"/>` +
    sheened(id, `<path d="M${n(x)} ${n(y)}h${n(w)}v${n(h - 14)}q0 14-14 14h-${n(w - 28)}q-14 0-14-14z"/>`, fill, isLight(fill) ? shade(fill, -0.2) : undefined) +
    `<ellipse cx="${n(x + w / 2)}" cy="${n(y)}" rx="${n(w / 2)}" ry="${n(w * 0.08)}" fill="${shade(fill, -0.3)}"/><ellipse cx="${n(x + w / 2)}" cy="${n(y + 2)}" rx="${n(w / 2 - 6)}" ry="${n(w * 0.06)}" fill="#4a2d1a"/>`
  );
}

function steam(x: number, y: number): string {
  return `<path d="M${x - 22} ${y}c-10-14 10-22 0-36M${x} ${y - 6}c-10-14 10-22 0-36M${x + 22} ${y}c-10-14 10-22 0-36" fill="none" stroke="#d6c9bb" stroke-width="5" stroke-linecap="round"/>`;
}

function accessory(p: ProductSvgInput, c: string): string {
  const v = safeColor(p.variantColor ?? c);
  const kind = accessoryKind(p.name);
  switch (kind) {
    case 'glass': {
      const k = (p.count ?? 2) >= 4 ? 4 : 2;
      const w = k === 4 ? 74 : 118;
      const h = w * 1.4;
      let out = open(200, k * w * 0.62 + 20);
      for (let i = 0; i < k; i++) {
        const x = 200 - (k * (w + 14)) / 2 + i * (w + 14) + 7;
        const y = FLOOR - h;
        out +=
          `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(w * 0.18)}" fill="#eaf3f6" opacity=".75" stroke="#b4c6ce" stroke-width="2"/>` +
          `<rect x="${n(x + 7)}" y="${n(y + h * 0.3)}" width="${n(w - 14)}" height="${n(h * 0.34)}" fill="#6b4226"/><rect x="${n(x + 7)}" y="${n(y + h * 0.18)}" width="${n(w - 14)}" height="${n(h * 0.12)}" fill="#efe2cf"/><rect x="${n(x + 7)}" y="${n(y + h * 0.64)}" width="${n(w - 14)}" height="${n(h * 0.26)}" rx="${n(w * 0.1)}" fill="#c89b6d"/>` +
          `<path d="M${n(x + 8)} ${n(y + 10)}v${n(h - 24)}" stroke="#fff" stroke-width="3" opacity=".7"/>`;
      }
      return out + '</svg>';
    }
    case 'tumbler':
      return (
        open(200, 80) +
        sheened('b', `<path d="M154 96h92l-8 250h-76z"/>`, v, isLight(v) ? shade(v, -0.2) : undefined) +
        `<rect x="150" y="66" width="100" height="34" rx="10" fill="#2d2a27"/><rect x="168" y="72" width="36" height="8" rx="4" fill="#5a5652"/><rect x="150" y="66" width="100" height="34" rx="10" fill="url(#s)"/>` +
        `<rect x="156" y="300" width="88" height="6" fill="${STEEL}"/></svg>`
      );
    case 'iced':
      return (
        open(200, 80) +
        `<path d="M214 30l-8 70" stroke="${shade(v, -0.3)}" stroke-width="9" stroke-linecap="round"/>` +
        sheened('b', `<path d="M146 112h108l-14 234h-80z"/>`, v, isLight(v) ? shade(v, -0.2) : undefined) +
        `<path d="M140 112q60-52 120 0z" fill="#e9f2f6" opacity=".85" stroke="#b8cad2" stroke-width="2"/><rect x="138" y="106" width="124" height="12" rx="5" fill="${shade(v, -0.25)}"/>` +
        emblem('iced', 200, 220, 22, CREAM) +
        '</svg>'
      );
    case 'bottle': {
      const k = (p.count ?? 1) >= 2 ? 2 : 1;
      let out = open(200, k * 70 + 10);
      for (let i = 0; i < k; i++) {
        const x = k === 1 ? 200 : 156 + i * 88;
        out +=
          sheened(`b${i}`, `<path d="M${x - 48} ${FLOOR}V146q0-26 26-34l8-4V86h28v22l8 4q26 8 26 34V${FLOOR}z"/>`, '#f4f7f9', '#c5d2da') +
          `<rect x="${x - 18}" y="58" width="36" height="30" rx="4" fill="${c}"/><rect x="${x - 48}" y="188" width="96" height="96" fill="${c}"/>` +
          emblem('drop', x, 236, 26, CREAM);
      }
      return out + '</svg>';
    }
    case 'filter':
      return (
        open(200, 110) +
        `<path d="M112 182h176l-26 150q-2 14-16 14h-92q-14 0-16-14z" fill="${STEEL}"/>` +
        `<path d="M120 196h160M124 226h152M129 256h142M134 286h132M139 316h122" stroke="#8f959b" stroke-width="2" stroke-dasharray="2 4"/>` +
        `<path d="M112 182h176l-26 150q-2 14-16 14h-92q-14 0-16-14z" fill="url(#s)"/>` +
        `<rect x="100" y="166" width="200" height="22" rx="8" fill="${c}"/><path d="M250 166q10-50 46-54" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/></svg>`
      );
    case 'cartridge': {
      const k = (p.count ?? 6) >= 12 ? 4 : 3;
      let out = open(200, k * 40 + 20);
      for (let i = 0; i < k; i++) {
        const x = 200 - (k * 70) / 2 + i * 70 + 7;
        out +=
          sheened(`b${i}`, `<rect x="${x}" y="150" width="56" height="196" rx="14"/>`, '#f6f8f9', '#c9d3d8') +
          `<rect x="${x}" y="186" width="56" height="26" fill="${c}"/><rect x="${x + 14}" y="128" width="28" height="26" rx="5" fill="${shade(c, -0.3)}"/>` +
          `<path d="M${x + 12} 236v92M${x + 22} 236v92M${x + 32} 236v92M${x + 42} 236v92" stroke="#dde5e9" stroke-width="3"/>`;
      }
      return out + '</svg>';
    }
    case 'drawer':
      return (
        open(200, 160) +
        sheened('b', `<rect x="50" y="240" width="300" height="106" rx="10"/>`, v, isLight(v) ? shade(v, -0.25) : undefined) +
        `<path d="M70 240l20-60h220l20 60z" fill="${shade(v, isLight(v) ? -0.12 : 0.16)}"/>` +
        [110, 160, 210, 260].map((x) => `<ellipse cx="${x + 20}" cy="214" rx="20" ry="8" fill="#f3f0eb" stroke="#d3ccc2"/><ellipse cx="${x + 20}" cy="213" rx="15" ry="5" fill="${['#4e2f1a', '#4f7c6b', '#b23a20', '#5d3a2a'][(x / 50) % 4]}"/>`).join('') +
        `<rect x="150" y="284" width="100" height="14" rx="7" fill="${isLight(v) ? '#8a857f' : STEEL}"/></svg>`
      );
    case 'carousel': {
      let out = open(200, 90) + `<rect x="194" y="60" width="12" height="270" fill="${STEEL}"/><rect x="194" y="60" width="12" height="270" fill="url(#s)"/>`;
      const colors = ['#4e2f1a', '#4f7c6b', '#b23a20', '#2c5d8a', '#8a5a2e', '#5d3a2a'];
      for (let row = 0; row < 4; row++) {
        const y = 92 + row * 60;
        out += `<path d="M118 ${y + 34}h164" stroke="${STEEL}" stroke-width="4"/>`;
        for (let i = 0; i < 4; i++) {
          const x = 134 + i * 44;
          out += `<path d="M${x - 19} ${y}h38l-5 30h-28z" fill="#f3f0eb" stroke="#d3ccc2"/><ellipse cx="${x}" cy="${y}" rx="20" ry="6" fill="${colors[(row + i) % 6]}"/>`;
        }
      }
      return out + `<ellipse cx="200" cy="${FLOOR - 8}" rx="96" ry="14" fill="${shade(STEEL, -0.2)}"/><ellipse cx="200" cy="${FLOOR - 12}" rx="96" ry="14" fill="${STEEL}"/></svg>`;
    }
    case 'frother':
      return (
        open(200, 110) +
        `<rect x="112" y="${FLOOR - 22}" width="176" height="22" rx="8" fill="${shade(v, -0.2)}"/>` +
        `<path d="M246 130h18a30 30 0 0 1 0 120h-18" fill="none" stroke="${shade(v, -0.25)}" stroke-width="16"/>` +
        sheened('b', `<path d="M140 110h112l-4 214h-104z"/>`, v) +
        `<rect x="130" y="92" width="132" height="24" rx="10" fill="#2d2a27"/><rect x="188" y="78" width="16" height="18" rx="5" fill="#2d2a27"/>` +
        `<circle cx="196" cy="300" r="8" fill="${CREAM}" opacity=".85"/></svg>`
      );
    case 'cleaning':
      return (
        open(200, 130) +
        [120, 200, 280].map((x, i) => pod(x, ['#2a6f97', '#3f88c5', '#61a5c2'][i]!, 1.6)).join('') +
        `<path d="M300 150l8 20 20 8-20 8-8 20-8-20-20-8 20-8zM110 176l5 12 12 5-12 5-5 12-5-12-12-5 12-5z" fill="#9fd3ee"/></svg>`
      );
    default:
      return open(200, 110) + steam(196, 150) + mugShape(122, 150, 170, v, 'b') + '</svg>';
  }
}

// ---------------------------------------------------------------------------------------------
// Gift cards and bundles

function giftCard(p: ProductSvgInput, c: string): string {
  const value = p.count ?? 0;
  const beans = value >= 100 ? 3 : value >= 50 ? 2 : 1;
  const fg = isLight(c) ? shade(c, -0.6) : CREAM;
  const back = p.isVirtual
    ? `<path d="M96 150h236v150H96z" fill="#f3ece1" stroke="#d8ccbb" stroke-width="2"/><path d="M96 150l118 80 118-80" fill="none" stroke="#d8ccbb" stroke-width="3"/>`
    : `<rect x="96" y="132" width="240" height="168" rx="6" fill="#c8a47e"/><path d="M96 132l120 70 120-70" fill="none" stroke="#a9865f" stroke-width="3"/>`;
  let beanMarks = '';
  for (let i = 0; i < beans; i++) beanMarks += emblem('coffee', 116 + i * 26, 286, 10, fg);
  return (
    open(200, 150) +
    back +
    `<g transform="rotate(-8 200 240)">` +
    sheened('b', `<rect x="64" y="170" width="252" height="158" rx="14"/>`, c) +
    `<rect x="206" y="170" width="22" height="158" fill="#e6b84c"/><rect x="64" y="226" width="252" height="18" fill="#e6b84c"/>` +
    `<path d="M217 235c-24-40-64-30-44-4zM217 235c24-40 64-30 44-4z" fill="none" stroke="#d49c2e" stroke-width="8"/><circle cx="217" cy="235" r="9" fill="#d49c2e"/>` +
    beanMarks +
    `</g></svg>`
  );
}

/** A small drawing of one bundle item, centred on x, standing on the box's inner floor y. */
function miniItem(item: SvgBundleItem, x: number, y: number, s: number): string {
  const c = safeColor(item.variantColor ?? item.color);
  if (item.productType === 'Brewer') {
    return (
      `<rect x="${n(x - 40 * s)}" y="${n(y - 150 * s)}" width="${n(80 * s)}" height="${n(150 * s)}" rx="${n(12 * s)}" fill="${c}" stroke="${shade(c, -0.3)}"/>` +
      `<rect x="${n(x - 26 * s)}" y="${n(y - 92 * s)}" width="${n(52 * s)}" height="${n(84 * s)}" rx="${n(6 * s)}" fill="#2f2b28"/>` +
      `<rect x="${n(x - 12 * s)}" y="${n(y - 40 * s)}" width="${n(24 * s)}" height="${n(30 * s)}" rx="${n(4 * s)}" fill="#fbf8f3"/>` +
      `<circle cx="${n(x)}" cy="${n(y - 118 * s)}" r="${n(8 * s)}" fill="${isLight(c) ? '#4a4541' : '#ece8e2'}"/>`
    );
  }
  if (item.productType === 'Accessory') {
    const edge = shade(c, isLight(c) ? -0.25 : -0.2);
    const kind = accessoryKind(item.name ?? '');
    if (kind === 'bottle') {
      return (
        `<path d="M${n(x - 24 * s)} ${n(y)}v-${n(62 * s)}q0-14 14-18v-${n(12 * s)}h${n(20 * s)}v${n(12 * s)}q14 4 14 18v${n(62 * s)}z" fill="#f4f7f9" stroke="#c5d2da"/>` +
        `<rect x="${n(x - 24 * s)}" y="${n(y - 50 * s)}" width="${n(48 * s)}" height="${n(30 * s)}" fill="${c}"/><rect x="${n(x - 8 * s)}" y="${n(y - 102 * s)}" width="${n(16 * s)}" height="${n(12 * s)}" rx="2" fill="${c}"/>`
      );
    }
    if (kind === 'iced' || kind === 'tumbler') {
      return `<path d="M${n(x - 22 * s)} ${n(y - 84 * s)}h${n(44 * s)}l-${n(5 * s)} ${n(84 * s)}h-${n(34 * s)}z" fill="${c}" stroke="${edge}"/><rect x="${n(x - 25 * s)}" y="${n(y - 92 * s)}" width="${n(50 * s)}" height="${n(12 * s)}" rx="${n(4 * s)}" fill="${shade(c, -0.3)}"/>`;
    }
    return (
      `<path d="M${n(x + 22 * s)} ${n(y - 46 * s)}h6a${n(12 * s)} ${n(12 * s)} 0 0 1 0 ${n(24 * s)}h-6" fill="none" stroke="${edge}" stroke-width="${n(7 * s)}"/>` +
      `<rect x="${n(x - 26 * s)}" y="${n(y - 60 * s)}" width="${n(52 * s)}" height="${n(60 * s)}" rx="${n(8 * s)}" fill="${c}" stroke="${edge}"/>`
    );
  }
  const w = 70 * s;
  const h = 92 * s;
  return (
    `<rect x="${n(x - w / 2)}" y="${n(y - h)}" width="${n(w)}" height="${n(h)}" fill="${c}"/><rect x="${n(x - w / 2)}" y="${n(y - h)}" width="${n(w)}" height="${n(h)}" fill="url(#s)"/>` +
    `<circle cx="${n(x)}" cy="${n(y - h * 0.55)}" r="${n(w * 0.3)}" fill="${CREAM}"/>` +
    emblem(item.beverageType ?? 'coffee', x, y - h * 0.55, w * 0.18, c)
  );
}

function bundleBox(p: ProductSvgInput, c: string): string {
  // distinct items only (two boxes of the same coffee draw once)
  const seen = new Set<string>();
  const items = (p.contents ?? []).filter((it) => {
    const key = `${it.productType}|${it.beverageType ?? ''}|${it.variantColor ?? it.color}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // the brewer and the beverages stand in the open box (brewer at the back left), accessories beside it
  const inside = items.filter((it) => it.productType !== 'Accessory').sort((a, b) => Number(b.productType === 'Brewer') - Number(a.productType === 'Brewer')).slice(0, 4);
  const beside = items.filter((it) => it.productType === 'Accessory').slice(0, 1);
  const kraft = '#c9a27a';
  const band = safeColor(c);
  let contents = '';
  const step = inside.length > 1 ? Math.min(86, 170 / (inside.length - 1)) : 0;
  inside.forEach((it, i) => {
    contents += miniItem(it, 200 + (i - (inside.length - 1) / 2) * step, 282, it.productType === 'Brewer' ? 1 : 1.05);
  });
  return (
    open(200, 170) +
    `<path d="M92 222l20-62h176l20 62z" fill="${shade(kraft, 0.14)}"/><rect x="84" y="214" width="232" height="40" fill="${shade(kraft, -0.3)}"/>` +
    contents +
    `<path d="M74 244L30 212l14-16 46 36zM326 244l44-32-14-16-46 36z" fill="${shade(kraft, 0.08)}"/>` +
    sheened('b', `<path d="M74 244h252v88q0 14-14 14H88q-14 0-14-14z"/>`, kraft) +
    `<rect x="74" y="282" width="252" height="18" fill="${band}"/><circle cx="200" cy="291" r="22" fill="${CREAM}"/>` +
    emblem('coffee', 200, 291, 12, band) +
    beside.map((it) => miniItem(it, 340, FLOOR, 1.1)).join('') +
    '</svg>'
  );
}

/**
 * Draw a product image (see the module comment): a brewer, pods, a bag or can, an accessory, a
 * gift card or a bundle box, with no text. Returns SVG text under 4 KB.
 */
export function productSvg(input: ProductSvgInput): string {
  const c = safeColor(input.color);
  switch (input.productType) {
    case 'Brewer':
      return brewer(input, c);
    case 'Accessory':
      return accessory(input, c);
    case 'GiftCard':
      return giftCard(input, c);
    case 'Bundle':
      return bundleBox(input, c);
    default:
      if (input.packType === 'Bagged') return bag(input, c);
      if (input.packType === 'Canned') return can(input, c);
      return podBoxes(input, c);
  }
}

const LOGO_SUFFIX: Record<'usb2c' | 'cab2c' | 'usafh', string> = { usb2c: '', cab2c: 'Canada', usafh: 'Office' };

/**
 * The store's original wordmark: a cup mark and "Brewhaus" ("Brewhaus Canada" for cab2c,
 * "Brewhaus Office" for usafh) drawn in `fg` (a CSS colour, e.g. '#3b2314' on the white theme,
 * '#ffffff' on the brown one). `viewBox="0 0 280 56"`. A logo is a brand name, so unlike the
 * product drawings it is text (the same in both languages).
 */
export function brandLogoSvg(site: 'usb2c' | 'cab2c' | 'usafh', fg: string): string {
  const color = /^#[0-9a-f]{3,8}$/i.test(fg) || /^[a-z]+$/i.test(fg) ? fg : '#3b2314';
  const suffix = LOGO_SUFFIX[site];
  const label = suffix ? `Brewhaus ${suffix}` : 'Brewhaus';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 280 56" width="280" height="56" role="img" aria-label="${label}">` +
    `<g fill="none" stroke="${color}" stroke-width="3.5" stroke-linecap="round">` +
    `<path d="M8 22h30v12a13 13 0 0 1-13 13h-4A13 13 0 0 1 8 34z"/><path d="M38 26h4a6 6 0 0 1 0 12h-5"/>` +
    `<path d="M17 6c-4 5 4 7 0 12M27 6c-4 5 4 7 0 12"/></g>` +
    `<text x="56" y="38" ${FONT} font-size="28" font-weight="800" letter-spacing="0.5" fill="${color}">Brewhaus</text>` +
    (suffix
      ? `<text x="198" y="38" ${FONT} font-size="20" font-weight="400" letter-spacing="1" fill="${color}">${suffix}</text>`
      : '') +
    '</svg>'
  );
}
