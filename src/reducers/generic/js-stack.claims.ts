/** What detection reads of `js-stack`, loaded on every run; the body (./js-stack.ts) loads only when it is chosen. */
import type { Probe, ReducerClaims } from '../../core/types.js';
import { logScore } from './shape-detect.js';

/** A V8 stack frame: `    at fn (file:line:col)`, `    at file:line:col`, `    at node:internal/…`. */
export const FRAME = /^\s+at (?:.+ \()?(?:file:\/\/|node:|\/|[A-Za-z]:\\|\[eval\]|<anonymous>|\w[\w./-]*:\d)\S*?(?::\d+:\d+)?\)?$/gm;

/** The thrown error's line: `TypeError: …`, `Error [ERR_X]: …`, `AssertionError [ERR_ASSERTION]: …`. */
export const THROWN = /^(?:Uncaught )?(?:[A-Z]\w*)?(?:Error|Exception)(?: \[[A-Z_]+\])?: \S/m;

/** What only node prints around a crash: the source line marker and the version trailer. */
export const NODE_MARK = /^(?:node:[\w/]+:\d+$|\[eval\]:\d+$|Node\.js v\d+\.\d+)/m;

export function stackScore(text: string): number {
  const frames = text.match(FRAME)?.length ?? 0;
  if (frames < 2 && !(frames >= 1 && NODE_MARK.test(text))) return 0;
  if (!THROWN.test(text)) return 0;
  return NODE_MARK.test(text) ? 0.7 : 0.6;
}

export const jsStackClaims: ReducerClaims = {
  name: 'js-stack',
  family: 'node',
  detect(probe: Probe) {
    // A log that logs a stack now and then is a log: the log reducer keeps it.
    const stderr = logScore(probe.stderrHead) > 0 ? 0 : stackScore(probe.stderrHead);
    const stdout = logScore(probe.head) > 0 ? 0 : stackScore(probe.head) - 0.05;
    return Math.max(0, stderr, stdout);
  },
};
