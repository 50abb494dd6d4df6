/** What detection reads of `go-test`, loaded on every run; the body (./go-test.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';

export const goTestClaims: ReducerClaims = {
  name: 'go-test',
  family: 'go',
  intent: 'verdict',
  claims: ['go test', 'gotestsum'],
  lane: 'internal',
  detect(probe) {
    if (looksTimestamped(probe.head)) return 0;
    const text = probe.head;
    return scoreHits([
      /^\{"Time":"[^"]*","Action":"(?:start|run|output|pass|fail|skip|pause|cont)","Package":"/m.test(text) || /^\{"Action":"\w+","Package":"/m.test(text) ? 0.97 : 0,
      /^\{"ImportPath":"[^"]*","Action":"build-(?:output|fail)"/m.test(text) ? 0.95 : 0,
      /^=== RUN {3}Test/m.test(text) ? 0.9 : 0,
      /^\s*--- (?:FAIL|PASS|SKIP): Test\S* \([\d.]+s\)/m.test(text) ? 0.9 : 0,
      /^(?:ok {2}|FAIL)\t\S+\t(?:[\d.]+s|\(cached\))/m.test(text) ? 0.85 : 0,
      /^\?\s+\t?\S+\t\[no test files\]/m.test(text) ? 0.8 : 0,
      /^DONE \d+ tests?(?:, \d+ (?:skipped|failures?|errors?))* in [\d.]+s$/m.test(text) ? 0.9 : 0,
      /^=== FAIL: \S+ \S+ \([\d.]+s\)$/m.test(text) ? 0.85 : 0,
      /^FAIL\t\S+ \[(?:build failed|setup failed)\]$/m.test(text) ? 0.85 : 0,
    ]);
  },
};
