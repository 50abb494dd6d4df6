import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandWords } from '../../src/core/argv.js';
import { byName, detectReducer, type Detection } from '../../src/core/detect.js';
import type { Probe, ReducerClaims } from '../../src/core/types.js';

/** The rule as the architecture states it, scoring every reducer before looking at the claim. */
function reference(probe: Probe, reducers: readonly ReducerClaims[]): Detection {
  const words = commandWords(probe.argv);
  let claimed: { reducer: ReducerClaims; length: number } | null = null;
  for (const reducer of reducers) {
    for (const claim of reducer.claims ?? []) {
      const parts = claim.split(' ');
      if (parts.length > (claimed?.length ?? 0) && parts.every((part, i) => words[i] === part)) claimed = { reducer, length: parts.length };
    }
  }
  const scored = reducers.map((reducer) => ({ reducer, score: reducer.detect(probe) })).sort((a, b) => b.score - a.score || byName(a.reducer.name, b.reducer.name));
  const best = scored[0];
  if (claimed) {
    const own = claimed.reducer.detect(probe);
    if (!(best && best.reducer !== claimed.reducer && best.score >= 0.9 && own < 0.3)) return { reducer: claimed.reducer, source: 'claim', score: Math.max(own, 0.9) };
  }
  if (best && best.score >= 0.5) return { reducer: best.reducer, source: 'content', score: best.score };
  const generic = scored.find((s) => s.score > 0 && ['json', 'diff', 'text', 'binary'].includes(s.reducer.name));
  return { reducer: generic?.reducer ?? reducers.find((r) => r.name === 'text')!, source: 'fallback', score: generic?.score ?? 0.1 };
}

describe('detectReducer', () => {
  it('decides as scoring every reducer would, though it scores only the claimed one when that one is not unsure', () => {
    const score = fc.constantFrom(0, 0.1, 0.29, 0.3, 0.5, 0.85, 0.9, 0.95);
    const word = fc.constantFrom('git', 'status', 'log', 'kubectl', 'get');
    const reducer = fc.record({ name: fc.constantFrom('text', 'json', 'a', 'b', 'c', 'd'), claims: fc.array(fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')), { maxLength: 2 }), score });
    fc.assert(
      fc.property(fc.array(reducer, { minLength: 1, maxLength: 6 }), fc.array(word, { maxLength: 3 }), (rows, argv) => {
        const reducers: ReducerClaims[] = [...rows, { name: 'text', claims: [], score: 0 }].map((r) => ({ name: r.name, family: r.name, claims: r.claims, detect: () => r.score }));
        const probe: Probe = { argv, head: '', stderrHead: '' };
        expect(detectReducer(probe, reducers)).toEqual(reference(probe, reducers));
      }),
      { numRuns: 3000 },
    );
  });
});
