import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECENT, RecentNotes } from '../../../src/reducers/generic/log-digest.js';

describe('RecentNotes', () => {
  it('lists the last RECENT notes oldest first, as an array pushed and shifted at every line did', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 * RECENT }), (count) => {
        const ring = new RecentNotes();
        const shifted: Array<{ n: number; stat: null; plain: boolean }> = [];
        for (let n = 1; n <= count; n++) {
          const note = { n, stat: null, plain: n % 3 === 0 };
          ring.push(note);
          shifted.push(note);
          if (shifted.length > RECENT) shifted.shift();
          expect(ring.list()).toEqual(shifted);
        }
      }),
      { numRuns: 200 },
    );
  });
});
