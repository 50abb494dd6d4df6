import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeLineIndex, freeRuns, spread, spreadPositions } from '../../src/core/packer.js';

describe('spread: the rows an answer shows when not all fit', () => {
  it('puts the middle run around a given centre (the middle line of the output, not of the rows left free)', () => {
    expect(spreadPositions(100, 20, undefined, undefined, 30).middle).toEqual([28, 32]);
    // Clamped between the head and the tail.
    expect(spreadPositions(100, 20, undefined, undefined, 0).middle).toEqual([8, 12]);
    const free = freeLineIndex(1, 100, [[1, 40]]);
    expect(free.before(50)).toBe(9);
  });

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

  it('spreadPositions gives the positions spread takes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 400 }), (n, k) => {
        const rows = Array.from({ length: n }, (_, i) => i);
        const at = spreadPositions(n, k);
        const { head, middle, tail } = spread(rows, k);
        expect([rows.slice(...at.head), rows.slice(...at.middle), rows.slice(...at.tail)]).toEqual([head, middle, tail]);
      }),
    );
  });
});

describe('freeLineIndex: the lines no shown range covers, by position', () => {
  it('lists the same lines as walking every line, for any slice', () => {
    const range = fc.tuple(fc.integer({ min: -5, max: 120 }), fc.integer({ min: 0, max: 30 })).map(([a, w]): [number, number] => [a, a + w]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 80 }), fc.array(range, { maxLength: 6 }), fc.nat(), fc.nat(), (from, width, shown, x, y) => {
        const to = from + width;
        const naive: number[] = [];
        for (let n = from; n <= to; n++) if (!shown.some(([a, b]) => n >= a && n <= b)) naive.push(n);
        const free = freeLineIndex(from, to, shown);
        expect(free.length).toBe(naive.length);
        const start = naive.length ? x % (naive.length + 1) : 0;
        const end = start + (naive.length ? y % (naive.length - start + 1) : 0);
        expect(free.lines(start, end)).toEqual(naive.slice(start, end));
      }),
    );
  });
});

describe('freeRuns: the uncovered runs of a range', () => {
  it('are the maximal runs of free lines a line-by-line walk finds', () => {
    const range = fc.tuple(fc.integer({ min: -5, max: 120 }), fc.integer({ min: 0, max: 30 })).map(([a, w]): [number, number] => [a, a + w]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 80 }), fc.array(range, { maxLength: 6 }), (from, width, shown) => {
        const to = from + width;
        const walked: Array<[number, number]> = [];
        let start: number | null = null;
        for (let n = from; n <= to + 1; n++) {
          const free = n <= to && !shown.some(([a, b]) => n >= a && n <= b);
          if (free && start === null) start = n;
          if (!free && start !== null) {
            walked.push([start, n - 1]);
            start = null;
          }
        }
        expect(freeRuns(from, to, shown)).toEqual(walked);
      }),
    );
  });
});
