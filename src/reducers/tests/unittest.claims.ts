/** What detection reads of `unittest`, loaded on every run; the body (./unittest.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';

export const unittestClaims: ReducerClaims = {
  name: 'unittest',
  family: 'python',
  intent: 'verdict',
  claims: ['unittest', 'python manage.py test', 'python3 manage.py test'],
  lane: 'internal',
  detect(probe) {
    const text = `${probe.head}\n${probe.stderrHead}`;
    if (looksTimestamped(probe.head) || looksTimestamped(probe.stderrHead)) return 0;
    return scoreHits([
      /^Ran \d+ tests? in [\d.]+s$/m.test(text) ? 0.9 : 0,
      /^={50,}\n(?:FAIL|ERROR): \S+ \(/m.test(text) ? 0.9 : 0,
      /^FAILED \((?:failures|errors)=\d+/m.test(text) ? 0.85 : 0,
    ]);
  },
};
