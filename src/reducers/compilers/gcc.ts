/**
 * C and C++ compilers and the make runs that drive them (gcc, g++, clang, cc, make):
 * `main.c:12:5: error: 'x' undeclared (first use in this function)` with its `In function`
 * context, code frame, carets and notes; linker errors; `make: *** [Makefile:4: main.o] Error 1`.
 * Docs: https://gcc.gnu.org/onlinedocs/gcc/Diagnostic-Message-Formatting-Options.html
 */
import type { Reducer } from '../../core/types.js';
import { CompilerRun } from './compiler-run.js';
import { gccClaims } from './gcc.claims.js';

export const gccReducer: Reducer = {
  ...gccClaims,
  version: '1.1.2',
  start: (ctx) => new CompilerRun(ctx),
};
