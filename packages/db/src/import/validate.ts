/**
 * Cross-reference validation of a parsed catalogue (docs/catalog-format.md "Validation rules").
 * The zod schema checks each field; these rules check how rows relate to each other and to what is
 * already in the database. Every problem is reported, none stops the check early.
 */
import type { BaseSiteUid, CatalogFile } from '@store/contracts';
import type { CatalogIssue } from './types.ts';

/** Currency of each base site (spec §1, business-defaults). */
export const SITE_CURRENCY: Record<BaseSiteUid, string> = { usb2c: 'USD', cab2c: 'CAD', usafh: 'USD' };

/** What the database already holds, for references the file does not define itself. */
export interface ExternalRefs {
  /** category codes in the database */
  categories: ReadonlySet<string>;
  /** variant code → the product it belongs to in the database (for bundle items) */
  variants: ReadonlyMap<string, { productCode: string; productType: string; sites: readonly string[] }>;
}

/**
 * Check the rules that span rows: unique codes, exactly one default variant per product, one
 * price per variant and selling site, discount consistency, bundle contents, category tree.
 * When `refs` is given, category codes and bundle item variant codes must exist in the file or
 * in `refs`; without it, references the file does not define are left for the import to resolve.
 */
export function validateCatalog(file: CatalogFile, refs?: ExternalRefs): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });

  // Categories
  const categoryIndex = new Map<string, number>();
  file.categories.forEach((c, i) => {
    const first = categoryIndex.get(c.code);
    if (first !== undefined) add(`categories[${i}].code`, `duplicate category code ${c.code} (first at categories[${first}])`);
    else categoryIndex.set(c.code, i);
  });
  const hasCategory = (code: string) => categoryIndex.has(code) || (refs?.categories.has(code) ?? true);
  file.categories.forEach((c, i) => {
    if (c.parentCode === null) return;
    if (c.parentCode === c.code) add(`categories[${i}].parentCode`, `category ${c.code} cannot be its own parent`);
    else if (!hasCategory(c.parentCode)) add(`categories[${i}].parentCode`, `unknown parent category ${c.parentCode}`);
  });
  // cycles within the file
  for (const c of file.categories) {
    const seen = new Set<string>([c.code]);
    let parent = c.parentCode;
    while (parent !== null && categoryIndex.has(parent)) {
      if (seen.has(parent)) {
        add(`categories[${categoryIndex.get(c.code)}].parentCode`, `category tree has a cycle through ${c.code}`);
        break;
      }
      seen.add(parent);
      parent = file.categories[categoryIndex.get(parent)!]!.parentCode;
    }
  }

  // Codes across the file
  const productIndex = new Map<string, number>();
  const variantOwner = new Map<string, { product: number; variant: number }>();
  file.products.forEach((p, i) => {
    const first = productIndex.get(p.code);
    if (first !== undefined) add(`products[${i}].code`, `duplicate product code ${p.code} (first at products[${first}])`);
    else productIndex.set(p.code, i);
  });
  file.products.forEach((p, i) => {
    p.variants.forEach((v, j) => {
      const first = variantOwner.get(v.code);
      if (first) {
        add(`products[${i}].variants[${j}].code`, `duplicate variant code ${v.code} (first at products[${first.product}].variants[${first.variant}])`);
        return;
      }
      variantOwner.set(v.code, { product: i, variant: j });
      const other = productIndex.get(v.code);
      if (other !== undefined && other !== i) add(`products[${i}].variants[${j}].code`, `variant code ${v.code} is the code of another product (products[${other}])`);
    });
  });

  file.products.forEach((p, i) => {
    const at = `products[${i}]`;

    // categories and sites
    const cats = new Set<string>();
    p.categories.forEach((code, k) => {
      if (cats.has(code)) add(`${at}.categories[${k}]`, `category ${code} is listed twice`);
      cats.add(code);
      if (!hasCategory(code)) add(`${at}.categories[${k}]`, `unknown category ${code}`);
    });
    const sites = new Set<string>();
    p.sites.forEach((s, k) => {
      if (sites.has(s)) add(`${at}.sites[${k}]`, `site ${s} is listed twice`);
      sites.add(s);
    });

    // variants
    const defaults = p.variants.filter((v) => v.isDefault).length;
    if (defaults !== 1) add(`${at}.variants`, `exactly one variant must have isDefault: true (found ${defaults})`);
    const suffixes = new Map<string, number>();
    p.variants.forEach((v, j) => {
      const vat = `${at}.variants[${j}]`;
      if (v.code === p.code && p.productType !== 'Bundle') add(`${vat}.code`, `variant code must differ from the base product code ${p.code} (only bundles reuse it)`);
      const firstSuffix = suffixes.get(v.variantUrlSuffix);
      if (firstSuffix !== undefined) add(`${vat}.variantUrlSuffix`, `variantUrlSuffix ${v.variantUrlSuffix} is already used by variants[${firstSuffix}]`);
      else suffixes.set(v.variantUrlSuffix, j);

      const priced = new Set<string>();
      v.prices.forEach((pr, k) => {
        const pat = `${vat}.prices[${k}]`;
        if (priced.has(pr.baseSite)) add(`${pat}.baseSite`, `second price for ${pr.baseSite}`);
        priced.add(pr.baseSite);
        if (!sites.has(pr.baseSite)) add(`${pat}.baseSite`, `product is not sold on ${pr.baseSite} (sites: ${p.sites.join(', ')})`);
        if (pr.isDiscountPrice && pr.discountPrice === null) add(`${pat}.discountPrice`, 'required when isDiscountPrice is true');
        if (pr.discountPrice !== null && pr.discountPrice > pr.price) add(`${pat}.discountPrice`, `discount price ${pr.discountPrice} is above the list price ${pr.price}`);
      });
      for (const s of p.sites) if (!priced.has(s)) add(`${vat}.prices`, `missing a price for ${s} (the product is sold there)`);
    });

    // features
    const features = new Set<string>();
    p.features.forEach((f, k) => {
      if (features.has(f.code)) add(`${at}.features[${k}].code`, `feature ${f.code} is listed twice`);
      features.add(f.code);
    });

    if (p.packType !== null && p.productType !== 'Coffee') add(`${at}.packType`, 'packType applies to beverages (productType Coffee) only');

    // pod systems (issue 13, ADR 0033)
    if (p.podSystem !== null && p.productType !== 'Coffee') add(`${at}.podSystem`, 'podSystem applies to pod beverages (productType Coffee) only');
    if (p.podSystem !== null && p.packType !== null) add(`${at}.podSystem`, `a ${p.packType} pack is not a pod: leave podSystem out`);
    if (p.productType !== 'Brewer' && p.podSystems.length > 0) add(`${at}.podSystems`, 'podSystems applies to brewers only');
    p.podSystems.forEach((s, k) => {
      if (p.podSystems.indexOf(s) !== k) add(`${at}.podSystems[${k}]`, `pod system ${s} is listed twice`);
    });
    if (p.modelName !== null && p.productType !== 'Brewer') add(`${at}.modelName`, 'modelName applies to brewers only');
    p.features.forEach((f, k) => {
      if (f.code === 'POD_SYSTEM' || f.code === 'ACCEPTS_POD_SYSTEMS') add(`${at}.features[${k}].code`, `feature ${f.code} is derived from podSystem/podSystems; leave it out`);
    });

    // bundles
    if (p.productType === 'Bundle') {
      if (p.bundle === null) add(`${at}.bundle`, 'required for productType Bundle');
      if (p.variants.length !== 1 || p.variants[0]!.code !== p.code) add(`${at}.variants`, `a bundle has exactly one variant, with the bundle's own code ${p.code}`);
    } else if (p.bundle !== null) {
      add(`${at}.bundle`, 'only productType Bundle may have bundle contents');
    }
    if (p.bundle) {
      const items = new Set<string>();
      p.bundle.items.forEach((it, k) => {
        const iat = `${at}.bundle.items[${k}].variantCode`;
        if (items.has(it.variantCode)) add(iat, `variant ${it.variantCode} is listed twice`);
        items.add(it.variantCode);
        if (it.variantCode === p.code) {
          add(iat, 'a bundle cannot contain itself');
          return;
        }
        const inFile = variantOwner.get(it.variantCode);
        let owner: { code: string; productType: string; sites: readonly string[] } | null = null;
        if (inFile) {
          const op = file.products[inFile.product]!;
          owner = { code: op.code, productType: op.productType, sites: op.sites };
        } else if (refs) {
          const ext = refs.variants.get(it.variantCode);
          if (!ext) {
            add(iat, `unknown variant ${it.variantCode}`);
            return;
          }
          owner = { code: ext.productCode, productType: ext.productType, sites: ext.sites };
        }
        if (!owner) return;
        if (owner.productType === 'Bundle') add(iat, `variant ${it.variantCode} is a bundle; bundles cannot be nested`);
        const missing = p.sites.filter((s) => !owner.sites.includes(s));
        if (missing.length > 0) add(iat, `product ${owner.code} is not sold on ${missing.join(', ')}, where the bundle is sold`);
      });
    }
  });

  return issues;
}

