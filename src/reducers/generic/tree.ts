/**
 * A tree drawn with branch characters, from a tool with no reducer of its own (`tree`, `cargo tree`,
 * `pipdeptree`, a piped `npm ls`): the root, depth 1 whole, deeper levels counted, problem rows cited.
 */
import type { Reducer } from '../../core/types.js';
import { DependencyTree, treeShare } from './dependency-tree.js';
import { structuredRun } from './structured-run.js';

export const treeReducer: Reducer = {
  name: 'tree',
  family: 'text',
  version: '1.0.1',
  intent: 'answer',
  claims: ['tree'],
  detect: (probe) => (treeShare(probe.head) >= 0.6 ? 0.6 : 0),
  start: (ctx) => structuredRun(ctx, [new DependencyTree()]),
};
