/** What detection reads of `playwright`, loaded on every run; the body (./playwright.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';

/** A list or line reporter's result line: `  ✓   1 tests/a.spec.ts:4:32 › Suite › title (19ms)`, `  x   7 [chromium] › …`. */
export const PLAYWRIGHT_RESULT = /^ {2}(?:✓|✘|ok|x|-|°) +\d+ (?:\[[^\]]+\] › )?\S+:\d+:\d+ › /;

export const playwrightClaims: ReducerClaims = {
  name: 'playwright',
  family: 'node',
  intent: 'verdict',
  claims: ['playwright test'],
  lane: 'internal',
  detect(probe) {
    const text = `${probe.head}\n${probe.stderrHead}`;
    if (looksTimestamped(probe.head)) return 0;
    return scoreHits([/^Running \d+ tests? using \d+ workers?/m.test(text) ? 0.6 : 0, text.split('\n').some((l) => PLAYWRIGHT_RESULT.test(l)) ? 0.85 : 0]);
  },
};
