/** Monthly boxes (issue 10 "Subscriptions beyond AD"; spec §9 box counts 20, 22, 24). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyBoxCountsFor, nextCuratedBox, parseMonthlyBoxRotation } from '../src/index.ts';
import { caught } from './support.ts';

describe('monthlyBoxCountsFor', () => {
  it('lists 20, 22 and 24 when no count is asked for', () => {
    expect(monthlyBoxCountsFor(undefined)).toEqual([20, 22, 24]);
    expect(monthlyBoxCountsFor(null)).toEqual([20, 22, 24]);
  });
  it('keeps one asked-for count', () => {
    expect(monthlyBoxCountsFor(22)).toEqual([22]);
  });
  it.each([0, 21, 23, 48, -20, 20.5])('refuses %s naming boxCount', (n) => {
    const e = caught(() => monthlyBoxCountsFor(n));
    expect(e.subject).toBe('boxCount');
    expect(e.kind).toBe('InvalidInput');
  });
});

describe('parseMonthlyBoxRotation', () => {
  it('reads commas and spaces, drops blanks and repeats, keeps the order', () => {
    expect(parseMonthlyBoxRotation(' A-24, B-22 ,,A-24\nC-20 ')).toEqual(['A-24', 'B-22', 'C-20']);
  });
  it('gives nothing for a blank value', () => {
    expect(parseMonthlyBoxRotation('')).toEqual([]);
    expect(parseMonthlyBoxRotation(undefined)).toEqual([]);
    expect(parseMonthlyBoxRotation(' , ')).toEqual([]);
  });
});

describe('nextCuratedBox', () => {
  it('moves to the next box and wraps round', () => {
    expect(nextCuratedBox(['A', 'B', 'C'], 'A')).toBe('B');
    expect(nextCuratedBox(['A', 'B', 'C'], 'C')).toBe('A');
  });
  it('starts the rotation when the current box is not in it', () => {
    expect(nextCuratedBox(['A', 'B'], 'Z')).toBe('A');
  });
  it('keeps the current box when there is nothing to rotate to', () => {
    expect(nextCuratedBox([], 'Z')).toBe('Z');
  });
  it('visits every box of the rotation once per lap (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 }), fc.nat(), (rotation, startAt) => {
        let box = rotation[startAt % rotation.length]!;
        const seen = new Set<string>();
        for (let i = 0; i < rotation.length; i++) {
          box = nextCuratedBox(rotation, box);
          seen.add(box);
        }
        expect(seen.size).toBe(rotation.length);
        expect(box).toBe(rotation[startAt % rotation.length]);
      }),
      { numRuns: 2000 },
    );
  });
});
