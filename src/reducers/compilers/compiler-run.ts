/**
 * The run shared by the compiler and linter reducers: a {@link DiagnosticTally} for the lines it
 * recognises, the log digest for every other line (linker and make errors, panics).
 */
import type { ExitInfo, PacketParts, ReducerRun, RunContext, StreamName } from '../../core/types.js';
import { plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { edgeRows } from '../generic/structured-run.js';
import { DiagnosticTally } from './diagnostic-tally.js';

/** Room a program's last line asks for on success (a result line and its citation header). */
const LAST_LINE_BYTES = 160;
/**
 * What a tool prints below its summary line, on the same stream, is cited when it is no longer than
 * this: an addendum the caller asked for (eslint's TIMING=1 rule table, a plugin's stats) or a problem.
 */
const MAX_AFTER_LINES = 30;
const MAX_AFTER_BYTES = 3000;

/** A compiler or linter run: the tally for what it recognises, the log digest for every other line. */
export class CompilerRun implements ReducerRun {
  readonly digest: LogDigest;
  readonly tally = new DiagnosticTally();
  /** The streams the tally recognised lines on (diagnostics, build steps). */
  private readonly claimed = new Set<StreamName>();
  /** Set when the diagnostics came from a parsed JSON document: its raw lines are not log text. */
  jsonMode = false;
  /** Per stream, the text lines no parser claimed since the last line the tally recognised on it. */
  private readonly after = new Map<StreamName, { from: number; to: number; bytes: number }>();

  /** Whether the caller ran the tool to read its output (`eslint --debug`): then unrecognised text is shown as the text reducer shows it. */
  private readonly answer: boolean;

  constructor(ctx: RunContext) {
    this.digest = new LogDigest({ extraPatterns: ctx.errorPatterns, standOutsOnSuccess: ctx.intent === 'verdict' });
    this.answer = ctx.intent === 'answer';
  }

  line(stream: StreamName, n: number, text: string): void {
    if (this.tally.line(stream, n, text)) {
      this.digest.lines[stream] = n;
      this.claimed.add(stream);
      this.after.delete(stream);
      return;
    }
    this.digest.line(stream, n, text);
    if (!this.claimed.has(stream) || text.trim() === '') return;
    const after = this.after.get(stream);
    if (after) {
      after.to = n;
      after.bytes += text.length + 3;
    } else this.after.set(stream, { from: n, to: n, bytes: text.length + 3 });
  }

  /** The block below the report on each stream (see MAX_AFTER_LINES), cited beside the diagnostics. */
  private afterReport(): { citations: PacketParts['citations']; bytes: number } {
    const citations: PacketParts['citations'] = [];
    let bytes = 0;
    for (const [stream, after] of this.after) {
      // Only below the tool's own summary: elsewhere the lines are the build's log going on (`go build -x`).
      const summary = this.tally.summaryEnd(stream);
      if (summary === undefined || summary >= after.from) continue;
      if (after.to - after.from >= MAX_AFTER_LINES || after.bytes > MAX_AFTER_BYTES) continue;
      citations.push({ ref: this.digest.nextRef(), stream, from: after.from, to: after.to, label: 'after the report', priority: 'high' });
      bytes += after.bytes + 64;
    }
    return { citations, bytes };
  }

  finish(exit: ExitInfo): PacketParts {
    const tally = this.tally;
    tally.finish();
    // Nothing we recognise, or an answer (a dry run's plan, `make -p`'s database) with no diagnostic in it:
    // the generic digest, as the text reducer would give.
    if ((!tally.found || (this.answer && tally.diagnostics === 0)) && !this.jsonMode) {
      const parts = this.digest.finish(exit);
      parts.confidence = Math.min(parts.confidence, 0.6);
      // Text the caller asked to read (a debug trace): the room the evidence leaves goes to its first and last lines.
      const edges = this.answer ? edgeRows(this.digest.lines, () => this.digest.nextRef()) : null;
      if (edges) parts.citations.push({ ...edges, label: 'lines', kind: 'lines' });
      return parts;
    }
    const failedExit = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
    // As the log digest judges: a run that exited 0 fails only on an error that leads its line, not on a
    // mention (`# RCS: could not be stat'd.` in `make -p`'s database); with no exit status a mention is all there is.
    const unknownExit = exit.code === null && exit.signal === null && !exit.timedOut;
    const errorSeen = this.digest.strongErrors > 0 || (unknownExit && this.digest.errors.errorLines > 0);
    if (tally.diagnostics === 0 && !this.jsonMode && (failedExit || tally.failedSummary || errorSeen)) return this.failedWithoutDiagnostics(exit);

    const digestParts = this.digest.finish(exit, { skipHead: true, skipTail: true });
    const { summary, fields, citations, omitted } = tally.parts(() => this.digest.nextRef());

    // Lines the digest flagged as errors that no diagnostic explains (linker, make, panics).
    if (!this.jsonMode) {
      const windows = digestParts.citations.filter((c) => c.label?.startsWith('error'));
      citations.push(...windows);
      omitted.unshift(...digestParts.omitted);
      if (digestParts.fields.errorLines) {
        fields.otherErrorLines = digestParts.fields.errorLines;
        const refs = windows.map((c) => c.ref).slice(0, 3);
        summary.push({ text: `${plural(digestParts.fields.errorLines as number, 'other error line')} outside the parsed diagnostics`, ...(refs.length ? { cites: refs } : {}), fields: ['otherErrorLines'] });
      }
    }

    const failed = failedExit || tally.errors > 0 || tally.failedSummary;
    const after = this.jsonMode ? { citations: [], bytes: 0 } : this.afterReport();
    citations.push(...after.citations);
    let lastLineBytes = 0;
    // On success, warnings no diagnostic parsed (deprecations, skipped steps) are shown as every verdict shows them.
    if (!failed && !this.jsonMode) {
      // So are the few lines unlike a flood of one shape (a program's `unmatched: …` among its `matched` lines under `cargo run`).
      const warnings = digestParts.citations.filter((c) => c.kind === 'warning' || c.kind === 'stand-out');
      const refs = new Set(warnings.map((c) => c.ref));
      citations.push(...warnings);
      summary.push(...digestParts.summary.filter((b) => b.cites?.length && b.cites.every((r) => refs.has(r))));
      // What a build that succeeded printed last, when no diagnostic or build step claimed it, is its outcome
      // (`Built libcore 70 objects`, `ar rcs libcore.a …`): one line.
      // When the diagnostics and build steps were all on stderr (cargo's `Compiling`, `Running`), stdout is the
      // built program's own output (`cargo run`): its last line is the run's result and ranks with the outcome.
      const last = this.digest.lastTextLine('stdout');
      const programOutput = this.claimed.size > 0 && !this.claimed.has('stdout');
      if (last !== null && last === this.digest.lines.stdout) {
        citations.push({ ref: this.digest.nextRef(), stream: 'stdout', from: last, to: last, label: 'last line', priority: programOutput ? 'high' : 'normal' });
        if (programOutput) lastLineBytes = LAST_LINE_BYTES;
      }
    }
    return {
      status: failed ? 'fail' : tally.warnings > 0 ? 'warn' : 'ok',
      summary,
      fields,
      citations,
      omitted,
      confidence: tally.diagnostics > 0 ? (failed && tally.errors === 0 && !tally.failedSummary ? 0.7 : 0.9) : 0.8,
      // Warnings the tool reported (and any the digest found) ask for their room on success.
      ...(!failed && (digestParts.warningBytes || tally.warningBytes() || lastLineBytes || after.bytes) ? { warningBytes: (digestParts.warningBytes ?? 0) + tally.warningBytes() + lastLineBytes + after.bytes } : {}),
    };
  }

  /**
   * Something failed but no diagnostic says what (`make test` running a test suite, a crashed build
   * script): the whole log digest, with the verdict line and build steps we did recognise in front.
   */
  private failedWithoutDiagnostics(exit: ExitInfo): PacketParts {
    const parts = this.digest.finish(exit);
    const own = this.tally.parts(() => this.digest.nextRef());
    const summary = own.summary.map((b) => (b.fields?.includes('errors') ? { ...b, text: 'no compiler or linter diagnostics parsed' } : b));
    return {
      status: 'fail',
      summary: [...summary, ...parts.summary],
      fields: { ...own.fields, ...parts.fields },
      citations: [...own.citations, ...parts.citations],
      omitted: [...own.omitted, ...parts.omitted],
      confidence: 0.7,
    };
  }
}
