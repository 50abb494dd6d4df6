/** What detection reads of `traceback`, loaded on every run; the body (./traceback.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { logScore } from './shape-detect.js';

export const TRACEBACK = /^Traceback \(most recent call last\):$/m;

/** A traceback-less Python error (a `SyntaxError` before the script ran): its `File "x", line n` and the error line. */
export const PY_LOCATED = /^ {2}File "[^"]+", line \d+\s*$[\s\S]*^\w*(?:Error|Exception|Warning): /m;

/** A traceback leading a stream that is not a log is the program's crash: it beats generic shapes. */
export function tracebackScore(text: string): number {
  if (!TRACEBACK.test(text) && !PY_LOCATED.test(text)) return 0;
  return logScore(text) > 0 ? 0.55 : 0.7;
}

export const tracebackClaims: ReducerClaims = {
  name: 'traceback',
  family: 'python',
  detect: (probe) => Math.max(tracebackScore(probe.stderrHead), tracebackScore(probe.head) > 0 ? 0.58 : 0),
};
