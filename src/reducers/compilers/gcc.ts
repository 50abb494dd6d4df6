/**
 * C and C++ compilers and the make runs that drive them (gcc, g++, clang, cc, make):
 * `main.c:12:5: error: 'x' undeclared (first use in this function)` with its `In function`
 * context, code frame, carets and notes; linker errors; `make: *** [Makefile:4: main.o] Error 1`.
 * Docs: https://gcc.gnu.org/onlinedocs/gcc/Diagnostic-Message-Formatting-Options.html
 */
import type { Reducer } from '../../core/types.js';
import { CompilerRun } from './compiler-run.js';
import { scanProbe } from './diagnostics.js';

export const gccReducer: Reducer = {
  name: 'gcc',
  family: 'gcc',
  intent: 'verdict',
  version: '1.0.0',
  claims: ['gcc', 'g++', 'cc', 'c++', 'clang', 'clang++', 'make', 'gmake', 'cmake --build', 'ninja', 'clang-tidy'],
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
  start: (ctx) => new CompilerRun(ctx),
};
