/** What detection reads of `git-query`, loaded on every run; the body (./git-query.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const gitQueryClaims: ReducerClaims = {
  name: 'git-query',
  family: 'git',
  intent: 'answer',
  claims: [
    'git ls-files', 'git ls-tree', 'git ls-remote', 'git branch', 'git tag', 'git for-each-ref', 'git show-ref', 'git shortlog', 'git blame',
    'git annotate', 'git grep', 'git remote', 'git stash list', 'git worktree list', 'git config', 'git rev-list', 'git reflog', 'git cat-file',
    'git count-objects', 'git show-branch', 'git describe', 'git name-rev', 'git rev-parse', 'git var',
  ],
  lane: 'internal',
  // Claims alone: piped, these outputs are lists and tables the generic reducers read.
  detect: () => 0,
};
