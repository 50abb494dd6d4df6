/**
 * psql, mysql and sqlite3 sessions: result tables (boxes, CSV, expanded `-[ RECORD n ]` records) read
 * by the generic table and record scanners, command tags, and errors with their `LINE`/`DETAIL`/`HINT`.
 * Docs: https://www.postgresql.org/docs/current/app-psql.html
 */
import type { Probe, Reducer } from '../../core/types.js';
import { RecordBlocks } from './record-blocks.js';
import { SQL_MESSAGE, SqlSession } from './sql-session.js';
import { structuredRun } from './structured-run.js';
import { TableScanner } from './table-scan.js';
import { tableScore } from './shape-detect.js';

const PSQL_FOOTER = /^\(\d[\d,]* rows?\)$/m;
const MYSQL_FOOTER = /^\d+ rows? in set \(|^Empty set \(/m;
const EXPANDED = /^-\[ RECORD \d+ \]-/m;

function sqlScore(probe: Probe): number {
  const both = `${probe.head}\n${probe.stderrHead}`;
  if (new RegExp(SQL_MESSAGE.source, 'm').test(both)) return 0.85;
  if (PSQL_FOOTER.test(probe.head) && /^-+(?:\+-+)*$/m.test(probe.head)) return 0.8;
  if (MYSQL_FOOTER.test(both) && /^\+(?:-+\+)+$/m.test(probe.head)) return 0.8;
  if (EXPANDED.test(probe.head)) return 0.8;
  // A psql box (`a | b` over `---+---`) or a mysql box (`+---+`) is a SQL client's, footer or not.
  const box = /^-+\+-+/m.test(probe.head) || /^\+-+\+/m.test(probe.head);
  return box && tableScore(probe.head) >= 0.7 ? 0.75 : 0;
}

export const sqlReducer: Reducer = {
  name: 'sql',
  // Generic like the other structure reducers: one reducer reads psql, mysql and sqlite3 sessions.
  family: 'text',
  version: '1.0.1',
  // The clients and the server tools around them (`pg_isready`, `pg_dump`, `mysqladmin`): their errors are the server's.
  claims: ['psql', 'mysql', 'mariadb', 'sqlite3', 'pg_isready', 'pg_dump', 'pg_dumpall', 'pg_restore', 'pg_ctl', 'pg_ctlcluster', 'pg_lsclusters', 'createdb', 'dropdb', 'createuser', 'dropuser', 'mysqladmin', 'mysqldump', 'mariadb-admin', 'mariadb-dump'],
  detect: sqlScore,
  start: (ctx) => structuredRun(ctx, [new SqlSession(), new TableScanner(ctx.argv.includes('--csv') ? 'csv' : null), new RecordBlocks(true)], (parts) => {
    const failed = typeof parts.fields.sqlErrors === 'number' && parts.fields.sqlErrors > 0;
    return failed ? { ...parts, status: 'fail' } : parts;
  }),
};
