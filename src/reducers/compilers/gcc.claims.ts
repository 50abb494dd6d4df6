/** What detection reads of `gcc`, loaded on every run; the body (./gcc.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { scanProbe } from './diagnostics.js';

export const gccClaims: ReducerClaims = {
  name: 'gcc',
  family: 'gcc',
  intent: 'verdict',
  claims: ['gcc', 'g++', 'cc', 'c++', 'clang', 'clang++', 'cmake --build', 'ninja', 'clang-tidy'],
  lane: 'internal',
  detect(probe) {
    const scan = scanProbe(probe.head, probe.stderrHead);
    if (scan.cFamily > 0) return scan.cFamily >= 2 ? 0.9 : 0.8;
    // The same layout from other compilers (javac, mypy, clang-tidy on odd names): a weak guess.
    if (scan.gcc > 0) return 0.5;
    // make alone says little about what it ran: a weak guess that other families' detectors outrank.
    if (scan.make > 0 && scan.testRunner === 0) return 0.25;
    return 0;
  },
};
