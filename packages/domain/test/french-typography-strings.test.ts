/**
 * Issue 9 item 12: every French text the domain exports follows French typography (a narrow
 * no-break space before `: ; ? !` and inside `« »`): walks every export for `fr` strings (site
 * support hours, shipping and tax names, province names...), the French size labels, and the
 * discount message, whose French texts come from site configuration and are typeset on the way
 * out.
 */
import { describe, expect, it } from 'vitest';
import * as domain from '../src/index.ts';
import { BASE_SITE_IDS, DEFAULT_SHIPPING, frenchTypographyIssues, resolveDiscountMessage, shippingMethods, sizeLabel } from '../src/index.ts';

/** Every string found under a key `fr` anywhere in a value (objects, arrays, maps), with its path. */
function frenchStrings(value: unknown, path: string, seen = new Set<unknown>()): Array<[string, string]> {
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const out: Array<[string, string]> = [];
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  for (const [k, v] of entries) {
    const p = `${path}.${String(k)}`;
    if (k === 'fr' && typeof v === 'string') out.push([p, v]);
    else out.push(...frenchStrings(v, p, seen));
  }
  return out;
}

describe('French strings of @store/domain (issue 9 item 12)', () => {
  it('finds the French texts it must check', () => {
    const all = frenchStrings(domain, 'domain');
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(all.map(([, v]) => v)).toContain('7 jours sur 7, de 7 h à minuit (HNE)');
  });

  it('every exported French text has no typography issue (also the shipping methods of each site and country)', () => {
    const methods = BASE_SITE_IDS.flatMap((site) =>
      (['US', 'CA'] as const).flatMap((country) => shippingMethods({ site, config: DEFAULT_SHIPPING[site], itemsMinor: 0, country })),
    );
    const bad = [...frenchStrings(domain, 'domain'), ...frenchStrings(methods, 'shippingMethods')].filter(([, v]) => frenchTypographyIssues(v).length > 0);
    expect(bad).toEqual([]);
  });

  it('French size labels have no typography issue', () => {
    for (const count of [1, 12, 24]) for (const pack of ['Bagged', 'Canned', null] as const) expect(frenchTypographyIssues(sizeLabel(count, pack, 'fr') ?? '')).toEqual([]);
  });

  it('the discount message typesets configured French texts (and leaves English alone)', () => {
    const base = { profileRoles: [], configuredRoles: 'perks', hasLocalStorageFlag: false, isMainBrand: true, percent: '10' };
    const fr = resolveDiscountMessage({ ...base, lang: 'fr', memberText: 'Membre Perks : vous économisez!', percentTemplate: 'Économisez {percent} % : adhérez!' });
    expect(fr.percentText).toBe('Économisez 10,00 %\u202f: adhérez\u202f!');
    expect(fr.memberText).toBe('Membre Perks\u202f: vous économisez\u202f!');
    expect(fr.text).toBe(fr.percentText);
    for (const t of [fr.text, fr.memberText, fr.percentText]) expect(frenchTypographyIssues(t)).toEqual([]);
    const en = resolveDiscountMessage({ ...base, lang: 'en', memberText: 'Perks member: you save!', percentTemplate: 'Save {percent}%: join!' });
    expect(en.percentText).toBe('Save 10.00%: join!');
    expect(en.memberText).toBe('Perks member: you save!');
  });
});
