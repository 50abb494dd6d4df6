/**
 * npm, pnpm and yarn read commands: `npm ls` (a tree: depth 0 and 1 whole, deeper levels counted,
 * every invalid, missing or extraneous row cited), `npm view` (records), `npm outdated` (a table),
 * `npm explain`/`why`, and their `--json` forms read as documents. The packet names the npm family.
 * Docs: https://docs.npmjs.com/cli/v10/commands/npm-ls
 */
import type { Probe } from '../../core/types.js';
import { familyAnswerReducer } from '../generic/best-structure.js';
import { treeShare } from '../generic/dependency-tree.js';

/** `npm ls`'s root line: `name@1.0.0 /path/to/project`, then branch rows with `name@version`. */
const NPM_LS = /^(?:\S+@\S+ )?\/\S*\n(?:[├└│─┬`+| -]+\S+@\S+)/m;
const OUTDATED = /^Package\s+Current\s+Wanted\s+Latest\b/m;

export const npmQueryReducer = familyAnswerReducer({
  name: 'npm-query',
  family: 'npm',
  version: '1.0.1',
  intent: 'answer',
  claims: ['npm ls', 'npm list', 'npm ll', 'npm la', 'npm view', 'npm info', 'npm show', 'npm v', 'npm outdated', 'npm explain', 'npm why', 'npm query', 'npm search', 'npm config list', 'npm config get', 'npm pkg get', 'pnpm ls', 'pnpm list', 'pnpm why', 'pnpm outdated', 'yarn list', 'yarn info', 'yarn why', 'yarn outdated'],
  lane: 'internal',
  detect: (probe: Probe) => ((NPM_LS.test(probe.head) && treeShare(probe.head) > 0.5) || OUTDATED.test(probe.head) ? 0.65 : 0),
});
