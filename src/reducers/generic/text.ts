/**
 * The fallback for any text: logs, build output, anything without a family of its own.
 * Keeps error windows (with stack frames), the first and last lines, and folds repeated lines
 * into templates with counts.
 */
import type { Reducer } from '../../core/types.js';
import { ColumnGroups } from './column-groups.js';
import { IndentOutline } from './indent-outline.js';
import { LogDigest } from './log-digest.js';
import { ShareLeaders } from './share-leaders.js';
import { edgeRows } from './structured-run.js';
import { textClaims } from './text.claims.js';

export const textReducer: Reducer = {
  ...textClaims,
  version: '1.3.8',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns, mentionsAreContent: ctx.intent === 'answer', standOutsOnSuccess: ctx.intent === 'verdict' });
    const groups = ctx.intent === 'answer' ? new ColumnGroups() : null;
    const outline = ctx.intent === 'answer' ? new IndentOutline() : null;
    const shares = ctx.intent === 'answer' ? new ShareLeaders() : null;
    return {
      line(stream, n, text, marks) {
        digest.line(stream, n, text, marks);
        groups?.line(stream, n, text);
        outline?.line(stream, n, text);
        shares?.line(stream, n, text);
      },
      finish(exit) {
        const parts = digest.finish(exit);
        // An indented text too long to show whole (a disassembly, a class dump, a profile's call graphs): the
        // lines that open its blocks. A failed run's room goes to its errors.
        const skeleton = exit.code === 0 || exit.code === null ? outline?.finish(() => digest.nextRef()) : null;
        if (skeleton) parts.citations.unshift(skeleton);
        // Rows in columns with no header: the first row of each group (a protocol, a kind) stands out.
        if (groups) parts.citations.push(...groups.finish(() => digest.nextRef()));
        // A profile or a coverage table too long to show whole: the lines with the largest shares stand out.
        if (shares) parts.citations.push(...shares.finish(() => digest.nextRef()));
        // Text the caller asked to read: what room the evidence leaves goes to its first and last lines.
        const edges = ctx.intent === 'answer' ? edgeRows(digest.lines, () => digest.nextRef()) : null;
        if (edges) parts.citations.push({ ...edges, label: 'lines', kind: 'lines' });
        return parts;
      },
    };
  },
};
