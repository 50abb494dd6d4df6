/**
 * `git diff` (and `git stash show -p`, `git format-patch --stdout`): the unified diff as a diffstat with
 * hunk headers (the generic diff reducer, under the git family), and the `--stat` / `--numstat` /
 * `--name-status` forms (` src/a.ts | 12 +++---`, `12\t3\tsrc/a.ts`, `M\tsrc/a.ts`) as counts.
 * Docs: https://git-scm.com/docs/git-diff
 */
import type { Bullet, CitationDraft, FieldValue, Reducer, Status } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { diffReducer } from '../generic/diff.js';
import { LogDigest } from '../generic/log-digest.js';
import { withStderrErrors } from '../generic/merge-parts.js';
import { gitDiffClaims } from './git-diff.claims.js';

const STAT_LINE = /^ (.+?)\s+\|\s+(?:(\d+) ?([+-]*)|Bin .*)$/;
const STAT_TOTAL = /^ (\d+) files? changed(?:, (\d+) insertions?\(\+\))?(?:, (\d+) deletions?\(-\))?/;
const NUMSTAT = /^(\d+|-)\t(\d+|-)\t(.+)$/;
const NAME_STATUS = /^([ACDMRTUXB])(\d{0,3})\t(.+)$/;
const CITED = 12;

export const gitDiffReducer: Reducer = {
  ...gitDiffClaims,
  version: '1.0.0',
  start(ctx) {
    const patch = diffReducer.start(ctx);
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const listed: Array<{ n: number; path: string; size: number; status: string }> = [];
    const statuses = new Map<string, number>();
    let entries = 0;
    let diffLines = 0;
    let total: { n: number; text: string } | null = null;
    return {
      line(stream, n, text) {
        patch.line(stream, n, text);
        digest.line(stream, n, text);
        if (stream !== 'stdout') return;
        if (/^(?:diff --git |@@ )/.test(text)) diffLines++;
        if (STAT_TOTAL.test(text)) {
          total = { n, text: text.trim() };
          return;
        }
        const stat = STAT_LINE.exec(text);
        const num = stat ? null : NUMSTAT.exec(text);
        const name = stat || num ? null : NAME_STATUS.exec(text);
        if (!stat && !num && !name) return;
        entries++;
        const path = (stat?.[1] ?? num?.[3] ?? name?.[3] ?? '').trim();
        const size = stat ? Number(stat[2] ?? 0) : num ? Number(num[1] === '-' ? 0 : num[1]) + Number(num[2] === '-' ? 0 : num[2]) : 0;
        const status = name ? name[1]! : 'changed';
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        listed.push({ n, path, size, status });
        // Keep the biggest changes and every unusual status; drop the smallest plain modification.
        if (listed.length > CITED * 4) {
          listed.sort((a, b) => Number(b.status !== 'M' && b.status !== 'changed') - Number(a.status !== 'M' && a.status !== 'changed') || b.size - a.size || a.n - b.n);
          listed.length = CITED * 2;
        }
      },
      finish(exit) {
        if (diffLines > 0 || entries === 0) {
          const parts = diffLines > 0 ? patch.finish(exit) : digest.finish(exit);
          return diffLines > 0 ? withStderrErrors(parts, digest, exit) : parts;
        }
        const summary: Bullet[] = [];
        const citations: CitationDraft[] = [];
        const fields: Record<string, FieldValue> = { files: entries };
        const shown = [...listed].sort((a, b) => b.size - a.size || a.n - b.n).slice(0, CITED).sort((a, b) => a.n - b.n);
        for (const entry of shown) citations.push({ ref: digest.nextRef(), stream: 'stdout', from: entry.n, to: entry.n, label: entry.status === 'changed' ? 'file' : `status ${entry.status}`, kind: 'file', priority: 'normal' });
        if (statuses.size > 1 || !statuses.has('changed')) fields.byStatus = Object.fromEntries([...statuses].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
        const totalLine = total as { n: number; text: string } | null;
        if (totalLine) {
          const ref = digest.nextRef();
          citations.push({ ref, stream: 'stdout', from: totalLine.n, to: totalLine.n, label: 'totals', priority: 'mandatory' });
          fields.total = totalLine.text;
          summary.push({ text: totalLine.text, cites: [ref], fields: ['total'] });
        } else summary.push({ text: `${plural(entries, 'file')} listed${fields.byStatus ? `: ${[...statuses].map(([s, c]) => `${s} ${count(c)}`).join(', ')}` : ''}`, fields: ['files'] });
        const omitted = entries > shown.length ? [{ what: 'files not cited (smallest changes)', count: entries - shown.length }] : [];
        const status: Status = exit.code !== null && exit.code > 1 ? 'fail' : 'ok';
        return { status, summary, fields, citations, omitted, confidence: 0.85 };
      },
    };
  },
};
