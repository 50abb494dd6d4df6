/** What detection reads of `eslint`, loaded on every run; the body (./eslint.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { scanProbe } from './diagnostics.js';

export const eslintClaims: ReducerClaims = {
  name: 'eslint',
  family: 'eslint',
  intent: 'verdict',
  claims: ['eslint', 'next lint'],
  lane: 'internal',
  detect(probe) {
    if (/^\s*(?:\{\s*"results"\s*:\s*)?\[\s*\{\s*"filePath"\s*:/.test(probe.head)) return 0.95;
    const scan = scanProbe(probe.head, probe.stderrHead);
    if (scan.eslint > 0) return scan.eslint >= 2 || scan.summaries > 0 ? 0.9 : 0.75;
    return 0;
  },
};
