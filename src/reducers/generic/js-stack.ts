/**
 * A JavaScript error on either stream, from `node script.js` or a service, with no test runner
 * around it: the thrown line with its caret, the `Error: message` line, the stack frames and what
 * the program printed before. Read like any text (error windows, first and last lines); the family
 * is the runtime that printed it. Sample: `TypeError: Cannot read properties of undefined` over
 * `    at report (/app/report.mjs:12:20)`.
 */
import type { Reducer } from '../../core/types.js';
import { LogDigest } from './log-digest.js';
import { jsStackClaims } from './js-stack.claims.js';

export const jsStackReducer: Reducer = {
  ...jsStackClaims,
  version: '1.0.0',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    return {
      line: (stream, n, text, marks) => digest.line(stream, n, text, marks),
      finish: (exit) => digest.finish(exit),
    };
  },
};
