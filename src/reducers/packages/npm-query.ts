/**
 * npm, pnpm and yarn read commands: `npm ls` (a tree: depth 0 and 1 whole, deeper levels counted,
 * every invalid, missing or extraneous row cited), `npm view` (records), `npm outdated` (a table),
 * `npm explain`/`why`, and their `--json` forms read as documents. The packet names the npm family.
 * Docs: https://docs.npmjs.com/cli/v10/commands/npm-ls
 */
import { familyAnswerReducer } from '../generic/best-structure.js';
import { npmQueryClaims } from './npm-query.claims.js';

export const npmQueryReducer = familyAnswerReducer({
  ...npmQueryClaims,
  version: '1.0.2',
});
