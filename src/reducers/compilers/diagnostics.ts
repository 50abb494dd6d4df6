/**
 * Compiler and linter diagnostics: pure parsers for one line of tsc, gcc/clang, go, eslint and
 * rustc output, and a small streaming parser that knows where each diagnostic's block (message,
 * code frame, carets, notes) ends. Shared by the compiler reducers and by log reducers that meet
 * the same lines inside CI logs (strip the timestamp first; `##[error]` prefixes are tolerated).
 */
import { countTimestamped } from '../generic/classify.js';

export type Severity = 'error' | 'warning' | 'note' | 'help' | 'info';

/** Which tool's layout a diagnostic line was written in. */
export type DiagnosticFormat = 'tsc' | 'tsc-pretty' | 'gcc' | 'go' | 'eslint-unix' | 'eslint-stylish' | 'eslint-json' | 'rustc' | 'ld' | 'dash';

export interface Diagnostic {
  /** Path as printed (relative paths stay relative); null for diagnostics about no file. */
  file: string | null;
  line: number | null;
  col: number | null;
  severity: Severity;
  /** `TS2322`, `E0425`, `no-unused-vars`, `-Wunused-variable`, `unused_variables`; null when none is printed. */
  code: string | null;
  message: string;
  format: DiagnosticFormat;
}

/** `##[error]`, `##[warning]` GitHub Actions annotations in front of a tool's own line. */
const ANNOTATION = /^##\[(?:error|warning|notice)\]/;

export function stripAnnotation(text: string): string {
  return ANNOTATION.test(text) ? text.replace(ANNOTATION, '') : text;
}

function toSeverity(word: string): Severity {
  const w = word.toLowerCase();
  if (w.includes('error')) return 'error';
  if (w.startsWith('warn')) return 'warning';
  if (w === 'note') return 'note';
  if (w === 'help') return 'help';
  return 'info';
}

function num(s: string | undefined): number | null {
  return s === undefined ? null : Number(s);
}

/**
 * MSBuild's canonical error format, `origin(line,col): category code : text`: tsc, C#, F# and MSVC
 * (`Program.cs(12,5): error CS0103: …`, `main.cpp(12): error C2065: …`), and any other tool that
 * writes it for editors with a code of its own (`a.js(2,10): error no-unused-vars : …`, eslint's
 * visualstudio formatter). The format allows a space before the colon after the code.
 */
const TSC = /^(?<file>[^\s(][^(]*?)\((?<line>\d+)(?:,(?<col>\d+))?(?:,\d+,\d+)?\) ?: (?<sev>error|warning|message|fatal error) (?<code>TS\d+|[A-Z]+\d{3,}|@?[a-z][\w@/.-]*) ?: (?<msg>.*)$/;
/** Angular's builder prints the pretty layout behind `Error: `. */
const TSC_PRETTY = /^(?:Error: )?(?<file>[^\s:](?:[^:]|:[\\/])*?):(?<line>\d+):(?<col>\d+) - (?<sev>error|warning|message) (?<code>TS\d+): (?<msg>.*)$/;
const TSC_GLOBAL = /^(?<sev>error|warning|message) (?<code>TS\d+): (?<msg>.*)$/;

/** `src/a.ts(12,5): error TS2322: …`, `src/a.ts:12:5 - error TS2322: …` (pretty), `error TS18003: …`. */
export function parseTscLine(raw: string): Diagnostic | null {
  const text = stripAnnotation(raw);
  if (!/(?:^| )(?:error|warning|message) [A-Z@a-z]/.test(text)) return null;
  for (const [re, format] of [
    [TSC, 'tsc'],
    [TSC_PRETTY, 'tsc-pretty'],
  ] as const) {
    const m = re.exec(text);
    if (m?.groups) {
      const g = m.groups;
      return { file: g.file!, line: num(g.line), col: num(g.col), severity: toSeverity(g.sev!), code: g.code!, message: g.msg!, format };
    }
  }
  const m = TSC_GLOBAL.exec(text);
  if (m?.groups) return { file: null, line: null, col: null, severity: toSeverity(m.groups.sev!), code: m.groups.code!, message: m.groups.msg!, format: 'tsc' };
  return null;
}

/** Path: optional drive letter, then no spaces before the first colon-number. */
const GCC = /^(?<file>(?:[A-Za-z]:[\\/])?[^\s:][^:]*?):(?<line>\d+):(?:(?<col>\d+):)? (?<sev>fatal error|error|warning|note|remark): (?<msg>.*?)(?:\s+\[(?<code>-W[^\]]+|-f[^\]]+|[a-z][a-z0-9-]*)\])?$/;

