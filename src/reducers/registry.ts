/**
 * Every reducer, in one list. Order decides nothing: explicit --family, then the longest argv
 * claim, then the best detect() score, then the generic fallbacks.
 */
import type { Reducer } from '../core/types.js';
import { binaryReducer } from './binary.js';
import { cargoBuildReducer } from './cargo-build.js';
import { ciLogReducer } from './ci-log.js';
import { diffReducer } from './diff.js';
import { eslintReducer } from './eslint.js';
import { gccReducer } from './gcc.js';
import { goBuildReducer } from './go-build.js';
import { jsonReducer } from './json.js';
import { textReducer } from './text.js';
import { tscReducer } from './tsc.js';

export const reducers: readonly Reducer[] = [binaryReducer, cargoBuildReducer, ciLogReducer, diffReducer, eslintReducer, gccReducer, goBuildReducer, jsonReducer, textReducer, tscReducer];

/** The generic reducers every family degrades to. */
export const fallbacks = { text: textReducer, json: jsonReducer, diff: diffReducer, binary: binaryReducer } as const;
