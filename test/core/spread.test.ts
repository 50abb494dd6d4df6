import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spread } from '../../src/core/packer.js';

describe('spread: the rows an answer shows when not all fit', () => {
  it('takes the first rows, a run around the middle and the last rows', () => {
    const rows = Array.from({ length: 100 }, (_, i) => i + 1);
    const { head, middle, tail } = spread(rows, 20);
    expect(head).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(middle).toEqual([49, 50, 51, 52]);
    expect(tail).toEqual([93, 94, 95, 96, 97, 98, 99, 100]);
  });

  it('keeps only the ends when few rows fit, and everything when all fit', () => {
    expect(spread([1, 2, 3, 4, 5, 6], 4)).toEqual({ head: [1, 2], middle: [], tail: [5, 6] });
    expect(spread([1, 2, 3], 5)).toEqual({ head: [1, 2, 3], middle: [], tail: [] });
  });

  it('returns k distinct rows in order, never more than asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 500 }), (n, k) => {
        const rows = Array.from({ length: n }, (_, i) => i);
        const { head, middle, tail } = spread(rows, k);
        const all = [...head, ...middle, ...tail];
        expect(all.length).toBe(Math.min(n, k));
        for (let i = 1; i < all.length; i++) expect(all[i]!).toBeGreaterThan(all[i - 1]!);
      }),
    );
  });
});
