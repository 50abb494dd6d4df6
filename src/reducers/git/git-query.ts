/**
 * git's read commands that print lists and tables rather than history or a patch: `git ls-files`,
 * `git ls-tree -r`, `git branch -a`, `git tag`, `git for-each-ref`, `git shortlog -sn`, `git blame`,
 * `git grep -n`, `git remote -v`, `git stash list`, `git config --list`. They are answers: read with
 * the generic structure scanners (lists grouped by folder, tables, records) instead of git-ops, whose
 * merge/push reading has nothing to find in them. Docs: https://git-scm.com/docs/git-ls-files
 */
import { familyAnswerReducer } from '../generic/best-structure.js';

export const gitQueryReducer = familyAnswerReducer({
  name: 'git-query',
  family: 'git',
  version: '1.0.0',
  intent: 'answer',
  claims: [
    'git ls-files', 'git ls-tree', 'git ls-remote', 'git branch', 'git tag', 'git for-each-ref', 'git show-ref', 'git shortlog', 'git blame',
    'git annotate', 'git grep', 'git remote', 'git stash list', 'git worktree list', 'git config', 'git rev-list', 'git reflog', 'git cat-file',
    'git count-objects', 'git show-branch', 'git describe', 'git name-rev', 'git rev-parse', 'git var',
  ],
  lane: 'internal',
});
