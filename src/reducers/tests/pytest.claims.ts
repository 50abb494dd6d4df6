/** What detection reads of `pytest`, loaded on every run; the body (./pytest.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';

export const pytestClaims: ReducerClaims = {
  name: 'pytest',
  family: 'pytest',
  intent: 'verdict',
  claims: ['pytest', 'py.test'],
  lane: 'internal',
  detect(probe) {
    if (looksTimestamped(probe.head)) return 0;
    const text = probe.head;
    return scoreHits([
      /^=+ test session starts =+$/m.test(text) ? 0.95 : 0,
      /^platform \S+ -- Python [\d.]+, pytest-/m.test(text) ? 0.95 : 0,
      /^[.FEsxX]{4,}\s+\[\s*\d+%\]$/m.test(text) ? 0.85 : 0,
      /^=+ (?:FAILURES|ERRORS|short test summary info) =+$/m.test(text) ? 0.9 : 0,
      /^(?:FAILED|ERROR) \S+\.py(?:::\S+)?/m.test(text) ? 0.7 : 0,
      /^collected \d+ items?/m.test(text) ? 0.6 : 0,
    ]);
  },
};
