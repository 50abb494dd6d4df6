/**
 * `gh pr view` and `gh issue view`: the `--json` document (state, mergeable, review decision,
 * failing checks from statusCheckRollup, reviews and comments), the piped text form
 * (`title:\t...`, `state:\tOPEN`, `reviewers:\talice (Changes requested)`, `--`, body) and
 * `--comments`. Bodies and comments are third-party text: cited, clipped, never paraphrased.
 * Docs: https://cli.github.com/manual/gh_pr_view
 */
import type { Bullet, CitationDraft, FieldValue, JsonStyle, PacketParts, Reducer } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { reduceGitHubJson } from './gh-api.js';
import { ghPrViewClaims, HUMAN_TITLE, HUMAN_STATE } from './gh-pr-view.claims.js';

const HEADER = /^([a-z][a-z-]*):\t(.*)$/;
const HUMAN_CHECKS = /^\+(\d+) -(\d+) • (.*)$|^(?:[✓×X!-] )?(?:\d+\/\d+ )?[Cc]hecks? (?:passing|failing|pending)/u;
const COMMENTS_CITED = 6;
const BODY_LINES = 6;

export const ghPrViewReducer: Reducer = {
  ...ghPrViewClaims,
  version: '1.1.1',
  wantsJson: true,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const view = new RawViewParser();
    const human = new HumanViewParser();
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (stream === 'stdout') {
          view.line(n, text);
          human.line(n, text);
        }
      },
      json(doc, style) {
        parsed = { doc, style };
      },
      finish(exit) {
        const failed = exit.code !== null && exit.code !== 0;
        if (parsed) return reduceGitHubJson(parsed, digest, failed, exit);
        if (view.headers.size >= 3 || view.commentCount > 0) return view.finish(digest, failed);
        if (human.recognised()) return human.finish(digest, failed);
        return digest.finish(exit);
      },
    };
  },
};

interface RawComment {
  author: string;
  status: string | null;
  from: number;
  bodyFrom: number;
  to: number;
}

/** The piped (non-terminal) text: `key:\tvalue` headers, `--`, then the body, or a list of comments. */
class RawViewParser {
  readonly headers = new Map<string, { value: string; line: number }>();
  headerEnd = 0;
  bodyLines = 0;
  lastLine = 0;
  comments: RawComment[] = [];
  commentCount = 0;
  private readonly authors = new Map<string, number>();
  private readonly changesRequested: string[] = [];
  private current: RawComment | null = null;

  private mode: 'preview' | 'comments' | null = null;
  private phase: 'header' | 'body' = 'header';

  line(n: number, text: string): void {
    this.lastLine = n;
    const header = this.phase === 'header' ? HEADER.exec(text) : null;
    if (n === 1 && header) this.mode = header[1] === 'author' ? 'comments' : 'preview';
    if (this.mode === 'comments') return this.commentLine(n, text, header);
    if (header) {
      if (!this.headers.has(header[1]!)) this.headers.set(header[1]!, { value: header[2]!, line: n });
      return;
    }
    if (text === '--' && this.phase === 'header') {
      this.phase = 'body';
      this.headerEnd = n;
      return;
    }
    if (this.phase === 'body') this.bodyLines++;
  }

  /** `author:`, `association:`, `edited:`, `status:` headers, `--`, the body, `--`, per comment or review. */
  private commentLine(n: number, text: string, header: RegExpExecArray | null): void {
    if (header) {
      if (header[1] === 'author') this.openComment(n, header[2]!);
      if (!this.headers.has(header[1]!)) this.headers.set(header[1]!, { value: header[2]!, line: n });
      if (this.current && header[1] === 'status') {
        this.current.status = header[2]!;
        if (/changes.requested/i.test(header[2]!) && !this.changesRequested.includes(this.current.author)) this.changesRequested.push(this.current.author);
      }
      return;
    }
    if (text !== '--') {
      if (this.current && this.phase === 'body') this.current.to = n;
      return;
    }
    if (this.phase === 'header') {
      this.phase = 'body';
      if (this.current) this.current.bodyFrom = this.current.to = n + 1;
    } else this.phase = 'header';
  }

