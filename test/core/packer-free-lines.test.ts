import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeLines } from '../../src/core/packer.js';

/** The definition: every line of from..to that no shown range covers, in order. */
function allFree(from: number, to: number, shown: Array<[number, number]>): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n++) if (!shown.some(([a, b]) => n >= a && n <= b)) out.push(n);
  return out;
}

describe('free lines of an edges citation', () => {
  it('counts every free line and lists the first and last ones as the full list would', () => {
    const range = fc.tuple(fc.integer({ min: -5, max: 120 }), fc.integer({ min: 0, max: 40 })).map(([a, len]): [number, number] => [a, a + len]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 120 }), fc.array(range, { maxLength: 6 }), fc.integer({ min: 1, max: 50 }), (from, span, shown, most) => {
        const to = from + span;
        const want = allFree(from, to, shown);
        const free = freeLines(from, to, shown, most);
        expect(free.length).toBe(want.length);
        for (let a = 0; a <= Math.min(most, want.length); a++) {
          expect(free.head(a)).toEqual(want.slice(0, a));
          expect(free.tail(a)).toEqual(want.slice(want.length - a));
        }
        if (want.length <= most) expect(free.all()).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });
});
