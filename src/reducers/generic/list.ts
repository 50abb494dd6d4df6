/**
 * One item per line (`ls`, `find`, `grep -rn`, `git status --short`, `du`): the count, the groups
 * (matches per file, status letters, directories, extensions), the largest entries of a size
 * listing, and the first and last items.
 */
import type { Reducer } from '../../core/types.js';
import { ItemList } from './item-list.js';
import { structuredRun } from './structured-run.js';
import { listScore } from './shape-detect.js';

export const listReducer: Reducer = {
  name: 'list',
  family: 'text',
  version: '1.0.2',
  detect: (probe) => listScore(probe.head),
  start: (ctx) => structuredRun(ctx, [new ItemList()]),
};
