/**
 * Unified diffs (`git diff`, `diff -u`, patches): a diffstat with files, +added / -removed counts
 * and hunk headers, citing each file's header (modes, renames, deletions); an answer's remaining
 * room goes to the diff's first and last lines.
 */
import type { Bullet, CitationDraft, Reducer } from '../../core/types.js';
import { DiffStat } from './diff-stat.js';
import { count, plural } from '../../core/format.js';
import { edgeRows } from './structured-run.js';
import { diffClaims } from './diff.claims.js';

const FILES_CITED = 20;

export const diffReducer: Reducer = {
  ...diffClaims,
  version: '1.1.0',
  start(ctx) {
    const stat = new DiffStat();
    const lines = { stdout: 0, stderr: 0 };
    return {
      line(stream, n, text) {
        lines[stream] = n;
        stat.line(stream, n, text);
      },
      finish(exit) {
        const files = [...stat.files].sort((a, b) => b.added + b.removed - (a.added + a.removed) || a.line - b.line);
        const citations: CitationDraft[] = files.slice(0, FILES_CITED).map((file, i) => ({
          ref: `c${i + 1}`,
          stream: file.stream,
          // The whole header: a mode change, a rename or a deletion is said there, not in the hunks.
          from: file.line,
          to: file.headerTo,
          label: `${file.status} ${file.path} +${file.added} -${file.removed}, ${plural(file.hunkCount, 'hunk')}`,
          kind: 'file header',
          priority: i < 8 ? 'high' : 'normal',
        }));
        const summary: Bullet[] = [
          { text: `${plural(stat.files.length + stat.droppedFiles, 'file')} changed, +${count(stat.added)} -${count(stat.removed)}`, fields: ['files', 'added', 'removed'] },
        ];
        const byStatus = new Map<string, number>();
        for (const file of stat.files) byStatus.set(file.status, (byStatus.get(file.status) ?? 0) + 1);
        if (byStatus.size > 1 || !byStatus.has('modified')) summary.push({ text: [...byStatus].map(([s, c]) => `${s} ${count(c)}`).join(', '), fields: ['byStatus'] });
        const failed = exit.code !== null && exit.code > 1; // diff(1) exits 1 when files differ
        return {
          status: failed ? 'fail' : 'ok',
          summary,
          fields: {
            files: files.map((f) => ({ path: f.path, ...(f.oldPath ? { from: f.oldPath } : {}), status: f.status, added: f.added, removed: f.removed, hunks: f.hunks })),
            added: stat.added,
            removed: stat.removed,
            byStatus: Object.fromEntries(byStatus),
          },
          citations: [...citations, ...(ctx.intent === 'answer' ? [edgeRows(lines, () => `c${citations.length + 1}`)].filter((c) => c !== null) : [])].map((c) => (c.kind === 'rows' ? { ...c, label: 'diff lines', kind: 'diff lines' } : c)),
          omitted: files.length > FILES_CITED ? [{ what: 'files not cited', count: files.length - FILES_CITED + stat.droppedFiles }] : [],
          confidence: 0.9,
        };
      },
    };
  },
};