/** `main.c:12:5: error: 'x' undeclared …`, `main.c:3: warning: …`, mypy's `a.py:3: error: … [arg-type]`. */
export function parseGccLine(raw: string): Diagnostic | null {
  const text = stripAnnotation(raw);
  const m = GCC.exec(text);
  if (!m?.groups) return null;
  const g = m.groups;
  return { file: g.file!, line: num(g.line), col: num(g.col), severity: toSeverity(g.sev!), code: g.code ?? null, message: g.msg!, format: 'gcc' };
}

/**
 * The `path:line:col - severity: message (rule)` layout, indented under a file header line or not (pyright and
 * basedpyright print it): the message may go on over more deeply indented lines, the rule at the end of the last.
 */
const DASH = /^(?<indent>[ \t]*)(?<file>(?:[A-Za-z]:[\\/])?[^\s:](?:[^:]|:[\\/])*?):(?<line>\d+):(?<col>\d+) - (?<sev>error|warning|information|info|note): (?<msg>.*?)(?: \((?<code>[a-z][\w-]*)\))?$/;
/** The rule a dash-layout message names at the end of its last line: `… (reportOptionalMemberAccess)`. */
const DASH_RULE = / \((?<code>[a-z][\w-]*)\)$/;

/** `  src/app.py:21:15 - error: "name" is not a known attribute of "None" (reportOptionalMemberAccess)`. */
export function parseDashLine(raw: string): Diagnostic | null {
  const m = DASH.exec(stripAnnotation(raw));
  if (!m?.groups) return null;
  const g = m.groups;
  return { file: g.file!, line: num(g.line), col: num(g.col), severity: toSeverity(g.sev!), code: g.code ?? null, message: g.msg!, format: 'dash' };
}

const LD = /^(?:\S*\bld(?:\.\w+)?: )?(?<file>[^\s:][^:]*?):(?:\([^)]*\)|\d+): (?<msg>(?:undefined reference|multiple definition|relocation|cannot find) .*)$/;

/** `main.c:(.text+0x1a): undefined reference to 'helper'`, `/usr/bin/ld: a.o: … multiple definition of …`. */
export function parseLinkerLine(raw: string): Diagnostic | null {
  const m = LD.exec(stripAnnotation(raw));
  if (!m?.groups) return null;
  return { file: m.groups.file!, line: null, col: null, severity: 'error', code: 'ld', message: m.groups.msg!, format: 'ld' };
}

const GO = /^(?:vet: )?(?<file>(?:\.{1,2}\/|\/)?[^\s:]+\.go):(?<line>\d+)(?::(?<col>\d+))?: (?<msg>.+?)(?: \((?<code>[a-z][\w-]*|[A-Z]{1,3}\d{3,5})\))?$/;

/** `./main.go:12:5: undefined: x` (go build and go vet). */
export function parseGoLine(raw: string): Diagnostic | null {
  const m = GO.exec(stripAnnotation(raw));
  if (!m?.groups) return null;
  const g = m.groups;
  // golangci-lint and staticcheck end with the linter or check: `… (ineffassign)`, `… (SA4006)`.
  return { file: g.file!, line: num(g.line), col: num(g.col), severity: 'error', code: g.code ?? null, message: g.msg!, format: 'go' };
}

const ESLINT_UNIX = /^(?<file>[^:\s][^:]*?):(?<line>\d+):(?<col>\d+): (?<msg>.*) \[(?<sev>Error|Warning)(?:\/(?<code>[^\]]+))?\]$/;

const ESLINT_COMPACT = /^(?<file>\S.*?): line (?<line>\d+), col (?<col>\d+), (?<sev>Error|Warning) - (?<msg>.*?)(?: \((?<code>[@\w/-]+)\))?$/;

/** eslint `-f compact` (before ESLint 9): `src/a.js: line 3, col 7, Error - 'x' is not defined. (no-undef)`. */
export function parseEslintCompactLine(raw: string): Diagnostic | null {
  const m = ESLINT_COMPACT.exec(stripAnnotation(raw));
  if (!m?.groups) return null;
  const g = m.groups;
  return { file: g.file!, line: num(g.line), col: num(g.col), severity: toSeverity(g.sev!), code: g.code ?? null, message: g.msg!, format: 'eslint-unix' };
}

