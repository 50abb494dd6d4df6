/**
 * `gh pr list`, `gh issue list`, `gh run list`, `gh release list`, `gh search ...` and the other gh
 * commands: tab-separated rows when piped (`412\tFix flaky retry\tfix/retry\tOPEN\t2026-11-20T09:12:44Z`,
 * `completed\tfailure\tCI\tCI\tmain\tpush\t7712345678\t4m12s\t...`), `--json` arrays, or plain text.
 * Row count, states counted, failed runs first, the first and last rows cited. Docs: https://cli.github.com/manual/gh_pr_list
 */
import type { Bullet, CitationDraft, FieldValue, JsonStyle, Reducer } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { looksLikeDiff } from '../generic/diff-stat.js';
import { diffReducer } from '../generic/diff.js';
import { isFailing } from './github-json.js';
import { withStderrErrors } from '../generic/merge-parts.js';
import { reduceGitHubJson } from './gh-api.js';
import { ghListClaims } from './gh-list.claims.js';

const STATE_VALUE = /^(?:OPEN|CLOSED|MERGED|DRAFT|open|closed|merged|draft|completed|in_progress|queued|waiting|requested|pending|success|failure|cancelled|skipped|timed_out|action_required|neutral|startup_failure|stale|Latest|Pre-release|Draft|active|disabled_manually|disabled_inactivity)$/;
const HEAD_ROWS = 5;
const TAIL_ROWS = 3;
const FAILING_CITED = 10;

export const ghListReducer: Reducer = {
  ...ghListClaims,
  version: '1.1.1',
  wantsJson: true,
  start(ctx) {
    // `gh pr diff` prints a patch: the diffstat reducer reads it.
    if (looksLikeDiff(ctx.head)) return diffReducer.start(ctx);
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    let rows = 0;
    let other = 0;
    const columns = new Map<number, Map<string, number>>();
    const failing: number[] = [];
    let failingTotal = 0;
    const head: number[] = [];
    const tail: number[] = [];
    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (stream !== 'stdout' || text === '') return;
        const cells = text.split('\t');
        if (cells.length < 3) {
          other++;
          return;
        }
        rows++;
        if (head.length < HEAD_ROWS) head.push(n);
        else {
          tail.push(n);
          if (tail.length > TAIL_ROWS) tail.shift();
        }
        let bad = false;
        cells.forEach((cell, i) => {
          if (!STATE_VALUE.test(cell)) return;
          let values = columns.get(i);
          if (!values) columns.set(i, (values = new Map()));
          values.set(cell, (values.get(cell) ?? 0) + 1);
          if (isFailing(cell)) bad = true;
        });
        if (bad) {
          failingTotal++;
          if (failing.length < FAILING_CITED) failing.push(n);
        }
      },
      json(doc, style) {
        parsed = { doc, style };
      },
      finish(exit) {
        const failedExit = exit.code !== null && exit.code !== 0;
        if (parsed) return reduceGitHubJson(parsed, digest, failedExit, exit);
        if (rows === 0 || rows < other) return digest.finish(exit);
        const summary: Bullet[] = [];
        const citations: CitationDraft[] = [];
        const fields: Record<string, FieldValue> = { rows };
        const states = [...columns.values()].map((values) => [...values].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
        const counted = states.flat();
        if (counted.length) fields.states = Object.fromEntries(counted);
        const failRefs: string[] = [];
        for (const n of failing) {
          const ref = digest.nextRef();
          failRefs.push(ref);
          citations.push({ ref, stream: 'stdout', from: n, to: n, label: 'failed', kind: 'failed row', priority: 'mandatory' });
        }
        const sample = [...head, ...tail.filter((n) => n > (head[head.length - 1] ?? 0))].filter((n) => !failing.includes(n));
        const sampleRefs: string[] = [];
        for (const n of sample) {
          const ref = digest.nextRef();
          sampleRefs.push(ref);
          // The rows are the answer to a list query: a bounded sample is never dropped.
          citations.push({ ref, stream: 'stdout', from: n, to: n, label: 'row (external text)', kind: 'row', priority: 'mandatory' });
        }
        summary.push({ text: `${plural(rows, 'row')}${counted.length ? `: ${counted.map(([s, c]) => `${s} ${count(c)}`).join(', ')}` : ''}`, cites: sampleRefs.slice(0, 1), fields: ['rows'] });
        if (failingTotal) {
          fields.failed = failingTotal;
          summary.push({ text: `${plural(failingTotal, 'failed row')}`, cites: failRefs.slice(0, 6), fields: ['failed'], priority: 'mandatory' });
        }
        const omitted = [];
        const listed = sample.length + failing.length;
        if (rows > listed) omitted.push({ what: 'rows not cited', count: rows - listed });
        const parts = { status: failingTotal > 0 || failedExit ? ('fail' as const) : ('ok' as const), summary, fields, citations, omitted, confidence: 0.8 };
        return withStderrErrors(parts, digest, exit);
      },
    };
  },
};
