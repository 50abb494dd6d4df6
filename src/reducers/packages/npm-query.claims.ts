/** What detection reads of `npm-query`, loaded on every run; the body (./npm-query.ts) loads only when it is chosen. */
import type { Probe, ReducerClaims } from '../../core/types.js';
import { treeShare } from '../generic/dependency-tree.js';

/** `npm ls`'s root line: `name@1.0.0 /path/to/project`, then branch rows with `name@version`. */
export const NPM_LS = /^(?:\S+@\S+ )?\/\S*\n(?:[├└│─┬`+| -]+\S+@\S+)/m;

export const OUTDATED = /^Package\s+Current\s+Wanted\s+Latest\b/m;

export const npmQueryClaims: ReducerClaims = {
  name: 'npm-query',
  family: 'npm',
  intent: 'answer',
  claims: ['npm ls', 'npm list', 'npm ll', 'npm la', 'npm view', 'npm info', 'npm show', 'npm v', 'npm outdated', 'npm explain', 'npm why', 'npm query', 'npm search', 'npm config list', 'npm config get', 'npm pkg get', 'pnpm ls', 'pnpm list', 'pnpm why', 'pnpm outdated', 'yarn list', 'yarn info', 'yarn why', 'yarn outdated'],
  lane: 'internal',
  detect: (probe: Probe) => ((NPM_LS.test(probe.head) && treeShare(probe.head) > 0.5) || OUTDATED.test(probe.head) ? 0.65 : 0),
};