/**
 * Check declared price currencies in the raw (unparsed) data: a price object may carry a
 * `currency`, which must match its site (usb2c/usafh USD, cab2c CAD). The catalogue schema
 * itself has no currency field; the importer derives it from the site.
 */
export function checkRawCurrencies(raw: unknown): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  if (!raw || typeof raw !== 'object') return issues;
  const products = (raw as { products?: unknown }).products;
  if (!Array.isArray(products)) return issues;
  products.forEach((p: unknown, i) => {
    const variants = p && typeof p === 'object' ? (p as { variants?: unknown }).variants : undefined;
    if (!Array.isArray(variants)) return;
    variants.forEach((v: unknown, j) => {
      const prices = v && typeof v === 'object' ? (v as { prices?: unknown }).prices : undefined;
      if (!Array.isArray(prices)) return;
      prices.forEach((pr: unknown, k) => {
        if (!pr || typeof pr !== 'object') return;
        const { baseSite, currency } = pr as { baseSite?: unknown; currency?: unknown };
        if (currency === undefined || currency === null || typeof baseSite !== 'string' || !(baseSite in SITE_CURRENCY)) return;
        const expected = SITE_CURRENCY[baseSite as BaseSiteUid];
        if (currency !== expected) {
          issues.push({ path: `products[${i}].variants[${j}].prices[${k}].currency`, message: `${baseSite} prices are in ${expected}, not ${String(currency)}` });
        }
      });
    });
  });
  return issues;
}
