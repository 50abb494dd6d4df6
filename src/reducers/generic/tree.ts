/**
 * A tree drawn with branch characters, from a tool with no reducer of its own (`tree`, `cargo tree`,
 * `pipdeptree`, a piped `npm ls`): the root, depth 1 whole, deeper levels counted, problem rows cited.
 */
import type { Reducer } from '../../core/types.js';
import { DependencyTree } from './dependency-tree.js';
import { structuredRun } from './structured-run.js';
import { treeClaims } from './tree.claims.js';

export const treeReducer: Reducer = {
  ...treeClaims,
  version: '1.0.2',
  start: (ctx) => structuredRun(ctx, [new DependencyTree()]),
};
