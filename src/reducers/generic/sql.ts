/**
 * psql, mysql and sqlite3 sessions: result tables (boxes, CSV, expanded `-[ RECORD n ]` records) read
 * by the generic table and record scanners, command tags, and errors with their `LINE`/`DETAIL`/`HINT`.
 * Docs: https://www.postgresql.org/docs/current/app-psql.html
 */
import type { Reducer } from '../../core/types.js';
import { RecordBlocks } from './record-blocks.js';
import { SqlSession } from './sql-session.js';
import { structuredRun } from './structured-run.js';
import { TableScanner } from './table-scan.js';
import { sqlClaims } from './sql.claims.js';

export const sqlReducer: Reducer = {
  ...sqlClaims,
  version: '1.0.2',
  start: (ctx) => structuredRun(ctx, [new SqlSession(), new TableScanner(ctx.argv.includes('--csv') ? 'csv' : null), new RecordBlocks(true)], (parts) => {
    const failed = typeof parts.fields.sqlErrors === 'number' && parts.fields.sqlErrors > 0;
    return failed ? { ...parts, status: 'fail' } : parts;
  }),
};
