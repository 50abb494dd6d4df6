/**
 * Blocks of `key: value` lines (`apt-cache show`, `pip show`, `systemctl show`, describe-like output):
 * the block count, the keys, each block's identity line and the fields that differ between blocks.
 */
import type { Reducer } from '../../core/types.js';
import { RecordBlocks } from './record-blocks.js';
import { structuredRun } from './structured-run.js';
import { recordScore } from './shape-detect.js';

export const recordsReducer: Reducer = {
  name: 'records',
  family: 'text',
  version: '1.0.0',
  detect: (probe) => recordScore(probe.head),
  start: (ctx) => structuredRun(ctx, [new RecordBlocks()]),
};
