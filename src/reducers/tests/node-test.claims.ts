/** What detection reads of `node-test`, loaded on every run; the body (./node-test.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksTimestamped, scoreHits } from './test-report.js';
import { looksJunit } from './junit.claims.js';

export const nodeTestClaims: ReducerClaims = {
  name: 'node-test',
  family: 'node',
  intent: 'verdict',
  claims: ['tap', 'tape'],
  lane: 'internal',
  detect(probe) {
    // `--test-reporter=junit` writes XML: the JUnit reader's, whatever the argv says.
    if (looksJunit(probe.head)) return 0;
    const text = `${probe.head}\n${probe.stderrHead}`;
    const words = probe.argv.map((w) => w.split(/[\\/]/).pop());
    const argv = (words[0] === 'node' || words[0] === 'bun' || words[0] === 'deno') && probe.argv.includes('--test') ? 0.95 : 0;
    if (!argv && (looksTimestamped(probe.head) || looksTimestamped(probe.stderrHead))) return 0;
    return scoreHits([
      argv,
      /^TAP version \d+$/m.test(text) ? 0.9 : 0,
      /^\s*(?:not )?ok \d+ - .+$/m.test(text) && /^\s*# Subtest: /m.test(text) ? 0.9 : 0,
      /^\s*not ok \d+ /m.test(text) ? 0.6 : 0,
      /^ℹ (?:tests|pass|fail) \d+$/m.test(text) ? 0.9 : 0,
      /^\s*[✔✖] .+ \([\d.]+m?s\)$/m.test(text) ? 0.7 : 0,
      /\bat (?:async )?TestContext\.<anonymous>|node:internal\/test_runner\//.test(text) ? 0.9 : 0,
    ]);
  },
};
