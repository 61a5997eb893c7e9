/**
 * Original product and logo drawings, generated as SVG text by the seeder (issue 2: "Product
 * images generated as SVG by the seeder (no downloads)"). Pure functions: the API serves their
 * output under /medias/... with `Content-Type: image/svg+xml`.
 *
 * Every drawing is square (`viewBox="0 0 400 400"`), self-contained (no external fonts, images or
 * scripts), carries `role="img"` and an `aria-label`, escapes all text, and stays under ~3 KB.
 */

/** What a product drawing needs. `productType` is a spec §3 productType. */
export interface ProductSvgInput {
  /** 'Coffee' | 'Brewer' | 'Accessory' | 'Bundle' | 'GiftCard' (anything else draws a pod box) */
  productType: string;
  name: string;
  /** main colour, '#rrggbb' (the product's imageColor) */
  color: string;
  /** the variant's colour, '#rrggbb' (brewers, mugs); falls back to `color` */
  variantColor?: string | null;
  /** pods (ct), ounces for Bagged/Canned packs, or the face value of a gift card */
  count?: number | null;
  /** 'Bagged' | 'Canned' | null (pods) */
  packType?: string | null;
  brand: string;
}

const FALLBACK = '#6b4f3a';
const FONT = 'font-family="Helvetica,Arial,sans-serif"';

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

/** Dark or light text, whichever reads better on `hex`. */
function ink(hex: string): string {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#2b1d14' : '#ffffff';
}

/** Split a name into at most `maxLines` lines of about `width` characters, ending with … when cut. */
export function wrapText(text: string, width: number, maxLines = 2): string[] {
  const lines: string[] = [];
  let current = '';
  let truncated = false;
  for (const raw of text.trim().split(/\s+/).filter(Boolean)) {
    const word = raw.length > width ? `${raw.slice(0, width - 1)}…` : raw;
    if (!current) {
      current = word;
    } else if (current.length + 1 + word.length <= width) {
      current = `${current} ${word}`;
    } else {
      lines.push(current);
      current = word;
      if (lines.length === maxLines) {
        truncated = true;
        current = '';
        break;
      }
    }
  }
  if (current) lines.push(current);
  if (truncated) {
    const last = lines[maxLines - 1] ?? '';
    lines[maxLines - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
  }
  return lines;
}

function textLines(lines: string[], x: number, y: number, size: number, fill: string, weight = 700): string {
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${y + i * Math.round(size * 1.2)}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(l)}</text>`,
    )
    .join('');
}

function open(label: string, bg: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(label)}"><rect width="400" height="400" fill="${bg}"/>`;
}

function podBox(p: ProductSvgInput, c: string): string {
  const band = ink(c);
  const count = p.count ?? null;
  return (
    open(`${p.brand} ${p.name}${count ? `, ${count} ct` : ''}`, '#f6f1ea') +
    `<ellipse cx="200" cy="356" rx="150" ry="12" fill="#e4dbcf"/>` +
    `<path d="M80 110 120 72h220l-40 38z" fill="${shade(c, 0.55)}"/>` +
    `<path d="M300 110 340 72v236l-40 42z" fill="${shade(c, -0.35)}"/>` +
    `<rect x="80" y="110" width="220" height="240" rx="4" fill="#fffdf9" stroke="#d8cdbf" stroke-width="2"/>` +
    textLines([p.brand.toUpperCase()], 190, 150, p.brand.length > 16 ? 13 : 16, '#5a4332', 700) +
    `<rect x="80" y="176" width="220" height="92" fill="${c}"/>` +
    textLines(wrapText(p.name, 17), 190, 215, 20, band) +
    `<path d="M104 296h44l-5 36h-34z" fill="${c}"/><ellipse cx="126" cy="296" rx="24" ry="6" fill="${shade(c, 0.4)}"/>` +
    (count
      ? `<circle cx="256" cy="312" r="28" fill="${c}"/>` +
        textLines([String(count)], 256, 314, 20, band) +
        textLines(['ct'], 256, 330, 11, band, 400)
      : '') +
    '</svg>'
  );
}

