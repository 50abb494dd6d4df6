/**
 * What a SQL client says besides its tables: command tags (`INSERT 0 1`, `UPDATE 11`, `CREATE TABLE`),
 * and errors with the lines that explain them (`LINE 1:` and its caret, `DETAIL:`, `HINT:`,
 * `CONTEXT:`), plus the last statement that succeeded before the first error.
 * psql: `psql:migrate.sql:10: ERROR:  duplicate key value …`; mysql: `ERROR 1146 (42S02) at line 3: …`.
 */
import type { Bullet, CitationDraft, FieldValue, Omission, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { EdgeSample } from './edge-sample.js';
import type { StructureParts } from './structured-run.js';

/** psql's and mysql's message lines: severity first (psql pads it with two spaces). */
export const SQL_MESSAGE = /^(?:psql:[^:\s]+:\d+: )?(?:ERROR|FATAL|PANIC|WARNING|NOTICE):  \S|^psql: (?:error|FATAL): |^ERROR \d{4} \([0-9A-Z]{5}\)|^(?:Parse error|Runtime error) near line \d+: |^Error: (?:near line \d+|in prepare)/;
const SEVERE = /^(?:psql:[^:\s]+:\d+: )?(?:ERROR|FATAL|PANIC)|^psql: |^ERROR \d|^(?:Error|Parse error|Runtime error)\b/;
/** Lines that explain the message above them. */
const DETAIL = /^(?:LINE \d+:|DETAIL:|HINT:|CONTEXT:|QUERY:|STATEMENT:|LOCATION:|\s+\^|psql:[^:\s]+:\d+: (?:DETAIL|HINT|CONTEXT):)/;
/** Command tags psql prints after each statement. */
const TAG = /^(?:INSERT \d+ \d+|UPDATE \d+|DELETE \d+|SELECT \d+|COPY \d+|MERGE \d+|MOVE \d+|FETCH \d+|(?:CREATE|ALTER|DROP) [A-Z][A-Z ]*|BEGIN|COMMIT|ROLLBACK|START TRANSACTION|SAVEPOINT|RELEASE|TRUNCATE TABLE|GRANT|REVOKE|SET|RESET|DO|CALL|VACUUM|ANALYZE|Query OK, \d+ rows? affected.*)$/;
const DETAIL_LINES = 6;

interface Message {
  stream: StreamName;
  from: number;
  to: number;
  severe: boolean;
}

export class SqlSession {
  tags = 0;
  readonly tagCounts = new Map<string, number>();
  private lastTag: { stream: StreamName; n: number } | null = null;
  private beforeError: { stream: StreamName; n: number } | null = null;
  private readonly messages = new EdgeSample<Message>(6, 6);
  private open: Message | null = null;
  errors = 0;

  line(stream: StreamName, n: number, text: string): void {
    const open = this.open;
    if (open && open.stream === stream && n === open.to + 1 && n - open.from < DETAIL_LINES && DETAIL.test(text)) {
      open.to = n;
      return;
    }
    this.open = null;
    if (SQL_MESSAGE.test(text)) {
      const message = { stream, from: n, to: n, severe: SEVERE.test(text) };
      if (message.severe) {
        if (this.errors === 0) this.beforeError = this.lastTag;
        this.errors++;
      }
      this.messages.push(message);
      this.open = message;
      return;
    }
    if (text.length < 60 && TAG.test(text)) {
      this.tags++;
      const word = text.startsWith('Query OK') ? 'Query OK' : text.replace(/ \d.*$/, '');
      this.tagCounts.set(word, (this.tagCounts.get(word) ?? 0) + 1);
      this.lastTag = { stream, n };
    }
  }

  finish(nextRef: () => string): StructureParts {
    const summary: Bullet[] = [];
    const citations: CitationDraft[] = [];
    const fields: Record<string, FieldValue> = {};
    const omitted: Omission[] = [];
    const refs: string[] = [];
    this.messages.items.forEach((m, i) => {
      const ref = nextRef();
      if (m.severe && refs.length < 4) refs.push(ref);
      citations.push({ ref, stream: m.stream, from: m.from, to: m.to, label: m.severe ? 'SQL error' : 'SQL notice', kind: 'sql message', priority: m.severe ? (i < 6 ? 'mandatory' : 'high') : 'normal', focus: [m.from] });
    });
    if (this.messages.dropped) omitted.push({ what: 'SQL messages in the middle', count: this.messages.dropped });
    if (this.beforeError) {
      const ref = nextRef();
      refs.push(ref);
      citations.push({ ref, stream: this.beforeError.stream, from: this.beforeError.n, to: this.beforeError.n, label: 'last statement done before the first error', kind: 'sql tag', priority: 'high' });
    }
    if (this.tags) {
      fields.statements = Object.fromEntries([...this.tagCounts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
      summary.push({ text: `${plural(this.tags, 'statement')} done: ${[...this.tagCounts.entries()].map(([t, c]) => `${t} ${count(c)}`).join(', ')}`, fields: ['statements'] });
    }
    if (this.errors) {
      fields.sqlErrors = this.errors;
      summary.unshift({ text: `${plural(this.errors, 'SQL error')}`, cites: refs, fields: ['sqlErrors'], priority: 'high' });
    }
    return { summary, citations, fields, omitted };
  }
}