/** eslint `-f unix`: `src/a.js:3:7: 'x' is defined but never used. [Error/no-unused-vars]`. */
export function parseEslintUnixLine(raw: string): Diagnostic | null {
  const m = ESLINT_UNIX.exec(stripAnnotation(raw));
  if (!m?.groups) return null;
  const g = m.groups;
  return { file: g.file!, line: num(g.line), col: num(g.col), severity: toSeverity(g.sev!), code: g.code ?? null, message: g.msg!, format: 'eslint-unix' };
}

const ESLINT_ROW = /^\s+(?<line>\d+):(?<col>\d+)\s+(?<sev>error|warning|\u2716|\u26a0)\s+(?<msg>.*?)(?:\s{2,}(?<code>@?[\w-]+(?:\/[\w-]+)*))?\s*$/;

/**
 * One row of eslint's default `stylish` format; the file is the unindented header line above it. The
 * same layout with the severity as a glyph (`✖` error, `⚠` warning: stylelint's default formatter) reads alike.
 */
export function parseEslintStylishRow(raw: string, file: string | null): Diagnostic | null {
  const m = ESLINT_ROW.exec(raw);
  if (!m?.groups) return null;
  const g = m.groups;
  const sev = g.sev === '\u2716' ? 'error' : g.sev === '\u26a0' ? 'warning' : g.sev!;
  return { file, line: num(g.line), col: num(g.col), severity: toSeverity(sev), code: g.code ?? null, message: g.msg!, format: 'eslint-stylish' };
}

const RUST_HEADER = /^(?<sev>error|warning)(?:\[(?<code>[\w:]+)\])?: (?<msg>.*)$/;
const RUST_LOCATION = /^\s*--> (?<file>.+?):(?<line>\d+):(?<col>\d+)\s*$/;
const RUST_LINT = /#\[(?:warn|deny|forbid)\((?<code>[\w:]+)\)\]/;

/** rustc's first line: `error[E0425]: cannot find value `x` in this scope`; file and line come from `-->`. */
export function parseRustHeader(raw: string): Diagnostic | null {
  const text = stripAnnotation(raw);
  if (RUST_SUMMARY.test(text)) return null;
  const m = RUST_HEADER.exec(text);
  if (!m?.groups) return null;
  return { file: null, line: null, col: null, severity: toSeverity(m.groups.sev!), code: m.groups.code ?? null, message: m.groups.msg!, format: 'rustc' };
}

/** rustc's location line: `  --> src/main.rs:14:20`. */
export function parseRustLocation(raw: string): { file: string; line: number; col: number } | null {
  const m = RUST_LOCATION.exec(stripAnnotation(raw));
  return m?.groups ? { file: m.groups.file!, line: Number(m.groups.line), col: Number(m.groups.col) } : null;
}

/**
 * Any single-line diagnostic, trying the layouts from the most to the least specific.
 * Multi-line layouts (rustc, eslint stylish) need {@link DiagnosticParser}.
 */
export function parseDiagnosticLine(text: string): Diagnostic | null {
  return parseTscLine(text) ?? parseEslintUnixLine(text) ?? parseEslintCompactLine(text) ?? parseGccLine(text) ?? parseGoLine(text) ?? parseDashLine(text) ?? parseLinkerLine(text);
}

/** What a tool prints once at the end (or per crate): kept and cited as the run's verdict. */
export type SummaryKind = 'failure' | 'success' | 'count';

