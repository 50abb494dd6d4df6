/** What detection reads of `git-diff`, loaded on every run; the body (./git-diff.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const gitDiffClaims: ReducerClaims = {
  name: 'git-diff',
  family: 'git',
  intent: 'answer',
  claims: ['git diff', 'git stash show', 'git format-patch', 'git diff-tree', 'git diff-index', 'git diff-files'],
  lane: 'internal',
  detect: () => 0,
};