function bag(p: ProductSvgInput, c: string): string {
  const oz = p.count ? `${p.count} oz` : '';
  return (
    open(`${p.brand} ${p.name}${oz ? `, ${oz}` : ''}`, '#f4efe8') +
    `<ellipse cx="200" cy="352" rx="120" ry="10" fill="#e2d8cb"/>` +
    `<path d="M126 64h148l-4 14 4 14H126l4-14z" fill="${shade(c, -0.3)}"/>` +
    `<path d="M126 92h148l22 44v200a10 10 0 0 1-10 10H114a10 10 0 0 1-10-10V136z" fill="${c}"/>` +
    `<rect x="124" y="168" width="152" height="136" rx="10" fill="#fffaf2"/>` +
    textLines([p.brand.toUpperCase()], 200, 194, p.brand.length > 14 ? 10 : 13, '#5a4332') +
    textLines(wrapText(p.name, 15), 200, 228, 18, '#2b1d14') +
    (oz ? textLines([oz], 200, 290, 16, shade(c, -0.2)) : '') +
    '</svg>'
  );
}

function can(p: ProductSvgInput, c: string): string {
  const oz = p.count ? `${p.count} oz` : '';
  return (
    open(`${p.brand} ${p.name}${oz ? `, ${oz}` : ''}`, '#f3eee7') +
    `<ellipse cx="200" cy="352" rx="110" ry="12" fill="#e0d6c9"/>` +
    `<rect x="110" y="84" width="180" height="256" fill="${c}"/>` +
    `<ellipse cx="200" cy="340" rx="90" ry="16" fill="${shade(c, -0.3)}"/>` +
    `<ellipse cx="200" cy="84" rx="90" ry="18" fill="${shade(c, 0.45)}"/><ellipse cx="200" cy="84" rx="74" ry="12" fill="${shade(c, 0.65)}"/>` +
    `<rect x="110" y="160" width="180" height="120" fill="#fffaf2"/>` +
    textLines([p.brand.toUpperCase()], 200, 186, p.brand.length > 17 ? 11 : 13, '#5a4332') +
    textLines(wrapText(p.name, 16), 200, 218, 18, '#2b1d14') +
    (oz ? textLines([oz], 200, 268, 15, shade(c, -0.2)) : '') +
    '</svg>'
  );
}

function brewer(p: ProductSvgInput, c: string): string {
  const body = safeColor(p.variantColor ?? c);
  const trim = shade(body, body === '#ffffff' || ink(body) !== '#ffffff' ? -0.45 : 0.25);
  return (
    open(`${p.brand} ${p.name}`, '#f2f2f0') +
    `<ellipse cx="200" cy="338" rx="150" ry="10" fill="#dcdcd8"/>` +
    `<rect x="280" y="92" width="56" height="204" rx="10" fill="#cfe4f1" stroke="#9dbccf" stroke-width="3"/>` +
    `<rect x="290" y="150" width="36" height="136" rx="6" fill="#a9cfe6"/>` +
    `<rect x="86" y="70" width="210" height="96" rx="22" fill="${body}"/>` +
    `<rect x="86" y="120" width="86" height="196" rx="14" fill="${body}"/>` +
    `<rect x="80" y="300" width="224" height="30" rx="10" fill="${body}"/>` +
    `<rect x="182" y="286" width="104" height="14" rx="4" fill="${trim}"/>` +
    `<rect x="220" y="166" width="28" height="14" rx="3" fill="${trim}"/>` +
    `<path d="M208 218h52l-6 66h-40z" fill="#ffffff" stroke="#c9c9c4" stroke-width="2"/>` +
    `<path d="M258 232h10a12 12 0 0 1 0 28h-12" fill="none" stroke="#c9c9c4" stroke-width="6"/>` +
    `<circle cx="128" cy="108" r="12" fill="${trim}"/><rect x="150" y="100" width="60" height="16" rx="8" fill="${trim}"/>` +
    textLines(wrapText(`${p.brand} ${p.name}`, 30, 1), 200, 376, 18, '#3a3a36') +
    '</svg>'
  );
}