const RUST_SUMMARY = /^(?:error: (?:could not compile|aborting due to)|warning: (?:`[^`]+` \([^)]*\) generated \d+|build failed, waiting)|error: (?:Recipe|failed to run custom build))/;
const SUMMARIES: ReadonlyArray<[RegExp, SummaryKind]> = [
  [/^(?:\[[^\]]+\] )?Found [1-9]\d* errors?\b/, 'failure'],
  [/^(?:\[[^\]]+\] )?Found 0 errors\b/, 'success'],
  [/^\d+ problems?$/, 'count'],
  [/^\s*[✖×] \d+ problems? \(\d+ errors?, \d+ warnings?\)/, 'count'],
  [/^error: (?:could not compile|aborting due to)/, 'failure'],
  [/^warning: `[^`]+` \([^)]*\) generated \d+ warnings?/, 'count'],
  [/^\s*Finished `?\w+`? (?:profile|target)/, 'success'],
  [/^g?make(?:\[\d+\])?: (?:\*\*\* |Target .* not remade because of errors)/, 'failure'],
  [/^(?:FAILED: |ninja: build stopped)/, 'failure'],
  [/^error: failed to run custom build command/, 'failure'],
  [/^(?:collect2|clang|gcc|g\+\+|c\+\+|cc1(?:plus)?|ld): (?:fatal )?error: /, 'failure'],
  [/^\S*\bld(?:\.\w+)?: (?:error: )?ld returned \d+/, 'failure'],
  [/^\d+ (?:errors?|warnings?)(?: and \d+ warnings?)? generated\.$/, 'count'],
  [/^\d+ errors?, \d+ warnings?(?:, \d+ (?:informations?|infos?|notes?|hints?))?$/, 'count'],
  [/^\d+ issues?:$/, 'count'],
  [/^compilation terminated\.$/, 'failure'],
  [/^cc1(?:plus)?: all warnings being treated as errors$/, 'failure'],
  [/^ESLint found too many warnings \(maximum: \d+\)/, 'failure'],
];

