/** The generic reducers every family degrades to, and that config-defined families route to. */
import { binaryReducer } from './binary.js';
import { diffReducer } from './diff.js';
import { jsonReducer } from './json.js';
import { textReducer } from './text.js';

export const fallbacks = { text: textReducer, json: jsonReducer, diff: diffReducer, binary: binaryReducer } as const;
