/**
 * One item per line (`ls`, `find`, `grep -rn`, `git status --short`, `du`): the count, the groups
 * (matches per file, status letters, directories, extensions), the largest entries of a size
 * listing, and the first and last items.
 */
import type { Reducer } from '../../core/types.js';
import { ItemList } from './item-list.js';
import { structuredRun } from './structured-run.js';
import { listClaims } from './list.claims.js';

export const listReducer: Reducer = {
  ...listClaims,
  version: '1.0.5',
  start: (ctx) => structuredRun(ctx, [new ItemList()]),
};
