/**
 * Compiler and linter diagnostics counted as they stream: by severity, file and code; the first
 * errors (grouped by file) and a few warnings kept as line ranges; the tool's verdict lines.
 */
import type { Bullet, CitationDraft, FieldValue, LineCitation, Omission, PacketParts, Priority, StreamName } from '../../core/types.js';
import { clip, count, plural } from '../../core/format.js';
import { EdgeSample } from '../generic/edge-sample.js';
import { errorKey } from '../generic/templates.js';
import { DiagnosticParser, location, type Diagnostic, type DiagnosticBlock, type SummaryKind } from './diagnostics.js';

/** Errors cited with an excerpt; later ones are counted. */
const MAX_CITED_ERRORS = 30;
/** Errors whose excerpts outrank samples when the budget is tight. */
const HIGH_ERRORS = 10;
const MAX_CITED_WARNINGS = 4;
/** Warnings that rank with the outcome of a run with no errors: the first two, and the first of each kind among these. */
const HIGH_WARNINGS = 12;
/** Bytes a cited warning is assumed to take beyond its line: the citation header (warning-templates' CITATION_OVERHEAD). */
const WARNING_OVERHEAD = 64;
/** Warnings past the first MAX_CITED_WARNINGS still cited because their code or message is new. */
const MAX_DISTINCT_WARNINGS = 8;
/** Errors past the first MAX_CITED_ERRORS still cited because their code or message is new. */
const MAX_DISTINCT_EXTRA = 60;
const MAX_KINDS = 2_000;
/** Lines below a tool summary read as its continuation, at most. */
const MAX_SUMMARY_CONTINUATION = 3;
/**
 * A code seen at most this often so far is rare: each of its distinct messages is a kind of its own
 * (eslint's eqeqeq says `'==='` in one place and `'!=='` in another). A frequent code is one kind.
 */
const RARE_CODE = 3;
/** Longest excerpt that several diagnostics of one file are merged into. */
const MAX_GROUP_SPAN = 16;
const MAX_FILES = 5_000;
const MAX_CODES = 1_000;
const TOP_FILES = 10;
const TOP_CODES = 8;
const EDGE_SUMMARIES = 2;

interface Unit {
  diagnostic: Diagnostic;
  stream: StreamName;
  from: number;
  to: number;
  at: number;
  /** 0-based rank among errors (or warnings), to set priorities. */
  rank: number;
  /** The first error of its kind (code, or message shape when there is no code). */
  novel: boolean;
  /** The last error of the output, cited when nothing else reached it. */
  last?: boolean;
}

/** A diagnostic found in a JSON document (eslint -f json), cited by pointer. */
export interface PointerUnit {
  diagnostic: Diagnostic;
  pointer: string;
  excerpt: string;
}

interface SummaryLine {
  stream: StreamName;
  n: number;
  /** The last line of the summary: indented lines right below it continue it (`  0 errors and 14 warnings potentially fixable`). */
  to: number;
  kind: SummaryKind;
  text: string;
}

interface FileCount {
  errors: number;
  warnings: number;
  order: number;
}

/**
 * Diagnostics of one output with bounded state: counts by severity, file and code, the first errors
 * and a few warnings with their line ranges, and the tool's verdict lines. Feed it lines (a CI log
 * reducer can feed timestamp-stripped lines with their original numbers), then call finish() and parts().
 */
export class DiagnosticTally {
  private readonly parsers: Record<StreamName, DiagnosticParser> = { stdout: new DiagnosticParser(), stderr: new DiagnosticParser() };
  private readonly units: Unit[] = [];
  private readonly pointerUnits: PointerUnit[] = [];
  private readonly files = new Map<string, FileCount>();
  private otherFiles = 0;
  private readonly codes = new Map<string, number>();
  /** The tool's own summary lines: the first and the last few. */
  private readonly summaries = new EdgeSample<SummaryLine>(EDGE_SUMMARIES, EDGE_SUMMARIES);
  private readonly kinds = new Set<string>();
  /** Compiler invocations and build progress lines seen (`gcc -c a.c`, `[3/9] Building`, `Compiling x v1`). */
  steps = 0;
  private distinctExtra = 0;
  private distinctWarnings = 0;
  private readonly warningKinds = new Set<string>();
  /** The last error read, cited at the end when the first ones and the new kinds did not reach it: the end of a long list is where its odd ones often sit. */
  private lastError: Unit | null = null;
  /** The last warning read, likewise, cited when the run has no errors. */
  private lastWarning: Unit | null = null;
  /** A verdict line said the run failed (`Found 3 errors`, `could not compile`, `make: ***`). */
  failedSummary = false;
  errors = 0;
  warnings = 0;
  private first: Diagnostic | null = null;
  /** The first error outside system headers and dependencies, when the first error is inside them. */
  private firstOwn: Diagnostic | null = null;
  private firstUnit: Unit | PointerUnit | null = null;

