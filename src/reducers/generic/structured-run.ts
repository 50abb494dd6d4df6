/**
 * What every generic structure reducer (tables, logs, records, lists) runs: its own scanners for the
 * structure, and the log digest beside them for errors, first and last lines. The structure's index
 * leads the packet (most informative first); the digest's evidence follows, so a budget of any size
 * packs the index before the noise.
 */
import type { Bullet, CitationDraft, ExitInfo, FieldValue, LineCitation, LineMarks, Omission, PacketParts, ReducerRun, RunContext, StreamName } from '../../core/types.js';
import { LogDigest, hasProblems, windowsAfterProblems } from './log-digest.js';
import { ProblemLog } from './log-problems.js';
import { ShareLeaders } from './share-leaders.js';


/** Packet parts of one structure scanner, before the digest's are added. */
export interface StructureParts {
  summary: Bullet[];
  citations: CitationDraft[];
  fields: Record<string, FieldValue>;
  omitted: Omission[];
}

export interface StructureScanner {
  /** True when the line is structure (a table row, a list item, a record field) that the digest need not read. */
  line(stream: StreamName, n: number, text: string): boolean | void;
  finish(nextRef: () => string): StructureParts;
  /** False when the lines it claimed turn out not to be its structure after all (BestStructure then asks the next). */
  fits?(): boolean;
}

/** Line bytes an index excerpt is assumed to take when sizing the answer: a cited line plus its header share. */
const EXCERPT_OVERHEAD = 12;

/**
 * A run that feeds every line to the scanners and the digest. `finishParts` may adjust the joined
 * parts (a status the structure decides, notes); `answer` says whether the room asked for is the
 * whole output (tables, lists, records) or the structure's index (logs).
 */
export function structuredRun(ctx: RunContext, scanners: readonly StructureScanner[], finishParts?: (parts: PacketParts, exit: ExitInfo) => PacketParts, answer: 'whole' | 'index' = 'whole'): ReducerRun {
  // A reducer that runs its own ProblemLog does not need the digest's.
  const ownProblemLog = scanners.some((s) => s instanceof ProblemLog);
  const digest = new LogDigest({ extraPatterns: ctx.errorPatterns, problems: !ownProblemLog, mentionsAreContent: ctx.intent === 'answer' && !ownProblemLog });
  let chars = 0;
  // A table or list too long to show whole (cg_annotate's per-line counts): the rows with the largest shares stand out.
  const shares = ctx.intent === 'answer' && answer === 'whole' ? new ShareLeaders() : null;
  return {
    line(stream: StreamName, n: number, text: string, marks?: LineMarks) {
      chars += text.length + 1;
      shares?.line(stream, n, text);
      let structure = false;
      for (const scanner of scanners) if (scanner.line(stream, n, text) === true) structure = true;
      // A row or item is data: a `failed` cell in it is no error window and no repeated-line template.
      if (structure) digest.skip(stream, n);
      else digest.line(stream, n, text, marks);
    },
    finish(exit: ExitInfo) {
      const structure = scanners.map((s) => s.finish(() => digest.nextRef()));
      const parts = joinParts(structure, digest.finish(exit));
      const lines = digest.lines.stdout + digest.lines.stderr;
      // A table, list or record set is itself the answer: room for all of it (the budget caps it, and
      // past the cap the index is packed); a log's answer is its index of problems.
      const index = answerBytesOf(structure, lines ? chars / lines : 0);
      parts.answerBytes = answer === 'whole' ? Math.max(index, chars) : index;
      if (shares) parts.citations.push(...shares.finish(() => digest.nextRef()));
      if (ctx.intent === 'answer') {
        // A log's answer is its index of problems: rows of routine lines at both ends add bytes, not facts.
        const edges = answer === 'whole' ? edgeRows(digest.lines, () => digest.nextRef(), digest.repeatRuns) : null;
        if (edges) parts.citations.push(edges);
      }
      return finishParts ? finishParts(parts, exit) : parts;
    },
  };
}

/**
 * An answer's rows at both ends and around the middle, packed last: whatever room the index leaves goes
 * to lines not shown yet, so a large answer never shows fewer of them than a blind head-and-tail cut.
 */
export function edgeRows(lines: { stdout: number; stderr: number }, nextRef: () => string, repeats?: Record<StreamName, Array<[number, number]>>): LineCitation | null {
  const stream: StreamName = lines.stdout > 0 ? 'stdout' : 'stderr';
  const to = lines[stream];
  if (to < 2) return null;
  // Error lines that only repeat a cited message (`find: ‘…’: Permission denied` ×188) are not rows.
  const skip = repeats?.[stream].length ? { skip: repeats[stream] } : {};
  return { ref: nextRef(), stream, from: 1, to, label: 'rows', kind: 'rows', priority: 'low', layout: 'edges', ...skip };
}

/** The structure's parts first, then the digest's; fields of the structure win a name clash. */
export function joinParts(structure: readonly StructureParts[], digest: PacketParts): PacketParts {
  return {
    ...digest,
    status: digest.status,
    summary: [...structure.flatMap((s) => s.summary), ...digest.summary],
    fields: { ...digest.fields, ...Object.assign({}, ...structure.map((s) => s.fields)) },
    // The digest ranked its windows below its own problems already; a structure's ProblemLog (the
    // digest's own is then off) ranks them here, so no window is lowered twice.
    citations: [...structure.flatMap((s) => s.citations), ...windowsAfterProblems(digest.citations, structure.some((s) => hasProblems(s.citations)))],
    omitted: [...structure.flatMap((s) => s.omitted), ...digest.omitted],
  };
}

/** The room the structure's high-priority index asks for: its bullets and its cited lines. */
function answerBytesOf(structure: readonly StructureParts[], lineBytes: number): number {
  let bytes = 0;
  for (const s of structure) {
    for (const b of s.summary) bytes += b.text.length + 8;
    for (const c of s.citations) {
      if (c.priority !== 'high' && c.priority !== 'mandatory') continue;
      bytes += 'from' in c ? (c.to - c.from + 1) * (Math.min(lineBytes, 200) + EXCERPT_OVERHEAD) + 40 : c.excerpt.join('\n').length + 40;
    }
  }
  return Math.round(bytes);
}