  private openComment(n: number, author: string): void {
    this.commentCount++;
    this.authors.set(author, (this.authors.get(author) ?? 0) + 1);
    const comment: RawComment = { author, status: null, from: n, bodyFrom: n, to: n };
    this.current = comment;
    if (this.comments.length < COMMENTS_CITED) this.comments.push(comment);
  }

  finish(refs: { nextRef(): string }, failed: boolean): PacketParts {
    const summary: Bullet[] = [];
    const citations: CitationDraft[] = [];
    const fields: Record<string, FieldValue> = {};
    const get = (key: string): string | undefined => this.headers.get(key)?.value;
    if (this.mode === 'comments' && this.commentCount > 0) {
      const cites: string[] = [];
      for (const comment of this.comments) {
        const ref = refs.nextRef();
        cites.push(ref);
        const to = Math.min(comment.to, comment.bodyFrom + 3);
        citations.push({ ref, stream: 'stdout', from: comment.from, to: Math.max(to, comment.from), label: `comment by ${comment.author}${comment.status ? ` (${comment.status})` : ''}, external text`, kind: 'comment', priority: 'mandatory', focus: [comment.from, comment.bodyFrom] });
      }
      fields.comments = this.commentCount;
      fields.authors = Object.fromEntries([...this.authors].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
      if (this.changesRequested.length) fields.changesRequestedBy = this.changesRequested;
      summary.push({ text: `${plural(this.commentCount, 'comment')} by ${[...this.authors.keys()].slice(0, 5).join(', ')}`, cites: cites.slice(0, 3), fields: ['comments'] });
      if (this.changesRequested.length) summary.push({ text: `changes requested by ${this.changesRequested.join(', ')}`, fields: ['changesRequestedBy'] });
      const omitted = this.commentCount > COMMENTS_CITED ? [{ what: 'comments not cited', count: this.commentCount - COMMENTS_CITED }] : [];
      return { status: failed ? 'fail' : this.changesRequested.length ? 'warn' : 'ok', summary, fields, citations, omitted, confidence: 0.85 };
    }

    for (const key of ['title', 'state', 'author', 'number', 'url', 'labels', 'reviewers', 'assignees', 'milestone', 'additions', 'deletions', 'auto-merge', 'comments']) {
      const value = get(key);
      if (value === undefined || value === '') continue;
      fields[key.replace(/-(\w)/, (_, c: string) => c.toUpperCase())] = /^(?:number|additions|deletions|comments)$/.test(key) && /^\d+$/.test(value) ? Number(value) : value;
    }
    // reviewers:\talice (Approved), bob (Changes requested), carol (Requested)
    const reviewers = (get('reviewers') ?? '').split(/,\s*/).filter(Boolean);
    const requested = reviewers.filter((r) => /\(changes requested\)/i.test(r)).map((r) => r.replace(/\s*\(.*\)$/, ''));
    if (requested.length) fields.changesRequestedBy = requested;
    const headerRef = refs.nextRef();
    const headerEnd = this.headerEnd || this.lastLine;
    citations.push({ ref: headerRef, stream: 'stdout', from: 1, to: Math.max(1, headerEnd - 1), label: 'header', priority: 'mandatory' });
    const title = get('title');
    summary.push({ text: [get('number') ? `#${get('number')}` : '', title ? JSON.stringify(title) : '', get('state') ?? ''].filter(Boolean).join(' · '), cites: [headerRef], fields: ['title'].filter((k) => k in fields) });
    if (requested.length) summary.push({ text: `changes requested by ${requested.join(', ')}`, cites: [headerRef], fields: ['changesRequestedBy'] });
    const omitted = [];
    if (this.bodyLines > 0) {
      const bodyRef = refs.nextRef();
      const to = Math.min(this.lastLine, headerEnd + BODY_LINES);
      citations.push({ ref: bodyRef, stream: 'stdout', from: headerEnd + 1, to, label: `body, first lines of ${count(this.bodyLines)} (external text)`, kind: 'body', priority: 'normal' });
      fields.bodyLines = this.bodyLines;
      summary.push({ text: `body: ${plural(this.bodyLines, 'line')}`, cites: [bodyRef], fields: ['bodyLines'] });
      if (this.bodyLines > BODY_LINES) omitted.push({ what: 'body lines', count: this.bodyLines - BODY_LINES });
    }
    return { status: failed ? 'fail' : requested.length ? 'warn' : 'ok', summary, fields, citations, omitted, confidence: 0.85 };
  }
}

/** The terminal form: title line, state line, checks and reviewer lines, the rendered body, the link. */
class HumanViewParser {
  title: { n: number; title: string; number: number } | null = null;
  state: { n: number; state: string; author: string } | null = null;
  private readonly lines: number[] = [];
  checks: string | null = null;
  reviewers: string | null = null;
  url: string | null = null;
  private last = 0;