/** The tool's own verdict line (`Found 3 errors in 2 files.`, `✖ 31 problems (…)`, `error: could not compile …`). */
export function parseSummaryLine(raw: string): SummaryKind | null {
  const text = stripAnnotation(raw);
  for (const [re, kind] of SUMMARIES) {
    if (re.test(text)) {
      if (kind === 'count' && /^\s*[✖×]/.test(text)) return /\(0 errors/.test(text) ? 'count' : 'failure';
      return kind;
    }
  }
  return null;
}

/** A diagnostic with the lines it spans in one stream, from its context line to its last frame line. */
export interface DiagnosticBlock {
  diagnostic: Diagnostic;
  from: number;
  to: number;
  /** The line the diagnostic itself is on (the header). */
  at: number;
}

const GCC_CONTEXT = /^(?:# [\w.\/-]+(?: \[[\w.\/-]+\])?$|In file included from |\s+from |[^\s:][^:]*:\d+:\d+:\s{2,}(?:required|recursively required|in \w)|[^\s:][^:]*: (?:In (?:\w+ )*(?:function|constructor|destructor|instantiation|lambda|member)|At (?:top level|global scope)))/;
const GCC_FRAME = /^(?:\s|\||[\^~]|$)/;
const STYLISH_HEADER = /^(?:[A-Za-z]:[\\/]|[\\/.~]|[\w@-])[^:]*\.[\w]+$/;
const MAX_BLOCK = 60;
/** Lines of these tools that are neither diagnostics nor verdicts, claimed so the log digest does not flag them. */
const KNOWN_CHATTER =
  /^(?:\s*\d+ errors? and \d+ warnings? potentially fixable|Errors\s+Files$|\s+\d+\s+\S+:\d+$|For more information about (?:this|an) error, try `rustc --explain|Some errors have detailed explanations: )/;

/**
 * Streaming parser for one stream: feed every line, get each diagnostic when its block ends.
 * Bounded state (the open block and the last candidate file header).
 */
export class DiagnosticParser {
  private open: DiagnosticBlock | null = null;
  /** Indent of the open diagnostic's header line: a dash-layout message goes on over deeper lines. */
  private openIndent = 0;
  private lastNonBlank = 0;
  private context: number | null = null;
  private stylishFile: string | null = null;
  /** Line of the last eslint file header, so a file's first row is cited with its path. */
  private stylishLine = 0;

  /** Whether no diagnostic block is open (the last line fed did not start or continue one). */
  idle(): boolean {
    return this.open === null;
  }

  /** Feeds line `n`; returns the blocks it completed (the open one ends when a line does not belong to it). */
  push(n: number, raw: string): { done: DiagnosticBlock | null; summary: SummaryKind | null; claimed: boolean; step?: boolean } {
    const text = stripAnnotation(raw);
    const summary = parseSummaryLine(text);
    if (summary) {
      this.context = null;
      return { done: this.close(), summary, claimed: true };
    }

    const open = this.open;
    if (open?.diagnostic.format === 'gcc' && GCC_CONTEXT.test(text) && (this.context !== null || n === this.lastNonBlank + 1)) {
      // `In file included from` between an error and its notes: hold the block open until we know.
      this.context ??= n;
      return { done: null, summary: null, claimed: true };
    }
    if (open && this.continues(open, n, text)) {
      this.context = null;
      if (text.trim() !== '') {
        this.lastNonBlank = n;
        open.to = n;
        if (open.diagnostic.format === 'rustc') this.enrichRust(open.diagnostic, text);
        else if (open.diagnostic.format === 'dash' && open.diagnostic.code === null) open.diagnostic.code = DASH_RULE.exec(text)?.groups?.code ?? null;
      }
      return { done: null, summary: null, claimed: true };
    }
    const done = this.close();

    const diagnostic = this.parseHeader(n, text);
    if (diagnostic) {
      // A gcc note right after a diagnostic belongs to it; elsewhere it stands alone, uncounted.
      const context = this.context;
      const from = context ?? (diagnostic.format === 'eslint-stylish' && this.stylishLine === n - 1 ? n - 1 : n);
      this.context = null;
      if (diagnostic.severity === 'note' && done && (done.to === n - 1 || (context !== null && done.to === context - 1)) && diagnostic.format === 'gcc') {
        this.open = done;
        done.to = n;
        this.lastNonBlank = n;
        return { done: null, summary: null, claimed: true };
      }
      this.open = { diagnostic, from, to: n, at: n };
      this.openIndent = indentOf(text);
      this.lastNonBlank = n;
      return { done, summary: null, claimed: true };
    }
    if (GCC_CONTEXT.test(text)) {
      this.context ??= n;
      return { done, summary: null, claimed: true };
    }
    this.context = null;
    if (KNOWN_CHATTER.test(text)) return { done, summary: null, claimed: true };
    if (isBuildStep(text)) return { done, summary: null, claimed: true, step: true };
    if (text.trim() !== '' && !/^\s/.test(text) && STYLISH_HEADER.test(text)) {
      this.stylishFile = text.trim();
      this.stylishLine = n;
    }
    return { done, summary: null, claimed: false };
  }

  /** Ends the open block at the end of the stream. */
  flush(): DiagnosticBlock | null {
    return this.close();
  }

  private close(): DiagnosticBlock | null {
    const open = this.open;
    this.open = null;
    if (open) open.to = Math.max(open.at, Math.min(open.to, this.lastNonBlank));
    return open;
  }

  private parseHeader(n: number, text: string): Diagnostic | null {
    const single = parseDiagnosticLine(text);
    if (single) return single;
    const rust = parseRustHeader(text);
    if (rust) return rust;
    if (this.stylishFile && /^\s+\d+:\d+\s/.test(text)) {
      const row = parseEslintStylishRow(text, this.stylishFile);
      if (row) return row;
    }
    return null;
  }

  private continues(open: DiagnosticBlock, n: number, text: string): boolean {
    if (n - open.from >= MAX_BLOCK) return false;
    const d = open.diagnostic;
    switch (d.format) {
      case 'eslint-stylish':
      case 'eslint-unix':
      case 'ld':
        return false;
      case 'rustc':
        // Everything up to the blank line: `-->`, frames, `= note:`, `help:` sub-diagnostics.
        if (text.trim() === '') return false;
        return !RUST_HEADER.test(text) || /^(?:note|help)\b/.test(text);
      case 'dash':
        // The message goes on over lines indented deeper than its own; the next diagnostic or file header ends it.
        return text.trim() !== '' && indentOf(text) > this.openIndent && !parseDashLine(text);
      case 'tsc-pretty':
        // Blank lines sit inside the code frame; the next header or the summary ends it.
        return text.trim() === '' || /^(?:\s|\d+\s)/.test(text);
      case 'gcc':
        // clang echoes the source line unindented right after the header.
        if (n === open.at + 1 && text.trim() !== '' && !parseDiagnosticLine(text) && !GCC_CONTEXT.test(text)) return true;
        return text.trim() !== '' && GCC_FRAME.test(text) && !GCC_CONTEXT.test(text);
      default:
        return text.trim() !== '' && /^\s/.test(text);
    }
  }

  private enrichRust(d: Diagnostic, text: string): void {
    if (d.file === null) {
      const loc = parseRustLocation(text);
      if (loc) {
        d.file = loc.file;
        d.line = loc.line;
        d.col = loc.col;
        return;
      }
    }
    if (d.code === null) {
      const lint = RUST_LINT.exec(text);
      if (lint?.groups) d.code = lint.groups.code!;
    }
  }
}

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

const BUILD_STEP =
  /^(?:(?:\S*\/)?(?:gcc|g\+\+|cc|c\+\+|clang(?:\+\+)?|ld|ar|ranlib|rustc|javac)(?:-\d+)?\s+\S|\[\d+\/\d+\] \S|\s+(?:Compiling|Checking) \S+ v\d|\s+(?:CC|CXX|LD|AR|AS|HOSTCC)\s+\S|\[\s*\d+%\] (?:Building|Linking|Built target))/;

/** A compiler or linker invocation, ninja or cmake progress, cargo's `Compiling x v1.2.3`: a build step. */
export function isBuildStep(text: string): boolean {
  return BUILD_STEP.test(text);
}

/** `file:line:col`, or as much of it as is known. */
export function location(d: Diagnostic): string {
  if (!d.file) return '';
  return d.file + (d.line !== null ? `:${d.line}` : '') + (d.col !== null ? `:${d.col}` : '');
}

/** CI job logs (every line behind an ISO timestamp) belong to the log reducers, not to us. */
export function isTimestampedLog(head: string): boolean {
  const { lines, stamped } = countTimestamped(head, 40);
  return lines > 0 && stamped >= lines * 0.6;
}

/** What the first KiB of a probe hold, by diagnostic layout: the compiler reducers' detect() reads this. */
export interface ProbeScan {
  tsc: number;
  gcc: number;
  /** gcc-layout lines on C, C++ or Objective-C files. */
  cFamily: number;
  go: number;
  eslint: number;
  rustHeaders: number;
  rustLocations: number;
  /** `Found 3 errors`, `✖ 4 problems`, `could not compile`, `make: ***` … */
  summaries: number;
  /** Lines only test runners print (`running 3 tests`, `--- FAIL`, `=== RUN`, `test result:`). */
  testRunner: number;
  /** `make[1]: Entering directory`, `make: ***`. */
  make: number;
  cargoProgress: number;
  timestamped: boolean;
}

const C_FAMILY = /\.(?:c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|ipp|tpp|inl|m|mm|cu)$/i;
const TEST_RUNNER = /^(?:running \d+ tests?$|test result: |--- (?:FAIL|PASS): |=== RUN |(?:ok|FAIL)\s+\S+\s+\d|PASS$|FAIL$)/;

export function scanProbe(head: string, stderrHead: string): ProbeScan {
  const scan: ProbeScan = { tsc: 0, gcc: 0, cFamily: 0, go: 0, eslint: 0, rustHeaders: 0, rustLocations: 0, summaries: 0, testRunner: 0, make: 0, cargoProgress: 0, timestamped: isTimestampedLog(head) || isTimestampedLog(stderrHead) };
  if (scan.timestamped) return scan;
  let stylishFile = false;
  for (const text of `${head}\n${stderrHead}`.split('\n')) {
    const tsc = parseTscLine(text);
    if (tsc) {
      if (tsc.file && tsc.code?.startsWith('TS')) scan.tsc++;
    } else if (parseEslintUnixLine(text) ?? parseEslintCompactLine(text)) scan.eslint++;
    else if (stylishFile && parseEslintStylishRow(text, null)?.code) scan.eslint++;
    else {
      const gcc = parseGccLine(text);
      if (gcc) {
        scan.gcc++;
        if (gcc.file && C_FAMILY.test(gcc.file)) scan.cFamily++;
      } else if (parseGoLine(text)) scan.go++;
      // The dash layout (pyright) is another compiler's, as javac's and mypy's lines in gcc's layout are.
      else if (parseDashLine(text)?.code) scan.gcc++;
      else if (parseRustHeader(text)) scan.rustHeaders++;
      else if (parseRustLocation(text)) scan.rustLocations++;
    }
    if (parseSummaryLine(text)) scan.summaries++;
    if (TEST_RUNNER.test(text)) scan.testRunner++;
    if (/^g?make(?:\[\d+\])?: (?:\*\*\*|Entering directory|Leaving directory|Nothing to be done)|^ninja: /.test(text)) scan.make++;
    if (/^\s+(?:Compiling|Checking|Finished|Downloaded|Fresh) \S/.test(text)) scan.cargoProgress++;
    if (!/^\s/.test(text) && STYLISH_HEADER.test(text)) stylishFile = true;
    else if (text.trim() === '') stylishFile = false;
  }
  return scan;
}
