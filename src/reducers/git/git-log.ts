/**
 * `git log` (default, `--stat`, `-p`, `--oneline`) and `git show`: commit count, the newest commits
 * (hash, author, date, subject) cited, authors counted, the date range, refs and tags from
 * decorations, and for patches a diffstat. Sample: `commit 3fce3b5b... (HEAD -> main, tag: 1.0.0)`.
 * Commit messages are other people's text. Docs: https://git-scm.com/docs/git-log
 */
import type { Bullet, CitationDraft, FieldValue, Reducer, Status } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { DiffStat } from '../generic/diff-stat.js';
import { withStderrErrors } from '../generic/merge-parts.js';
import { edgeRows } from '../generic/structured-run.js';
import { gitLogClaims } from './git-log.claims.js';

const COMMIT = /^commit ([0-9a-f]{7,64})(?: \(from [0-9a-f]+\))?(?: \((.+)\))?$/;
const ONELINE = /^(?:[*|\\/ ]+)?([0-9a-f]{7,40}) (?:\((.+?)\) )?(.*)$/;
const NEWEST = 3;
const MAX_AUTHORS = 2000;
const MAX_REFS = 12;
/** Commit lines remembered for the index of all commits; later ones are counted. */
const MAX_INDEXED = 4000;

interface Commit {
  hash: string;
  line: number;
  author: string;
  date: string;
  subject: string;
  subjectLine: number;
}

export const gitLogReducer: Reducer = {
  ...gitLogClaims,
  version: '1.3.1',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const parser = new LogParser();
    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (stream === 'stdout') parser.line(n, text);
      },
      finish(exit) {
        if (parser.commits === 0) return digest.finish(exit);
        const parts = parser.finish(digest);
        if (exit.code !== null && exit.code !== 0) parts.status = 'fail';
        const edges = ctx.intent === 'answer' ? edgeRows(digest.lines, () => digest.nextRef()) : null;
        if (edges) parts.citations.push({ ...edges, label: 'log lines', kind: 'log lines' });
        return withStderrErrors(parts, digest, exit);
      },
    };
  },
};

class LogParser {
  commits = 0;
  merges = 0;
  readonly newest: Commit[] = [];
  oldest: Commit | null = null;
  private current: Commit | null = null;
  private phase: 'header' | 'message' | 'rest' = 'rest';
  private readonly authors = new Map<string, number>();
  private otherAuthors = 0;
  private readonly refs: string[] = [];
  private readonly diff = new DiffStat();
  private statFiles = 0;
  private statInsertions = 0;
  private statDeletions = 0;
  private oneline = 0;
  /** The hash and subject line of every commit, for the index. */
  readonly indexed: number[] = [];

  /** Width of the `--graph` drawing (`* `, `| * `) before the text on commit lines. */
  private graph = 0;

  line(n: number, raw: string): void {
    const drawn = /^[*|\\/ _.-]*?(?=commit [0-9a-f]{7})/.exec(raw);
    if (drawn && drawn[0].length > 0 && /[*|]/.test(drawn[0])) this.graph = drawn[0].length;
    const text = this.graph > 0 && /^[*|\\/ _.-]*$/.test(raw.slice(0, this.graph)) ? raw.slice(this.graph) : raw;
    const commit = COMMIT.exec(text);
    if (commit) return this.open(n, commit[1]!, commit[2]);
    if (this.commits === 0 || this.oneline > 0) {
      // `--oneline` has no `commit` lines: `3fce3b5 (HEAD -> main) subject`.
      const one = ONELINE.exec(text);
      if (one && (this.commits === 0 || this.oneline > 0)) {
        this.oneline++;
        this.open(n, one[1]!, one[2]);
        this.current!.subject = one[3]!;
        this.current!.subjectLine = n;
        this.phase = 'rest';
        return;
      }
    }
    const c = this.current;
    if (!c) return;
    if (this.phase === 'header') {
      if (text.startsWith('Author: ')) {
        c.author = text.slice(8).replace(/\s*<[^>]*>$/, '');
        if (this.authors.has(c.author) || this.authors.size < MAX_AUTHORS) this.authors.set(c.author, (this.authors.get(c.author) ?? 0) + 1);
        else this.otherAuthors++;
      } else if (text.startsWith('Date: ')) c.date = text.slice(6).trim();
      else if (text.startsWith('Merge: ')) this.merges++;
      else if (text === '') this.phase = 'message';
      return;
    }
    if (this.phase === 'message') {
      if (!c.subject && text.startsWith('    ')) {
        c.subject = text.trim();
        c.subjectLine = n;
        if (this.indexed.length < MAX_INDEXED) this.indexed.push(n);
        return;
      }
      if (text.startsWith('    ') || text === '') return;
      this.phase = 'rest';
    }
    // --stat: ` 2 files changed, 2 insertions(+), 2 deletions(-)`
    const stat = /^ (\d+) files? changed(?:, (\d+) insertions?\(\+\))?(?:, (\d+) deletions?\(-\))?/.exec(text);
    if (stat) {
      this.statFiles += Number(stat[1]);
      this.statInsertions += Number(stat[2] ?? 0);
      this.statDeletions += Number(stat[3] ?? 0);
      return;
    }
    this.diff.line('stdout', n, text);
  }