  line(n: number, text: string): void {
    this.last = n;
    if (n <= 3 && !this.title) {
      const title = HUMAN_TITLE.exec(text);
      if (title) this.title = { n, title: title[1]!, number: Number(title[2]) };
      return;
    }
    if (this.title && !this.state && n <= this.title.n + 1) {
      const state = HUMAN_STATE.exec(text);
      if (state) this.state = { n, state: state[1]!, author: state[2]! };
      return;
    }
    if (!this.state || n > this.state.n + 12) {
      const url = /^View this (?:pull request|issue) on GitHub: (\S+)/.exec(text);
      if (url) this.url = url[1]!;
      return;
    }
    if (HUMAN_CHECKS.test(text)) {
      this.checks = text;
      this.lines.push(n);
    } else if (/^Reviewers: /.test(text)) {
      this.reviewers = text.slice(11);
      this.lines.push(n);
    } else if (/^(?:Labels|Assignees|Milestone|Projects): /.test(text)) this.lines.push(n);
  }

  recognised(): boolean {
    return this.title !== null && this.state !== null;
  }

  finish(refs: { nextRef(): string }, failed: boolean): PacketParts {
    const title = this.title!;
    const state = this.state!;
    const ref = refs.nextRef();
    const headerEnd = Math.max(state.n, ...this.lines.filter((n) => n <= state.n + 12));
    const citations: CitationDraft[] = [{ ref, stream: 'stdout', from: title.n, to: headerEnd, label: 'header', priority: 'mandatory' }];
    const fields: Record<string, FieldValue> = { number: title.number, title: title.title, state: state.state, author: state.author };
    const requested = (this.reviewers ?? '').split(/,\s*/).filter((r) => /\(changes requested\)/i.test(r)).map((r) => r.replace(/\s*\(.*\)$/, ''));
    if (requested.length) fields.changesRequestedBy = requested;
    if (this.checks) fields.checks = this.checks;
    if (this.url) fields.url = this.url;
    const checksFailing = this.checks !== null && /fail/i.test(this.checks);
    const summary: Bullet[] = [{ text: `#${title.number} ${JSON.stringify(title.title)} · ${state.state}${this.checks ? ` · ${this.checks}` : ''}`, cites: [ref], fields: ['title', 'state'] }];
    if (requested.length) summary.push({ text: `changes requested by ${requested.join(', ')}`, cites: [ref], fields: ['changesRequestedBy'] });
    const rest = this.last - headerEnd;
    const omitted = rest > 0 ? [{ what: 'body and comment lines (external text)', count: rest }] : [];
    return { status: failed || checksFailing ? 'fail' : requested.length ? 'warn' : 'ok', summary, fields, citations, omitted, confidence: 0.75 };
  }
}
