/** What detection reads of `go-build`, loaded on every run; the body (./go-build.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { scanProbe } from './diagnostics.js';

export const goBuildClaims: ReducerClaims = {
  name: 'go-build',
  family: 'go',
  intent: 'verdict',
  claims: ['go build', 'go vet', 'go install', 'golangci-lint', 'staticcheck'],
  lane: 'internal',
  detect(probe) {
    const scan = scanProbe(probe.head, probe.stderrHead);
    if (scan.go === 0 || scan.testRunner > 0) return 0;
    return /^# \S+/m.test(`${probe.head}\n${probe.stderrHead}`) ? 0.9 : 0.75;
  },
};
