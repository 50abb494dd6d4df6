/** What detection reads of `table`, loaded on every run; the body (./table.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { tableScore } from './shape-detect.js';

export const tableClaims: ReducerClaims = {
  name: 'table',
  family: 'text',
  detect: (probe) => tableScore(probe.head),
};
