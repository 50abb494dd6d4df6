/**
 * The fallback for any text: logs, build output, anything without a family of its own.
 * Keeps error windows (with stack frames), the first and last lines, and folds repeated lines
 * into templates with counts.
 */
import type { Reducer } from '../../core/types.js';
import { LogDigest } from './log-digest.js';

export const textReducer: Reducer = {
  name: 'text',
  family: 'text',
  version: '1.3.0',
  detect: () => 0.1,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    return {
      line: (stream, n, text, marks) => digest.line(stream, n, text, marks),
      finish: (exit) => digest.finish(exit),
    };
  },
};
