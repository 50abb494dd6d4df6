/** What detection reads of `log`, loaded on every run; the body (./log.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { logScore } from './shape-detect.js';

export const logClaims: ReducerClaims = {
  name: 'log',
  family: 'log',
  lane: 'external-runtime',
  detect: (probe) => Math.max(logScore(probe.head), logScore(probe.stderrHead)),
};
