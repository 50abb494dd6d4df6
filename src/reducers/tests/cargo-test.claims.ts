/** What detection reads of `cargo-test`, loaded on every run; the body (./cargo-test.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';

export const cargoTestClaims: ReducerClaims = {
  name: 'cargo-test',
  family: 'cargo',
  intent: 'verdict',
  claims: ['cargo test'],
  lane: 'internal',
  detect(probe) {
    const text = `${probe.head}\n${probe.stderrHead}`;
    if (looksTimestamped(probe.head) || looksTimestamped(probe.stderrHead)) return 0;
    return scoreHits([
      /^test result: (?:ok|FAILED)\. \d+ passed; \d+ failed;/m.test(text) ? 0.97 : 0,
      /^running \d+ tests?$/m.test(text) ? 0.7 : 0,
      /^test \S+ \.\.\. (?:ok|FAILED|ignored)$/m.test(text) ? 0.9 : 0,
      /^---- \S+ stdout ----$/m.test(text) ? 0.85 : 0,
    ]);
  },
};
