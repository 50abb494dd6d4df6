/** What detection reads of `list`, loaded on every run; the body (./list.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { listScore } from './shape-detect.js';

export const listClaims: ReducerClaims = {
  name: 'list',
  family: 'text',
  detect: (probe) => listScore(probe.head),
};
