/**
 * Every reducer, in one list. Order decides nothing: explicit --family, then the longest argv
 * claim, then the best detect() score, then the generic fallbacks.
 */
import type { Reducer } from '../core/types.js';
import { binaryReducer } from './binary.js';
import { cargoTestReducer } from './cargo-test.js';
import { diffReducer } from './diff.js';
import { goTestReducer } from './go-test.js';
import { jestReducer } from './jest.js';
import { jsonReducer } from './json.js';
import { mochaReducer } from './mocha.js';
import { nodeTestReducer } from './node-test.js';
import { pytestReducer } from './pytest.js';
import { textReducer } from './text.js';
import { unittestReducer } from './unittest.js';
import { vitestReducer } from './vitest.js';

export const reducers: readonly Reducer[] = [binaryReducer, cargoTestReducer, diffReducer, goTestReducer, jestReducer, jsonReducer, mochaReducer, nodeTestReducer, pytestReducer, textReducer, unittestReducer, vitestReducer];

/** The generic reducers every family degrades to. */
export const fallbacks = { text: textReducer, json: jsonReducer, diff: diffReducer, binary: binaryReducer } as const;
