/**
 * `gh pr checks`: one row per check. Piped it prints `name<TAB>state<TAB>elapsed<TAB>url[<TAB>description]`
 * (`lint\tfail\t14s\thttps://github.com/o/r/actions/runs/1/job/2`); on a terminal a mark, the name and
 * columns, under a "2 failing, 8 successful, ..." tally. Failing checks first with their links, the rest counted.
 * Docs: https://cli.github.com/manual/gh_pr_checks
 */
import type { Bullet, CitationDraft, FieldValue, JsonStyle, Reducer } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { withStderrErrors } from '../generic/merge-parts.js';
import { reduceGitHubJson } from './gh-api.js';
import { ghPrChecksClaims, TAB_ROW, TALLY } from './gh-pr-checks.claims.js';
/** Terminal rows: `X  lint  14s  https://...` or `✓  build  Build (ubuntu)  1m2s  https://...`. */
const TTY_ROW = /^\s*([✓✔X×✗*\-])\s{1,3}(\S.*?)(?:\s{2,}(.*))?$/u;
const MARKS: Record<string, string> = { '✓': 'pass', '✔': 'pass', X: 'fail', '×': 'fail', '✗': 'fail', '*': 'pending', '-': 'skipping' };
const FAILING_CITED = 20;
const PENDING_CITED = 5;

interface Row {
  n: number;
  name: string;
  state: string;
  elapsed: string;
  link: string;
}

export const ghPrChecksReducer: Reducer = {
  ...ghPrChecksClaims,
  version: '1.0.1',
  wantsJson: true,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const byState = new Map<string, number>();
    const failing: Row[] = [];
    const pending: Row[] = [];
    let failingTotal = 0;
    let pendingTotal = 0;
    let rows = 0;
    let tally: number | null = null;
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    return {
      json(doc, style) {
        parsed = { doc, style };
      },
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (stream !== 'stdout') return;
        if (TALLY.test(text)) {
          tally = n;
          return;
        }
        const row = parseRow(n, text);
        if (!row) return;
        rows++;
        byState.set(row.state, (byState.get(row.state) ?? 0) + 1);
        if (row.state === 'fail' || row.state === 'cancel') {
          failingTotal++;
          if (failing.length < FAILING_CITED) failing.push(row);
        } else if (row.state === 'pending') {
          pendingTotal++;
          if (pending.length < PENDING_CITED) pending.push(row);
        }
      },
      finish(exit) {
        // `gh pr checks --json name,state,bucket,link`
        if (parsed) return reduceGitHubJson(parsed, digest, exit.code !== null && exit.code !== 0 && exit.code !== 8, exit);
        if (rows === 0) return digest.finish(exit);
        const summary: Bullet[] = [];
        const citations: CitationDraft[] = [];
        const fields: Record<string, FieldValue> = {};
        const failRefs: string[] = [];
        for (const row of failing) {
          const ref = digest.nextRef();
          failRefs.push(ref);
          citations.push({ ref, stream: 'stdout', from: row.n, to: row.n, label: `${row.state}: ${row.name}`, kind: 'failing check', priority: 'mandatory' });
        }
        const pendingRefs: string[] = [];
        for (const row of pending) {
          const ref = digest.nextRef();
          pendingRefs.push(ref);
          citations.push({ ref, stream: 'stdout', from: row.n, to: row.n, label: `pending: ${row.name}`, kind: 'pending check', priority: 'high' });
        }
        if (tally !== null) {
          const ref = digest.nextRef();
          citations.push({ ref, stream: 'stdout', from: tally, to: tally, label: 'tally', priority: 'high' });
        }
        const states = [...byState].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
        fields.checks = { total: rows, ...Object.fromEntries(states) };
        summary.push({ text: `${plural(rows, 'check')}: ${states.map(([s, c]) => `${s} ${count(c)}`).join(', ')}`, fields: ['checks'] });
        if (failingTotal) {
          fields.failing = failing.map((r) => ({ name: r.name, state: r.state, ...(r.elapsed ? { elapsed: r.elapsed } : {}), ...(r.link ? { link: r.link } : {}) }));
          summary.push({ text: `failing: ${failing.slice(0, 8).map((r) => r.name).join(', ')}${failingTotal > 8 ? ', …' : ''}`, cites: failRefs.slice(0, 8), fields: ['failing'], priority: 'mandatory' });
        }
        if (pendingTotal) {
          fields.pending = pending.map((r) => r.name);
          summary.push({ text: `pending: ${pending.map((r) => r.name).join(', ')}${pendingTotal > PENDING_CITED ? ', …' : ''}`, cites: pendingRefs, fields: ['pending'] });
        }
        const omitted = [];
        if (failingTotal > FAILING_CITED) omitted.push({ what: 'failing checks not cited', count: failingTotal - FAILING_CITED });
        const quiet = rows - failingTotal - pendingTotal;
        if (quiet > 0) omitted.push({ what: 'passing or skipped checks (counted)', count: quiet });
        const parts = {
          status: failingTotal > 0 ? ('fail' as const) : pendingTotal > 0 ? ('warn' as const) : exit.code !== null && exit.code !== 0 && exit.code !== 8 ? ('fail' as const) : ('ok' as const),
          summary,
          fields,
          citations,
          omitted,
          confidence: 0.9,
        };
        return withStderrErrors(parts, digest, exit);
      },
    };
  },
};

function parseRow(n: number, text: string): Row | null {
  const tab = TAB_ROW.exec(text);
  if (tab) return { n, name: tab[1]!, state: tab[2]!, elapsed: tab[3] ?? '', link: tab[4] ?? '' };
  const tty = TTY_ROW.exec(text);
  if (!tty || !MARKS[tty[1]!]) return null;
  const columns = [tty[2]!, ...(tty[3] ?? '').split(/\s{2,}/)].filter(Boolean);
  const link = columns.find((c) => /^https?:\/\//.test(c)) ?? '';
  // The mark alone is not enough: a check row carries a link or an elapsed time.
  if (!link && !columns.some((c) => /^\d+(?:h|m|s|ms)|^0$/.test(c))) return null;
  const elapsed = columns.find((c) => /^(?:\d+h)?(?:\d+m)?\d+s$|^0$/.test(c)) ?? '';
  return { n, name: columns[0]!, state: MARKS[tty[1]!]!, elapsed, link };
}
