/** What detection reads of `sql`, loaded on every run; the body (./sql.ts) loads only when it is chosen. */
import type { Probe, ReducerClaims } from '../../core/types.js';
import { SQL_MESSAGE } from './sql-session.js';
import { tableScore } from './shape-detect.js';

export const PSQL_FOOTER = /^\(\d[\d,]* rows?\)$/m;

export const MYSQL_FOOTER = /^\d+ rows? in set \(|^Empty set \(/m;

export const EXPANDED = /^-\[ RECORD \d+ \]-/m;

export function sqlScore(probe: Probe): number {
  const both = `${probe.head}\n${probe.stderrHead}`;
  if (new RegExp(SQL_MESSAGE.source, 'm').test(both)) return 0.85;
  if (PSQL_FOOTER.test(probe.head) && /^-+(?:\+-+)*$/m.test(probe.head)) return 0.8;
  if (MYSQL_FOOTER.test(both) && /^\+(?:-+\+)+$/m.test(probe.head)) return 0.8;
  if (EXPANDED.test(probe.head)) return 0.8;
  // A psql box (`a | b` over `---+---`) or a mysql box (`+---+`) is a SQL client's, footer or not.
  const box = /^-+\+-+/m.test(probe.head) || /^\+-+\+/m.test(probe.head);
  return box && tableScore(probe.head) >= 0.7 ? 0.75 : 0;
}

export const sqlClaims: ReducerClaims = {
  name: 'sql',
  // Generic like the other structure reducers: one reducer reads psql, mysql and sqlite3 sessions.
  family: 'text',
  // The clients and the server tools around them (`pg_isready`, `pg_dump`, `mysqladmin`): their errors are the server's.
  claims: ['psql', 'mysql', 'mariadb', 'sqlite3', 'pg_isready', 'pg_dump', 'pg_dumpall', 'pg_restore', 'pg_ctl', 'pg_ctlcluster', 'pg_lsclusters', 'createdb', 'dropdb', 'createuser', 'dropuser', 'mysqladmin', 'mysqldump', 'mariadb-admin', 'mariadb-dump'],
  detect: sqlScore,
};