  /** Reads one line; true when it belongs to a diagnostic, a verdict or known tool chatter. */
  line(stream: StreamName, n: number, text: string): boolean {
    const result = this.parsers[stream].push(n, text);
    if (result.done) this.addBlock(stream, result.done);
    if (result.summary) this.addSummary(stream, n, result.summary, text);
    else this.continueSummary(stream, n, text, result.claimed);
    if (result.step) this.steps++;
    return result.claimed;
  }

  /** Adds a diagnostic read from a JSON document; `excerpt` is its rendering in the input's style. */
  addPointer(unit: PointerUnit): void {
    if (this.count(unit.diagnostic) && this.shouldCite(unit.diagnostic).cite) this.pointerUnits.push(unit);
  }

  private addBlock(stream: StreamName, block: DiagnosticBlock): void {
    const d = block.diagnostic;
    if (!this.count(d)) return;
    const { cite, novel } = this.shouldCite(d);
    const rank = d.severity === 'error' ? this.errors - 1 : this.warnings - 1;
    const unit = { diagnostic: d, stream, from: block.from, to: block.to, at: block.at, rank, novel };
    if (d.severity === 'error') this.lastError = cite ? null : unit;
    else this.lastWarning = cite ? null : unit;
    if (cite) this.units.push(unit);
  }

  /** A rare error late in a flood of the same one is often the one that matters: cite each kind once. */
  private isNovel(d: Diagnostic): boolean {
    if (this.frequent(d)) return false;
    const key = this.kindOf(d);
    if (this.kinds.has(key) || this.kinds.size >= MAX_KINDS) return false;
    this.kinds.add(key);
    return true;
  }

  /**
   * A code seen more than RARE_CODE times: one kind, whose first messages were new kinds already (the
   * fourth `prefer-node-protocol` is not a new kind because its key is now the bare code).
   */
  private frequent(d: Diagnostic): boolean {
    return d.code !== null && (this.codes.get(d.code) ?? 0) > RARE_CODE;
  }

  /** What makes a diagnostic a new kind: its code, and while the code is rare its message too (numbers and ids masked). */
  private kindOf(d: Diagnostic): string {
    if (d.code === null) return errorKey(d.message);
    return (this.codes.get(d.code) ?? 0) <= RARE_CODE ? `${d.code}\u0000${errorKey(d.message)}` : d.code;
  }

  /** Counts an error or warning; notes and help lines are part of another diagnostic's story. */
  private count(d: Diagnostic): boolean {
    if (d.severity === 'error') this.errors++;
    else if (d.severity === 'warning') this.warnings++;
    else return false;
    if (d.file !== null) {
      let f = this.files.get(d.file);
      if (!f && this.files.size < MAX_FILES) this.files.set(d.file, (f = { errors: 0, warnings: 0, order: this.files.size }));
      if (f) f[d.severity === 'error' ? 'errors' : 'warnings']++;
      else this.otherFiles++;
    }
    if (d.code !== null && (this.codes.has(d.code) || this.codes.size < MAX_CODES)) this.codes.set(d.code, (this.codes.get(d.code) ?? 0) + 1);
    if (d.severity === 'error') {
      this.first ??= d;
      if (d.file !== null && !isVendorPath(d.file) && this.first !== d && this.first.file !== null && isVendorPath(this.first.file)) this.firstOwn ??= d;
    }
    return true;
  }

  /** The first errors and warnings are cited, and past them each new kind of error once. */
  private shouldCite(d: Diagnostic): { cite: boolean; novel: boolean } {
    if (d.severity !== 'error') {
      // Each new kind of warning once, past the first few: a stale directive among a hundred style warnings.
      const key = this.kindOf(d);
      const novel = !this.frequent(d) && !this.warningKinds.has(key) && this.warningKinds.size < MAX_KINDS;
      if (novel) this.warningKinds.add(key);
      return { cite: this.warnings <= MAX_CITED_WARNINGS || (novel && this.distinctWarnings++ < MAX_DISTINCT_WARNINGS), novel };
    }
    const novel = this.isNovel(d);
    return { cite: this.errors <= MAX_CITED_ERRORS || d === this.firstOwn || (novel && this.distinctExtra++ < MAX_DISTINCT_EXTRA), novel };
  }

