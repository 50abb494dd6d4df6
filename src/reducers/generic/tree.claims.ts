/** What detection reads of `tree`, loaded on every run; the body (./tree.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { treeShare } from './dependency-tree.js';

export const treeClaims: ReducerClaims = {
  name: 'tree',
  family: 'text',
  intent: 'answer',
  claims: ['tree'],
  detect: (probe) => (treeShare(probe.head) >= 0.6 ? 0.6 : 0),
};
