/**
 * Blocks of `key: value` lines (`apt-cache show`, `pip show`, `systemctl show`, describe-like output):
 * the block count, the keys, each block's identity line and the fields that differ between blocks.
 */
import type { Reducer } from '../../core/types.js';
import { RecordBlocks } from './record-blocks.js';
import { structuredRun } from './structured-run.js';
import { recordsClaims } from './records.claims.js';

export const recordsReducer: Reducer = {
  ...recordsClaims,
  version: '1.0.1',
  start: (ctx) => structuredRun(ctx, [new RecordBlocks()]),
};
