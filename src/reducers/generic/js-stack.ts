/**
 * A JavaScript error on either stream, from `node script.js` or a service, with no test runner
 * around it: the thrown line with its caret, the `Error: message` line, the stack frames and what
 * the program printed before. Read like any text (error windows, first and last lines); the family
 * is the runtime that printed it. Sample: `TypeError: Cannot read properties of undefined` over
 * `    at report (/app/report.mjs:12:20)`.
 */
import type { Probe, Reducer } from '../../core/types.js';
import { LogDigest } from './log-digest.js';
import { logScore } from './shape-detect.js';

/** A V8 stack frame: `    at fn (file:line:col)`, `    at file:line:col`, `    at node:internal/…`. */
const FRAME = /^\s+at (?:.+ \()?(?:file:\/\/|node:|\/|[A-Za-z]:\\|\[eval\]|<anonymous>|\w[\w./-]*:\d)\S*?(?::\d+:\d+)?\)?$/gm;
/** The thrown error's line: `TypeError: …`, `Error [ERR_X]: …`, `AssertionError [ERR_ASSERTION]: …`. */
const THROWN = /^(?:Uncaught )?(?:[A-Z]\w*)?(?:Error|Exception)(?: \[[A-Z_]+\])?: \S/m;
/** What only node prints around a crash: the source line marker and the version trailer. */
const NODE_MARK = /^(?:node:[\w/]+:\d+$|\[eval\]:\d+$|Node\.js v\d+\.\d+)/m;

function stackScore(text: string): number {
  const frames = text.match(FRAME)?.length ?? 0;
  if (frames < 2 && !(frames >= 1 && NODE_MARK.test(text))) return 0;
  if (!THROWN.test(text)) return 0;
  return NODE_MARK.test(text) ? 0.7 : 0.6;
}

export const jsStackReducer: Reducer = {
  name: 'js-stack',
  family: 'node',
  version: '1.0.0',
  detect(probe: Probe) {
    // A log that logs a stack now and then is a log: the log reducer keeps it.
    const stderr = logScore(probe.stderrHead) > 0 ? 0 : stackScore(probe.stderrHead);
    const stdout = logScore(probe.head) > 0 ? 0 : stackScore(probe.head) - 0.05;
    return Math.max(0, stderr, stdout);
  },
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    return {
      line: (stream, n, text, marks) => digest.line(stream, n, text, marks),
      finish: (exit) => digest.finish(exit),
    };
  },
};
