/** What detection reads of `diff`, loaded on every run; the body (./diff.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { looksLikeDiff } from './diff-stat.js';

export const diffClaims: ReducerClaims = {
  name: 'diff',
  family: 'diff',
  intent: 'answer',
  claims: ['diff'],
  detect: (probe) => (looksLikeDiff(probe.head) ? 0.4 : 0),
};
