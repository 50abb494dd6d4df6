/**
 * TypeScript compiler output (tsc, tsc --noEmit, vue-tsc, tsc -b): diagnostics grouped by file,
 * counted by code. Both layouts: `src/a.ts(12,5): error TS2322: …` and the pretty
 * `src/a.ts:12:5 - error TS2322: …` with its code frame and `Found 3 errors in 2 files.`
 * Docs: https://www.typescriptlang.org/docs/handbook/compiler-options.html
 */
import type { Reducer } from '../../core/types.js';
import { CompilerRun } from './compiler-run.js';
import { tscClaims } from './tsc.claims.js';

export const tscReducer: Reducer = {
  ...tscClaims,
  version: '1.1.1',
  start: (ctx) => new CompilerRun(ctx),
};
