/** What detection reads of `jest`, loaded on every run; the body (./jest.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';

export const jestClaims: ReducerClaims = {
  name: 'jest',
  family: 'jest',
  intent: 'verdict',
  claims: ['jest'],
  lane: 'internal',
  detect(probe) {
    const text = `${probe.head}\n${probe.stderrHead}`;
    if (looksTimestamped(probe.head) || looksTimestamped(probe.stderrHead)) return 0;
    return scoreHits([
      /^Test Suites:\s+\d+ (?:failed|passed)/m.test(text) ? 0.95 : 0,
      /^Tests:\s+\d+ (?:failed|passed|skipped|todo)/m.test(text) ? 0.85 : 0,
      /^(?:PASS|FAIL) \S+\.(?:test|spec)\.[cm]?[jt]sx?\b/m.test(text) ? 0.8 : 0,
      /^ {2}● .+ › .+$/m.test(text) ? 0.8 : 0,
      /^(?:PASS|FAIL) \S+/m.test(text) && /^ {2}● /m.test(text) ? 0.92 : 0,
      /^\s+expect\(received\)\.\w+\(/m.test(text) ? 0.85 : 0,
      // `jest --json` starts with numFailedTestSuites (vitest's JSON report with numTotalTestSuites).
      /^\s*\{\s*"numFailedTestSuites":\s*\d+/.test(probe.head) ? 0.95 : 0,
      /^ {2}● Test suite failed to run$/m.test(text) ? 0.9 : 0,
    ]);
  },
};
