/** What detection reads of `records`, loaded on every run; the body (./records.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { recordScore } from './shape-detect.js';

export const recordsClaims: ReducerClaims = {
  name: 'records',
  family: 'text',
  detect: (probe) => recordScore(probe.head),
};
