/** What detection reads of `mocha`, loaded on every run; the body (./mocha.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';

export const mochaClaims: ReducerClaims = {
  name: 'mocha',
  family: 'node',
  intent: 'verdict',
  claims: ['mocha'],
  lane: 'internal',
  detect(probe) {
    const text = `${probe.head}\n${probe.stderrHead}`;
    if (looksTimestamped(probe.head) || looksTimestamped(probe.stderrHead)) return 0;
    return scoreHits([/^\s+\d+ passing \(\d+(?:ms|s|m)\)$/m.test(text) ? 0.9 : 0, /^\s+\d+ failing$/m.test(text) ? 0.8 : 0, /^ {2}1\) .+\n\s+.+:$/m.test(text) ? 0.5 : 0]);
  },
};
