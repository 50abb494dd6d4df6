/**
 * Any table a tool prints: column-aligned text (`NAME   STATUS   AGE`), a header over a dashed rule
 * (`pip list`), psql/mysql boxes, CSV/TSV, and headerless grids of aligned columns (`nm`, `openssl
 * ciphers -v`). The header, the row count, value counts of status-like and grouping columns, the rows
 * that differ from the majority, the first row of each smaller group, the first and last rows, each
 * cited by line.
 */
import type { Reducer } from '../../core/types.js';
import { structuredRun } from './structured-run.js';
import { TableScanner } from './table-scan.js';
import { tableClaims } from './table.claims.js';

export const tableReducer: Reducer = {
  ...tableClaims,
  version: '1.1.1',
  start: (ctx) => structuredRun(ctx, [new TableScanner(null, true)]),
};
