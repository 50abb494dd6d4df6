/** What detection reads of `tsc`, loaded on every run; the body (./tsc.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { scanProbe } from './diagnostics.js';

export const tscClaims: ReducerClaims = {
  name: 'tsc',
  family: 'tsc',
  intent: 'verdict',
  claims: ['tsc', 'vue-tsc', 'tsgo', 'tsc-files'],
  lane: 'internal',
  detect(probe) {
    const scan = scanProbe(probe.head, probe.stderrHead);
    if (scan.tsc > 0) return scan.tsc >= 2 ? 0.95 : 0.85;
    if (/^Found \d+ errors? in /m.test(probe.head) && !scan.timestamped) return 0.6;
    return 0;
  },
};