function mug(p: ProductSvgInput, c: string): string {
  const body = safeColor(p.variantColor ?? c);
  return (
    open(`${p.brand} ${p.name}`, '#f5f1ec') +
    `<path d="M170 70c-14 18 14 30 0 48M204 62c-14 18 14 30 0 48M238 70c-14 18 14 30 0 48" fill="none" stroke="#c9b9a8" stroke-width="6" stroke-linecap="round"/>` +
    `<ellipse cx="200" cy="306" rx="120" ry="12" fill="#e1d7cb"/>` +
    `<path d="M266 160h18a40 40 0 0 1 0 80h-18" fill="none" stroke="${body}" stroke-width="18"/>` +
    `<rect x="124" y="132" width="150" height="170" rx="20" fill="${body}"/>` +
    `<ellipse cx="199" cy="134" rx="75" ry="10" fill="${shade(body, -0.35)}"/>` +
    textLines(wrapText(p.name, 26), 200, 348, 18, '#3a2d22') +
    '</svg>'
  );
}

function giftCard(p: ProductSvgInput, c: string): string {
  const fg = ink(c);
  return (
    open(`${p.brand} ${p.name}${p.count ? `, ${p.count}` : ''}`, '#f4efe9') +
    `<rect x="56" y="116" width="300" height="190" rx="18" fill="${shade(c, -0.4)}" opacity=".35"/>` +
    `<rect x="44" y="100" width="300" height="190" rx="18" fill="${c}"/>` +
    `<rect x="44" y="150" width="300" height="18" fill="${shade(c, 0.3)}"/>` +
    `<circle cx="300" cy="144" r="20" fill="none" stroke="${fg}" stroke-width="4"/>` +
    textLines([p.brand], 70, 140, 22, fg).replace('text-anchor="middle"', 'text-anchor="start"') +
    textLines(wrapText(p.name, 24), 194, 216, 18, fg) +
    (p.count ? textLines([`${p.count}`], 300, 274, 28, fg) : '') +
    '</svg>'
  );
}

function bundleBox(p: ProductSvgInput, c: string): string {
  const fg = ink(c);
  return (
    open(`${p.brand} ${p.name}`, '#f6f0e8') +
    `<ellipse cx="200" cy="338" rx="140" ry="12" fill="#e3d8ca"/>` +
    `<rect x="84" y="150" width="232" height="180" rx="6" fill="${c}"/>` +
    `<rect x="74" y="120" width="252" height="42" rx="6" fill="${shade(c, 0.25)}"/>` +
    `<rect x="188" y="120" width="24" height="210" fill="#e6b84c"/>` +
    `<path d="M200 120c-30-44-78-24-48 0M200 120c30-44 78-24 48 0" fill="none" stroke="#e6b84c" stroke-width="10"/>` +
    `<rect x="104" y="206" width="192" height="78" rx="8" fill="#fffaf2"/>` +
    textLines(wrapText(p.name, 20), 200, 238, 17, '#2b1d14') +
    textLines([p.brand.toUpperCase()], 200, 312, 13, fg) +
    '</svg>'
  );
}

/**
 * Draw a product image: a pod box with a colour band, the brand, the name (2 lines) and the count
 * (Coffee pods); a bag or a can (Bagged / Canned); a brewer silhouette in the variant colour; a
 * mug (Accessory); a gift card; a ribboned box (Bundle). Returns SVG text under ~3 KB.
 */
export function productSvg(input: ProductSvgInput): string {
  const c = safeColor(input.color);
  // "Brewhaus Brewhaus Solo" reads badly: drop a brand the name already starts with.
  const name = input.name.toLowerCase().startsWith(input.brand.toLowerCase() + ' ') ? input.name.slice(input.brand.length + 1) : input.name;
  input = { ...input, name };
  switch (input.productType) {
    case 'Brewer':
      return brewer(input, c);
    case 'Accessory':
      return mug(input, c);
    case 'GiftCard':
      return giftCard(input, c);
    case 'Bundle':
      return bundleBox(input, c);
    default:
      if (input.packType === 'Bagged') return bag(input, c);
      if (input.packType === 'Canned') return can(input, c);
      return podBox(input, c);
  }
}

const LOGO_SUFFIX: Record<'usb2c' | 'cab2c' | 'usafh', string> = { usb2c: '', cab2c: 'Canada', usafh: 'Office' };

/**
 * The store's original wordmark: a cup mark and "Brewhaus" ("Brewhaus Canada" for cab2c,
 * "Brewhaus Office" for usafh) drawn in `fg` (a CSS colour, e.g. '#3b2314' on the white theme,
 * '#ffffff' on the brown one). `viewBox="0 0 280 56"`.
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
