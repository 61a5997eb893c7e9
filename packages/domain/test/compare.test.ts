import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildComparisonTable,
  COMPARE_MAX_ITEMS,
  comparisonCellText,
  hideIdenticalRows,
  MISSING_CELL,
  parseCompareItems,
  type CompareProductInput,
} from '../src/index.ts';

const f = (classCode: string, featureCode: string, value: string) => ({
  classCode,
  className: `${classCode} name`,
  featureCode,
  featureName: `${featureCode} name`,
  value,
});

describe('parseCompareItems (issue 13, ADR 0031)', () => {
  it('trims, drops empty entries and collapses duplicates, in first-seen order', () => {
    expect(parseCompareItems(' BH-SOLO, BH-MINI,,BH-SOLO ,BH-SLIM')).toEqual({ ok: true, codes: ['BH-SOLO', 'BH-MINI', 'BH-SLIM'] });
  });
  it('refuses more than 4 distinct codes and fewer than 2', () => {
    expect(parseCompareItems('A,B,C,D,E')).toMatchObject({ ok: false, reason: 'tooManyItems' });
    expect(parseCompareItems('A,B,C,D,D,D')).toEqual({ ok: true, codes: ['A', 'B', 'C', 'D'] });
    expect(parseCompareItems('A,A')).toMatchObject({ ok: false, reason: 'tooFewItems', codes: ['A'] });
    expect(parseCompareItems('')).toMatchObject({ ok: false, reason: 'tooFewItems', codes: [] });
    expect(parseCompareItems('A', 1)).toEqual({ ok: true, codes: ['A'] });
  });
});

describe('buildComparisonTable (issue 13, ADR 0031)', () => {
  const solo: CompareProductInput = { code: 'SOLO', priceMinor: 8999, features: [f('BREWING', 'CUP', '6, 8 oz'), f('BREWING', 'ICED', 'No'), f('DESIGN', 'WIDTH', '5 in')] };
  const mini: CompareProductInput = { code: 'MINI', priceMinor: 5599, features: [f('BREWING', 'CUP', '6, 8 oz'), f('BREWING', 'ICED', 'Yes')] };

  it('groups rows by class, one cell per product, missing cells null, differs per row', () => {
    const t = buildComparisonTable([solo, mini]);
    expect(t.productCodes).toEqual(['SOLO', 'MINI']);
    expect(t.groups.map((g) => g.code)).toEqual(['BREWING', 'DESIGN']);
    expect(t.groups[0]!.rows).toEqual([
      { code: 'CUP', name: 'CUP name', values: ['6, 8 oz', '6, 8 oz'], differs: false },
      { code: 'ICED', name: 'ICED name', values: ['No', 'Yes'], differs: true },
    ]);
    expect(t.groups[1]!.rows).toEqual([{ code: 'WIDTH', name: 'WIDTH name', values: ['5 in', null], differs: true }]);
    expect(t.price).toEqual({ valuesMinor: [8999, 5599], differs: true });
    expect(t.identicalRowCount).toBe(1);
    expect(comparisonCellText(null)).toBe(MISSING_CELL);
    expect(comparisonCellText('Yes')).toBe('Yes');
  });

  it('joins several values of one feature and keeps the price row identical when prices match', () => {
    const a = { code: 'A', priceMinor: 100, features: [f('C', 'X', 'red'), f('C', 'X', 'blue')] };
    const b = { code: 'B', priceMinor: 100, features: [f('C', 'X', 'red, blue')] };
    const t = buildComparisonTable([a, b]);
    expect(t.groups[0]!.rows[0]).toMatchObject({ values: ['red, blue', 'red, blue'], differs: false });
    expect(t.price.differs).toBe(false);
  });

  it('hide identical rows keeps differing rows and drops empty classes', () => {
    const t = buildComparisonTable([solo, { ...solo, code: 'SOLO2' }]);
    expect(t.identicalRowCount).toBe(3);
    expect(hideIdenticalRows(t.groups)).toEqual([]);
    const u = buildComparisonTable([solo, mini]);
    expect(hideIdenticalRows(u.groups).flatMap((g) => g.rows.map((r) => r.code))).toEqual(['ICED', 'WIDTH']);
  });

  it('property: every row has one cell per product, differs iff cells are not all equal, counts add up', () => {
    const feature = fc.record({
      classCode: fc.constantFrom('A', 'B', 'C'),
      className: fc.constant('class'),
      featureCode: fc.constantFrom('X', 'Y', 'Z'),
      featureName: fc.constant('feature'),
      value: fc.constantFrom('1', '2', 'yes', 'no'),
    });
    const product = fc.record({ code: fc.string({ minLength: 1, maxLength: 4 }), priceMinor: fc.option(fc.nat(100_000), { nil: null }), features: fc.array(feature, { maxLength: 8 }) });
    fc.assert(
      fc.property(fc.array(product, { minLength: 2, maxLength: COMPARE_MAX_ITEMS }), (products) => {
        const t = buildComparisonTable(products);
        const rows = t.groups.flatMap((g) => g.rows);
        for (const r of rows) {
          expect(r.values).toHaveLength(products.length);
          expect(r.differs).toBe(new Set(r.values).size > 1);
          // every row has at least one product with a value
          expect(r.values.some((v) => v !== null)).toBe(true);
        }
        expect(t.identicalRowCount).toBe(rows.filter((r) => !r.differs).length);
        expect(hideIdenticalRows(t.groups).flatMap((g) => g.rows)).toHaveLength(rows.length - t.identicalRowCount);
      }),
    );
  });
});