  private open(n: number, hash: string, decoration: string | undefined): void {
    this.commits++;
    this.phase = 'header';
    if (decoration) for (const ref of decoration.split(', ')) if (this.refs.length < MAX_REFS && !this.refs.includes(ref)) this.refs.push(ref);
    const commit: Commit = { hash, line: n, author: '', date: '', subject: '', subjectLine: n };
    if (this.indexed.length < MAX_INDEXED) this.indexed.push(n);
    this.current = commit;
    if (this.newest.length < NEWEST) this.newest.push(commit);
    this.oldest = commit;
  }

  finish(refs: { nextRef(): string }) {
    const summary: Bullet[] = [];
    const citations: CitationDraft[] = [];
    const fields: Record<string, FieldValue> = {};
    fields.commits = this.commits;
    if (this.merges) fields.merges = this.merges;
    const cites: string[] = [];
    this.newest.forEach((c, i) => {
      const ref = refs.nextRef();
      cites.push(ref);
      citations.push({ ref, stream: 'stdout', from: c.line, to: Math.max(c.line, c.subjectLine), label: i === 0 ? 'newest commit' : `commit ${i + 1}`, kind: 'commit', priority: 'mandatory', focus: [c.line, c.subjectLine] });
    });
    const head = this.newest[0]!;
    fields.newest = { hash: head.hash.slice(0, 12), ...(head.author ? { author: head.author } : {}), ...(head.date ? { date: head.date } : {}), subject: head.subject };
    const oldest = this.oldest;
    if (oldest && this.commits > NEWEST) {
      const ref = refs.nextRef();
      citations.push({ ref, stream: 'stdout', from: oldest.line, to: Math.max(oldest.line, oldest.subjectLine), label: 'oldest commit shown', kind: 'commit', priority: 'normal', focus: [oldest.line, oldest.subjectLine] });
      fields.oldest = { hash: oldest.hash.slice(0, 12), ...(oldest.date ? { date: oldest.date } : {}), subject: oldest.subject };
    }
    const range = oldest && this.commits > 1 && this.newest[0]?.date && oldest.date ? `, ${oldest.date} … ${this.newest[0].date}` : '';
    summary.push({ text: `${plural(this.commits, 'commit')}${this.merges ? ` (${count(this.merges)} merges)` : ''}${range}; newest: ${this.newest[0]?.subject ?? ''}`, cites: cites.slice(0, 1), fields: ['commits', 'newest'] });
    if (this.authors.size) {
      const top = [...this.authors].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      fields.authors = Object.fromEntries(top.slice(0, 5));
      fields.authorCount = this.authors.size + (this.otherAuthors ? 1 : 0);
      summary.push({ text: `${plural(this.authors.size, 'author')}: ${top.slice(0, 3).map(([a, c]) => `${a} ${count(c)}`).join(', ')}${top.length > 3 ? ', …' : ''}`, fields: ['authors', 'authorCount'] });
    }
    if (this.refs.length) fields.refs = this.refs;
    if (this.statFiles) {
      fields.stat = { filesChanged: this.statFiles, insertions: this.statInsertions, deletions: this.statDeletions };
      summary.push({ text: `--stat totals over the commits: ${plural(this.statFiles, 'file')} changed, +${count(this.statInsertions)} -${count(this.statDeletions)}`, fields: ['stat'] });
    }
    const files = this.diff.files;
    if (files.length) {
      fields.diff = { files: files.length + this.diff.droppedFiles, added: this.diff.added, removed: this.diff.removed };
      const biggest = [...files].sort((a, b) => b.added + b.removed - (a.added + a.removed) || a.line - b.line).slice(0, 8);
      const fileRefs: string[] = [];
      for (const file of biggest) {
        const ref = refs.nextRef();
        fileRefs.push(ref);
        citations.push({ ref, stream: 'stdout', from: file.line, to: file.line, label: `${file.status} ${file.path} +${file.added} -${file.removed}${file.hunks.length ? `; ${file.hunks.slice(0, 3).join(' ')}` : ''}`, kind: 'file header', priority: 'normal' });
      }
      summary.push({ text: `patch: ${plural(files.length + this.diff.droppedFiles, 'file')}, +${count(this.diff.added)} -${count(this.diff.removed)}`, cites: fileRefs.slice(0, 3), fields: ['diff'] });
    }
    // Every commit by its hash and subject, as many as the budget holds: the commit asked about may be any of them.
    if (this.commits > NEWEST + 1 && this.indexed.length) citations.push({ ref: refs.nextRef(), stream: 'stdout', from: this.indexed[0]!, to: this.indexed.at(-1)!, label: `all ${plural(this.commits, 'commit')}, hash and subject`, kind: 'commit index', priority: 'normal', layout: 'index', focus: [...this.indexed] });
    const omitted = this.commits > NEWEST + 1 ? [{ what: 'older commits (counted)', count: this.commits - NEWEST - 1 }] : [];
    return { status: 'ok' as Status, summary, fields, citations, omitted, confidence: 0.9 };
  }
}
