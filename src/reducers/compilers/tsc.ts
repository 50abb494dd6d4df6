/**
 * TypeScript compiler output (tsc, tsc --noEmit, vue-tsc, tsc -b): diagnostics grouped by file,
 * counted by code. Both layouts: `src/a.ts(12,5): error TS2322: …` and the pretty
 * `src/a.ts:12:5 - error TS2322: …` with its code frame and `Found 3 errors in 2 files.`
 * Docs: https://www.typescriptlang.org/docs/handbook/compiler-options.html
 */
import type { Reducer } from '../../core/types.js';
import { CompilerRun } from './compiler-run.js';
import { scanProbe } from './diagnostics.js';

export const tscReducer: Reducer = {
  name: 'tsc',
  family: 'tsc',
  intent: 'verdict',
  version: '1.0.0',
  claims: ['tsc', 'vue-tsc', 'tsgo', 'tsc-files'],
  lane: 'internal',
  detect(probe) {
    const scan = scanProbe(probe.head, probe.stderrHead);
    if (scan.tsc > 0) return scan.tsc >= 2 ? 0.95 : 0.85;
    if (/^Found \d+ errors? in /m.test(probe.head) && !scan.timestamped) return 0.6;
    return 0;
  },
  start: (ctx) => new CompilerRun(ctx),
};
