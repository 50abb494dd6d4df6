/** What detection reads of `vitest`, loaded on every run; the body (./vitest.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';

export const vitestClaims: ReducerClaims = {
  name: 'vitest',
  family: 'vitest',
  intent: 'verdict',
  claims: ['vitest'],
  lane: 'internal',
  detect(probe) {
    const text = `${probe.head}\n${probe.stderrHead}`;
    if (looksTimestamped(probe.head) || looksTimestamped(probe.stderrHead)) return 0;
    return scoreHits([
      /^\s*Test Files\s+\d+ (?:failed|passed)/m.test(text) ? 0.95 : 0,
      /⎯+ Failed Tests \d+ ⎯+/.test(text) ? 0.95 : 0,
      /^ RUN {1,2}v\d+\.\d+\.\d+/m.test(text) ? 0.9 : 0,
      // `--reporter=json`: jest's shape, but vitest writes numTotalTestSuites first.
      /^\s*\{\s*"numTotalTestSuites":\s*\d+/.test(probe.head) ? 0.95 : 0,
      /^ [✓❯×] \S+\.(?:test|spec)\.[cm]?[jt]sx? \(\d+ tests?/m.test(text) ? 0.85 : 0,
    ]);
  },
};
