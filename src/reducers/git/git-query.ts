/**
 * git's read commands that print lists and tables rather than history or a patch: `git ls-files`,
 * `git ls-tree -r`, `git branch -a`, `git tag`, `git for-each-ref`, `git shortlog -sn`, `git blame`,
 * `git grep -n`, `git remote -v`, `git stash list`, `git config --list`. They are answers: read with
 * the generic structure scanners (lists grouped by folder, tables, records) instead of git-ops, whose
 * merge/push reading has nothing to find in them. Docs: https://git-scm.com/docs/git-ls-files
 */
import { familyAnswerReducer } from '../generic/best-structure.js';
import { gitQueryClaims } from './git-query.claims.js';

export const gitQueryReducer = familyAnswerReducer({
  ...gitQueryClaims,
  version: '1.0.0',
});