  private addSummary(stream: StreamName, n: number, kind: SummaryKind, text: string): void {
    if (kind === 'failure') this.failedSummary = true;
    const entry = { stream, n, to: n, kind, text: clip(text.trim(), 160) };
    this.summaries.push(entry);
  }

  /** An indented line right below the tool's summary, that no diagnostic claimed as its own, is part of the summary. */
  private continueSummary(stream: StreamName, n: number, text: string, claimed: boolean): void {
    const last = this.summaries.items[this.summaries.items.length - 1];
    if (!last || last.stream !== stream || last.to !== n - 1 || last.to - last.n >= MAX_SUMMARY_CONTINUATION) return;
    if (/^\s+\S/.test(text) && this.parsers[stream].idle() && (claimed || !/^\s+at /.test(text))) last.to = n;
  }

  /** The last line of the latest tool summary on a stream (`✖ 3 problems`, `error: could not compile`), if any. */
  summaryEnd(stream: StreamName): number | undefined {
    return [...this.summaries.items].reverse().find((s) => s.stream === stream)?.to;
  }

  /** The diagnostics counted so far. */
  get diagnostics(): number {
    return this.errors + this.warnings;
  }

  /** Ends the open blocks; call once, after the last line. */
  finish(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      const block = this.parsers[stream].flush();
      if (block) this.addBlock(stream, block);
    }
    if (this.lastError) this.units.push({ ...this.lastError, novel: true, last: true });
    // A run with warnings only: its last warning, for the same reason (the last file of a long report).
    else if (this.errors === 0 && this.lastWarning) this.units.push({ ...this.lastWarning, last: true });
    this.lastError = null;
    this.lastWarning = null;
  }

  /** Whether anything was recognised: a diagnostic or a verdict line. */
  get found(): boolean {
    return this.diagnostics > 0 || this.summaries.seen > 0 || this.steps > 0;
  }

  /**
   * Bullets, fields, citations and omissions for what was found. `nextRef` allocates citation refs
   * (pass the embedding digest's, so refs stay unique in the packet).
   */
  parts(nextRef: () => string): Pick<PacketParts, 'summary' | 'fields' | 'citations' | 'omitted'> {
    const citations: CitationDraft[] = [];
    const summary: Bullet[] = [];
    const fields: Record<string, FieldValue> = {};

    const lineCitations = this.citeUnits(nextRef);
    citations.push(...lineCitations.map((c) => c.citation));
    const firstRef = this.firstRef(lineCitations);
    const ownRef = lineCitations.find((c) => c.units.some((u) => u.diagnostic === this.firstOwn))?.citation.ref;
    for (const p of this.pointerUnits) {
      const d = p.diagnostic;
      const isFirst = p === this.firstUnit;
      citations.push({ ref: nextRef(), stream: 'stdout', pointer: p.pointer, label: describe(d), kind: d.severity === 'error' ? 'errors' : 'warnings', priority: isFirst ? 'mandatory' : d.severity === 'error' ? 'high' : 'normal', excerpt: [p.excerpt] });
    }
    const firstPointerRef = this.firstUnit && 'pointer' in this.firstUnit ? citations.find((c) => 'pointer' in c && c.pointer === (this.firstUnit as PointerUnit).pointer)?.ref : undefined;

    // The last verdict decides; earlier ones (one per crate or make target) rank below it.
    const verdict = [...this.summaries.items].reverse().find((s) => s.kind === 'failure') ?? this.summaries.items.at(-1);
    let verdictRef: string | undefined;
    for (const s of this.summaries.items) {
      const ref = nextRef();
      if (s === verdict) verdictRef = ref;
      const priority: Priority = s === verdict ? (s.kind === 'failure' || this.diagnostics > 0 ? 'mandatory' : 'normal') : 'high';
      citations.push({ ref, stream: s.stream, from: s.n, to: s.to, label: 'tool summary', priority });
    }

    fields.errors = this.errors;
    fields.warnings = this.warnings;
    if (this.steps > 0) fields.buildSteps = this.steps;
    if (this.diagnostics === 0) summary.push({ text: this.steps > 0 ? `no errors or warnings in ${plural(this.steps, 'build step')}` : 'no errors or warnings', fields: this.steps > 0 ? ['errors', 'warnings', 'buildSteps'] : ['errors', 'warnings'] });
    else {
      fields.files = this.files.size + (this.otherFiles > 0 ? 1 : 0);
      const counts = `${plural(this.errors, 'error')}, ${plural(this.warnings, 'warning')}`;
      summary.push({ text: this.files.size > 0 ? `${counts} in ${plural(this.files.size, 'file')}` : counts, fields: ['errors', 'warnings', 'files'] });
    }

    const firstCite = firstRef ?? firstPointerRef;
    if (this.first) {
      fields.firstError = describeField(this.first);
      summary.push({ text: `first error: ${describe(this.first)}: ${clip(this.first.message, 160)}`, ...(firstCite ? { cites: [firstCite] } : {}), fields: ['firstError'], priority: 'mandatory' });
    }
    if (this.firstOwn) {
      // The first error sits in a system header or a dependency; the cause is usually in the project.
      fields.firstProjectError = describeField(this.firstOwn);
      summary.push({ text: `first error outside system and dependency files: ${describe(this.firstOwn)}: ${clip(this.firstOwn.message, 160)}`, ...(ownRef ? { cites: [ownRef] } : {}), fields: ['firstProjectError'], priority: 'mandatory' });
    }
    if (verdict && verdictRef) summary.push({ text: `tool says: ${verdict.text}`, cites: [verdictRef] });

    if (this.files.size > 0) fields.byFile = this.topFiles();
    if (this.codes.size > 0) {
      const top = [...this.codes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP_CODES);
      fields.codes = Object.fromEntries(top);
      if (top[0]![1] > 1) summary.push({ text: `most frequent: ${top.slice(0, 4).map(([code, n]) => `${code} ×${count(n)}`).join(', ')}`, fields: ['codes'] });
    }

    const omitted: Omission[] = [];
    const citedErrors = this.units.filter((u) => u.diagnostic.severity === 'error').length + this.pointerUnits.filter((u) => u.diagnostic.severity === 'error').length;
    const citedWarnings = this.units.length + this.pointerUnits.length - citedErrors;
    if (this.errors > citedErrors) omitted.push({ what: 'errors not cited (counted in fields; each code is cited once)', count: this.errors - citedErrors });
    if (this.warnings > citedWarnings) omitted.push({ what: 'warnings not cited (counted in fields)', count: this.warnings - citedWarnings });
    if (this.summaries.dropped) omitted.push({ what: 'tool summary lines', count: this.summaries.dropped });
    const shownFiles = (fields.byFile as FieldValue[] | undefined)?.length ?? 0;
    if (this.files.size > shownFiles) omitted.push({ what: 'files with diagnostics not listed in fields.byFile', count: this.files.size - shownFiles });
    return { summary, fields, citations, omitted };
  }

  /** Cites the kept diagnostics, merging neighbours from the same file into one excerpt. */
  private citeUnits(nextRef: () => string): Array<{ citation: LineCitation; units: Unit[] }> {
    const sorted = [...this.units].sort((a, b) => (a.stream === b.stream ? 0 : a.stream === 'stdout' ? -1 : 1) || a.from - b.from);
    const groups: Unit[][] = [];
    for (const unit of sorted) {
      const last = groups[groups.length - 1];
      const tail = last?.[last.length - 1];
      if (last && tail && tail.stream === unit.stream && tail.diagnostic.file === unit.diagnostic.file && (tail.diagnostic.severity === unit.diagnostic.severity || unit.to - unit.from < 2) && unit.from <= tail.to + 2 && unit.to - last[0]!.from < MAX_GROUP_SPAN) last.push(unit);
      else groups.push([unit]);
    }
    const hasErrors = this.errors > 0;
    return groups.map((units) => {
      const errors = units.filter((u) => u.diagnostic.severity === 'error');
      const priority = units.map((u) => this.priorityOf(u, hasErrors)).sort((a, b) => RANK[a] - RANK[b])[0]!;
      const head = units[0]!.diagnostic;
      const total = head.file !== null ? this.files.get(head.file) : undefined;
      const label = units.length === 1 ? describe(head) : `${head.file ?? 'no file'}${total ? ` (${describeCounts(total.errors, total.warnings)} in this file)` : ''}`;
      const citation: LineCitation = {
        ref: nextRef(),
        stream: units[0]!.stream,
        from: units[0]!.from,
        to: Math.max(...units.map((u) => u.to)),
        label,
        kind: errors.length > 0 ? 'errors' : 'warnings',
        priority,
        focus: units.map((u) => u.at),
      };
      return { citation, units };
    });
  }

  private priorityOf(unit: Unit, hasErrors: boolean): Priority {
    if (unit.diagnostic.severity === 'error') {
      if (unit.diagnostic === this.first || unit.diagnostic === this.firstOwn) return 'mandatory';
      if (unit.diagnostic.file !== null && isVendorPath(unit.diagnostic.file)) return 'normal';
      // Past the first errors, a new kind ranks high when its code stayed rare to the end: one
      // `reportOptionalCall` among 400 `reportUnknownMemberType` is the finding to read, not a new wording of the flood.
      // Among the first errors, one more of a code that floods the output (the fifth `prefer-node-protocol`)
      // waits for the room the other kinds leave: the flood is counted in fields, its first one cited.
      const early = unit.rank < HIGH_ERRORS && (unit.novel || this.rareToTheEnd(unit.diagnostic));
      return early || unit.last || (unit.novel && this.rareToTheEnd(unit.diagnostic)) ? 'high' : 'normal';
    }
    // On success the warnings are what is left to say: the first two and the first of each kind rank with the outcome.
    return hasErrors ? 'low' : unit.rank < 2 || (unit.novel && unit.rank < HIGH_WARNINGS) ? 'high' : 'normal';
  }

  /** A diagnostic with no code, or whose code the whole output used at most RARE_CODE times. */
  private rareToTheEnd(d: Diagnostic): boolean {
    return d.code === null || (this.codes.get(d.code) ?? 0) <= RARE_CODE;
  }

  /**
   * The room the high-priority warnings of a run with no errors ask for (their lines, estimated from
   * the message and code, and a citation header each): a successful verdict grows by it, as it does
   * for the warning templates of any other verdict (core/budget.ts caps it).
   */
  warningBytes(): number {
    if (this.errors > 0) return 0;
    let bytes = 0;
    for (const unit of this.units) {
      if (unit.diagnostic.severity !== 'warning' || this.priorityOf(unit, false) !== 'high') continue;
      bytes += (unit.to - unit.from + 1) * (Math.min(unit.diagnostic.message.length, 300) + (unit.diagnostic.code?.length ?? 0) + 24) + WARNING_OVERHEAD;
    }
    return bytes;
  }

  private firstRef(cited: Array<{ citation: LineCitation; units: Unit[] }>): string | undefined {
    const hit = cited.find((c) => c.units.some((u) => u.diagnostic === this.first));
    if (hit) return hit.citation.ref;
    this.firstUnit = this.pointerUnits.find((p) => p.diagnostic === this.first) ?? null;
    return undefined;
  }

  private topFiles(): FieldValue[] {
    return [...this.files]
      .sort((a, b) => b[1].errors - a[1].errors || b[1].warnings - a[1].warnings || a[1].order - b[1].order)
      .slice(0, TOP_FILES)
      .map(([file, c]) => ({ file, errors: c.errors, warnings: c.warnings }));
  }
}

const RANK: Record<Priority, number> = { mandatory: 0, high: 1, normal: 2, low: 3 };

/** `src/a.ts:12:5 error TS2322` */
export function describe(d: Diagnostic): string {
  const where = location(d);
  return [where, d.severity, d.code].filter((s) => s).join(' ');
}

function describeField(d: Diagnostic): FieldValue {
  return { file: d.file, line: d.line, col: d.col, code: d.code, message: clip(d.message, 160) };
}

function describeCounts(errors: number, warnings: number): string {
  return [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter((s) => s).join(', ');
}

const VENDOR = /^(?:\/usr\/(?:local\/)?(?:include|lib)\/|\/usr\/local\/go\/src\/|\/opt\/homebrew\/)|(?:^|[\\/])(?:node_modules|\.cargo[\\/]registry|go[\\/]pkg[\\/]mod|vendor)[\\/]|^\/rustc\/[0-9a-f]+\//;

/** System headers, toolchain sources and installed dependencies: rarely where the fix goes. */
export function isVendorPath(file: string): boolean {
  return VENDOR.test(file);
}
