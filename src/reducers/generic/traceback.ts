/**
 * A Python traceback on either stream, from a script or a service, with no test runner around it:
 * the exception line that ends it (`ValueError: …`), the frames above it, chained causes, and what
 * the program printed before. Docs: https://docs.python.org/3/library/traceback.html
 */
import type { Reducer } from '../../core/types.js';
import { ProblemLog } from './log-problems.js';
import { logScore } from './shape-detect.js';
import { structuredRun } from './structured-run.js';

const TRACEBACK = /^Traceback \(most recent call last\):$/m;
/** A traceback-less Python error (a `SyntaxError` before the script ran): its `File "x", line n` and the error line. */
const PY_LOCATED = /^ {2}File "[^"]+", line \d+\s*$[\s\S]*^\w*(?:Error|Exception|Warning): /m;

/** A traceback leading a stream that is not a log is the program's crash: it beats generic shapes. */
function tracebackScore(text: string): number {
  if (!TRACEBACK.test(text) && !PY_LOCATED.test(text)) return 0;
  return logScore(text) > 0 ? 0.55 : 0.7;
}

export const tracebackReducer: Reducer = {
  name: 'traceback',
  family: 'python',
  version: '1.1.0',
  detect: (probe) => Math.max(tracebackScore(probe.stderrHead), tracebackScore(probe.head) > 0 ? 0.58 : 0),
  start: (ctx) => structuredRun(ctx, [new ProblemLog()], undefined, 'index'),
};
