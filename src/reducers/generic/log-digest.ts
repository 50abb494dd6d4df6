import type { Bullet, CitationDraft, ExitInfo, LineCitation, LineMarks, Omission, PacketParts, StreamName } from '../../core/types.js';
import { isOutcomeLine, stripLogPrefix } from './classify.js';
import { ErrorWindowFinder, type ErrorWindow, type ErrorWindowOptions } from './error-windows.js';
import { count, plural } from '../../core/format.js';
import { StatusTableScanner } from './status-table.js';
import { SAMPLED_LINES, TemplateCounter, errorKey, type TemplateStat } from './templates.js';
import { EdgeSample } from './edge-sample.js';
import { LEADING_WARNING_LEVEL, WarningTemplates, isWarningLine, noticeLeads, warningParts } from './warning-templates.js';
import { ProblemLog } from './log-problems.js';

/** A line of one stream. */
type LineAt = { stream: StreamName; n: number };
/** Distinct message keys remembered for de-duplication; past this, later lines count as new. */
const MAX_KEYS = 10_000;

/** Whether `key` is new to `keys`, remembering it while the set is under MAX_KEYS. */
function firstTime(keys: Set<string>, key: string): boolean {
  if (keys.has(key)) return false;
  if (keys.size < MAX_KEYS) keys.add(key);
  return true;
}

const HEAD_LINES = 5;
const TAIL_LINES = 10;
const TOP_TEMPLATES = 5;
/**
 * A failed run that is a flood of one line shape (`req 12: status 200 (1ms)` on three lines in four):
 * the lines of the rare shapes among it are what differs (`req 13: status 500 body="database is
 * locked"`), error words or not. Each rare shape is cited by its first lines, up to STANDOUT_LINES in all.
 */
const FLOOD_SHARE = 0.75;
const FLOOD_MIN_LINES = 50;
/** A shape is rare below this share of the output's lines (and at most SAMPLED_LINES lines, all cited). */
const RARE_SHARE = 0.05;
const STANDOUT_LINES = 24;
/**
 * A run that succeeded as a flood of one shape (a migration's `applying … ok` lines, a checker's `GET … 200`
 * lines): the few lines unlike it (`backfilled 18,442 rows (3 left NULL)`) are what the run says besides
 * "it passed". Up to this many are cited with the warnings, and ask for room as the warnings do.
 */
const SUCCESS_STANDOUT_LINES = 6;
/** Bytes a cited stand-out line is assumed to take beyond its text (the citation header). */
const STANDOUT_OVERHEAD = 40;
/** A template with a word in it (three letters in a row). */
const WORDY = /[A-Za-z]{3}/;
/** A count that is not zero: an outcome line that reports something. */
const NONZERO = /\b[1-9]\d*\b/;
/** Outcome lines kept: the first few and the last several (totals are usually printed last). */
const OUTCOME_FIRST = 2;
const OUTCOME_LAST = 8;
/** Distinct error lines that lead with their severity, cited one line each before any window. */
const HEADLINES_FIRST = 4;
const HEADLINES_LAST = 8;
/** Distinct lines the tool coloured red, cited: the first few and the last few. */
const RED_FIRST = 6;
const RED_LAST = 6;
/** Section headers cited: the sections that hold the first strong errors. */
const SECTIONS_CITED = 4;
/**
 * Lines that open a section of a log: CI step groups (`##[group]Run npm test`, `::group::`,
 * GitLab's `section_start:`), BuildKit and Dockerfile steps, Gradle tasks, make's directories.
 */
export const SECTION_HEADER = /^(?:##\[group\]|::group::|section_start:\d+:|#\d+ \[[^\]]+\] |Step \d+\/\d+ : |> Task :|make(?:\[\d+\])?: Entering directory )/;

/** The characters SECTION_HEADER's lines start with: most lines are ruled out without the regex. */
export const SECTION_OPENERS = new Set([...'#:sS>m'].map((c) => c.charCodeAt(0)));

/** Lines read before deciding whether the output is a log (its problems then listed as templates). */
const LOG_PROBE_LINES = 200;
/** Share of the probed lines that must carry a level or an HTTP status for the output to be a log. */
const LOG_SHARE = 0.2;
/** Lines with a level a log needs in all before its problem templates are listed. */
const LOG_MIN_LEVELED = 10;

/**
 * A context line repeating a template at least this often (and on a twentieth of the output) is
 * noise: an error window, the first lines and the last lines lose such lines at their edges (`job
 * J00209 done` around `job J00211 gave up`), and the lines left out are counted with the rest.
 */
const NOISE_MIN = 20;
const NOISE_SHARE = 0.05;
/** Lines remembered per stream: the context an error window reaches back over, and the last lines. */
export const RECENT = Math.max(TAIL_LINES, 10);

/**
 * The last RECENT notes of a stream, in a ring: a note per line, where an array's push and shift moved every note
 * at every line (a write barrier each, a tenth of the reducer worker's work on a long log).
 */
export class RecentNotes {
  private readonly ring: LineNote[] = [];
  private next = 0;

  push(note: LineNote): void {
    if (this.ring.length < RECENT) {
      this.ring.push(note);
      return;
    }
    this.ring[this.next] = note;
    this.next = this.next + 1 === RECENT ? 0 : this.next + 1;
  }

  /** Oldest first. */
  list(): LineNote[] {
    return this.next === 0 ? this.ring : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }
}

/** What the edge trimming needs of a line: its template (null when blank) and whether it is plain (no error or warning). */
type LineNote = { n: number; stat: TemplateStat | null; plain: boolean };

export interface LogDigestOptions extends ErrorWindowOptions {
  /** Whether to list a log's distinct problems (false when the caller runs its own ProblemLog). */
  problems?: boolean;
  /**
   * The caller reads the output as an answer that is not a log (a symbol table, a help page, a module's docs): in a
   * run that exited 0 with no error leading a line, error words are its content. The text and structure reducers
   * set it for answers; others leave it off, since a piped run reports exit 0 whatever happened.
   */
  mentionsAreContent?: boolean;
  /** The run was a verdict: on success the few lines unlike a flood of one shape are cited (see SUCCESS_STANDOUT_LINES). */
  standOutsOnSuccess?: boolean;
}

/**
 * The generic text and log digest: error windows, first and last lines, repeated-line templates,
 * and, when the output is a log (levels or HTTP statuses on a fifth of its first lines), every
 * distinct problem template once with its count and first and last line (ProblemLog), ranked
 * before the error windows. Family reducers embed it for the lines they do not understand themselves.
 */
export class LogDigest {
  readonly errors: ErrorWindowFinder;
  readonly templates = new TemplateCounter();
  readonly tables = new StatusTableScanner();
  readonly lines: Record<StreamName, number> = { stdout: 0, stderr: 0 };
  private readonly outcomes = new EdgeSample<LineAt & { counts: boolean }>(OUTCOME_FIRST, OUTCOME_LAST);
  private readonly headlines = new EdgeSample<LineAt>(HEADLINES_FIRST, HEADLINES_LAST);
  private readonly headlineKeys = new Set<string>();
  private refs = 0;
  /** Per stream, the line of the section header the current line is under. */
  private readonly section = new Map<StreamName, number>();
  private readonly sectionsWithErrors: LineAt[] = [];
  private readonly redLines = new EdgeSample<LineAt>(RED_FIRST, RED_LAST);
  private readonly redKeys = new Set<string>();
  readonly warnings = new WarningTemplates();
  /** Error lines that lead with their severity; only these make a successful run a failure. */
  strongErrors = 0;
  /** Per stream, the last RECENT lines; and the lines of error windows and first lines, for trimEdges. */
  private readonly recent: Record<StreamName, RecentNotes> = { stdout: new RecentNotes(), stderr: new RecentNotes() };
  private readonly notes = new Map<string, LineNote>();
  private windowCount = 0;

  /** The log's problems, while the output still may be a log; null once it is known not to be one. */
  private problemLog: ProblemLog | null;
  private probed = 0;

  /** False when the caller lists a log's problems itself: its rare lines are those problems, not stand-outs. */
  private readonly standOutsWanted: boolean;
  private readonly mentionsAreContent: boolean;
  private readonly standOutsOnSuccess: boolean;

  constructor(options: LogDigestOptions = {}) {
    this.errors = new ErrorWindowFinder(options);
    this.problemLog = options.problems === false ? null : new ProblemLog();
    this.standOutsWanted = options.problems !== false;
    this.mentionsAreContent = options.mentionsAreContent === true;
    this.standOutsOnSuccess = options.standOutsOnSuccess === true;
  }

  /** Per stream, the runs of error lines that only repeat a message a window cites (see ErrorWindowFinder.repeatRuns). */
  get repeatRuns(): Record<StreamName, Array<[number, number]>> {
    return this.errors.repeatRuns;
  }

  /** The last line of `stream` with any text (among the last few read), or null. */
  lastTextLine(stream: StreamName): number | null {
    const recent = this.recent[stream].list();
    for (let i = recent.length - 1; i >= 0; i--) if (recent[i]!.stat !== null) return recent[i]!.n;
    return null;
  }

  /** Counts a line that a structure scanner read instead (a table row is data, not an error). */
  skip(stream: StreamName, n: number): void {
    this.lines[stream] = n;
  }

  line(stream: StreamName, n: number, text: string, marks?: LineMarks): void {
    this.lines[stream] = n;
    const problems = this.problemLog;
    if (problems) {
      problems.line(stream, n, text);
      // Bounded cost: past the probe, only an output that reads as a log keeps its ProblemLog.
      if (++this.probed === LOG_PROBE_LINES && problems.leveled + problems.accessLines < LOG_PROBE_LINES * LOG_SHARE) this.problemLog = null;
    }
    // The log prefix is stripped once here and handed to every test that reads the message.
    const body = stripLogPrefix(text);
    const kind = this.errors.line(stream, n, text, body);
    // A line the tool itself coloured red that no error word gave away: `# x must be replaced`.
    if (marks?.red && kind !== 'error' && firstTime(this.redKeys, errorKey(body))) this.redLines.push({ stream, n });
    if (SECTION_OPENERS.has(body.charCodeAt(0)) && SECTION_HEADER.test(body)) this.section.set(stream, n);
    if (kind === 'error' && this.errors.strengthOf(text, body) === 2) {
      this.strongErrors++;
      if (firstTime(this.headlineKeys, errorKey(body))) this.headlines.push({ stream, n });
      this.noteSection(stream);
    } else if (kind === 'error' ? LEADING_WARNING_LEVEL.test(body) : body.length > 0 && isWarningLine(body, kind === 'warning', text) && (!this.mentionsAreContent || noticeLeads(body))) this.warnings.add(stream, n, body, text.length);
    const note: LineNote = { n, stat: body.trim() !== '' ? this.templates.add(stream, text, n, text.length - body.length) : null, plain: kind !== 'error' && kind !== 'warning' };
    this.noteLine(stream, note);
    if (isOutcomeLine(text, body)) this.outcomes.push({ stream, n, counts: NONZERO.test(body) });
    this.tables.line(stream, n, text);
  }

  /** Keeps what trimEdges needs of the lines it may trim: the first lines, error windows, the last lines. */
  private noteLine(stream: StreamName, note: LineNote): void {
    this.recent[stream].push(note);
    const open = this.errors.current(stream);
    if (this.errors.windows.length !== this.windowCount) {
      // A window opened on this line: the context it reached back over is in the recent lines.
      this.windowCount = this.errors.windows.length;
      if (open) for (const r of this.recent[stream].list()) if (r.n >= open.from) this.notes.set(`${stream}:${r.n}`, r);
    } else if (note.n <= HEAD_LINES || (open && note.n >= open.from && note.n <= open.to)) this.notes.set(`${stream}:${note.n}`, note);
  }

  /**
   * A range without the noise lines at its edges (see NOISE_MIN), never past `keep` (the lines it
   * must hold: an error line, the last line). Lines of unknown template are kept.
   */
  private trimEdges(stream: StreamName, from: number, to: number, keepFrom: number, keepTo: number, flood?: ReadonlySet<TemplateStat>): [number, number] {
    const total = this.lines.stdout + this.lines.stderr;
    const last = new Map(this.recent[stream].list().map((r) => [r.n, r]));
    const noise = (n: number): boolean => {
      const note = this.notes.get(`${stream}:${n}`) ?? last.get(n);
      if (!note || !note.plain) return false;
      return note.stat === null || (note.stat.count >= NOISE_MIN && note.stat.count >= total * NOISE_SHARE) || (flood?.has(note.stat) ?? false);
    };
    while (from < keepFrom && noise(from)) from++;
    while (to > keepTo && noise(to)) to--;
    return [from, to];
  }

  /** Remembers the header of the section a strong error sits in, once per section. */
  private noteSection(stream: StreamName): void {
    const header = this.section.get(stream);
    if (header === undefined || this.sectionsWithErrors.length >= SECTIONS_CITED) return;
    if (this.sectionsWithErrors.some((s) => s.stream === stream && s.n === header)) return;
    this.sectionsWithErrors.push({ stream, n: header });
  }

  nextRef(): string {
    return `c${++this.refs}`;
  }

  /** The digest as packet parts; `prefix` lets a family reducer put its own bullets first. */
  finish(exit: ExitInfo, options: { skipHead?: boolean; skipTail?: boolean } = {}): PacketParts {
    const allWindows = this.errors.finish(this.lines);
    const windows = rankWindows(allWindows);
    const citations: CitationDraft[] = [];
    const summary: Bullet[] = [];
    const omitted: Omission[] = [];
    const total = this.lines.stdout + this.lines.stderr;

    const failed = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
    // The last outcome is usually the verdict (`Apply complete!` after `Plan:`): it goes first,
    // but one that counts something (`Tests: 69 skipped, 239 passed`) before one of zeros (`Snapshots: 0 total`).
    const outcomes = [...this.outcomes.items].reverse();
    for (const outcome of [...outcomes.filter((o) => o.counts), ...outcomes.filter((o) => !o.counts)]) citations.push(this.range(outcome.stream, outcome.n, outcome.n, 'outcome', 'high'));
    // On success the warnings explain the next failure: distinct ones, counted, right after the outcome.
    const succeeded = !failed && this.strongErrors === 0;
    const warnings = warningParts(this.warnings, () => this.nextRef(), succeeded);
    citations.push(...warnings.citations);
    omitted.push(...warnings.omitted);
    // A log with several different problems: each template once, ranked by severity, before any window.
    const problemLog = this.problemLog;
    const isLog = problemLog !== null && problemLog.leveled + problemLog.accessLines >= LOG_MIN_LEVELED && problemLog.leveled + problemLog.accessLines >= Math.min(this.probed, LOG_PROBE_LINES) * LOG_SHARE;
    const problemParts = isLog ? problemLog.finish(() => this.nextRef()) : null;
    if (problemParts) {
      citations.push(...problemParts.citations);
      omitted.push(...problemParts.omitted);
    }
    const rowRefs: string[] = [];
    for (const row of this.tables.rows) {
      const citation = { ...this.range(row.stream, row.n, row.n, `status ${row.value}`, 'high'), kind: 'table row' };
      rowRefs.push(citation.ref);
      citations.push(citation);
    }
    if (this.tables.flagged > this.tables.rows.length) omitted.push({ what: 'table rows with a failing status not cited', count: this.tables.flagged - this.tables.rows.length });
    // The last headlines first: the final failure is usually the one that matters most.
    const headlines = [...this.headlines.tail.reverse(), ...this.headlines.head];
    for (const line of headlines) citations.push({ ...this.range(line.stream, line.n, line.n, 'error line', 'high'), kind: 'error line' });
    // The tool's own red is a verdict (`must be replaced`, `FAIL`): the first few rank with the errors.
    this.redLines.items.forEach((line, i) => citations.push({ ...this.range(line.stream, line.n, line.n, 'marked red by the tool', i < 3 ? 'high' : 'normal'), kind: 'red line' }));
    if (this.redLines.dropped) omitted.push({ what: 'distinct red-marked lines in the middle not cited', count: this.redLines.dropped });
    for (const header of this.sectionsWithErrors) citations.push({ ...this.range(header.stream, header.n, header.n, 'section of an error', 'high'), kind: 'section header' });
    if (this.headlines.dropped) omitted.push({ what: 'distinct error lines not cited on their own', count: this.headlines.dropped });
    // An answer that exited 0 with no error leading a line only mentions errors (`runtime.boundsError.Error` in a
    // symbol table, `ValueError` in a module's help): those lines are content, not what went wrong. A leveled log's
    // error lines (`[error]` after nginx's time) are its problems, whatever leads them.
    const mentionsOnly = this.mentionsAreContent && succeeded && exit.code === 0 && !isLog;
    let weakRank = 0;
    windows.forEach((window, rank) => {
      const what = mentionsOnly ? 'mentions an error' : 'error';
      const label = window.repeats > 0 ? `${what}, same message ${count(window.repeats)} more times (last at line ${count(window.lastRepeat)})` : what;
      // A window that only mentions an error word (prose, a config value) ranks below the first lines.
      const priority = window.strength === 2 ? (rank < 6 ? 'high' : rank < 40 ? 'normal' : 'low') : weakRank++ < 3 && !mentionsOnly ? 'normal' : 'low';
      // Noise before the error goes; what follows it stays (a check that recovers three lines later).
      const [from] = this.trimEdges(window.stream, window.from, window.to, Math.min(...window.focus), window.to);
      citations.push({ ref: this.nextRef(), stream: window.stream, from, to: window.to, label, kind: 'error window', priority, focus: window.focus });
    });
    windows.length = 0;
    for (const stream of ['stdout', 'stderr'] as const) {
      const lines = this.lines[stream];
      if (lines === 0) continue;
      // The first lines say what ran (a command banner, a count of what was collected): cheap and high.
      const head = options.skipHead ? null : this.range(stream, 1, this.trimEdges(stream, 1, Math.min(HEAD_LINES, lines), 1, 1)[1], 'first lines', 'high');
      let tail: CitationDraft | null = null;
      if (!options.skipTail && lines > HEAD_LINES) {
        // A run that passed as a flood of like lines (`✔ name` per test) ends with its outcome: the flood's last lines say nothing more.
        const flood = succeeded && this.standOutsOnSuccess ? this.flood(this.lines.stdout + this.lines.stderr)?.members : undefined;
        const [from] = this.trimEdges(stream, Math.max(HEAD_LINES + 1, lines - TAIL_LINES + 1), lines, lines, lines, flood);
        tail = this.range(stream, from, lines, 'last lines', this.outcomes.items.length ? 'normal' : 'high');
      }
      // A run that succeeded with no outcome line of its own ends with what it did last (a build trace's
      // final move of the binary into place): its last lines come before its first when only one fits.
      const tailFirst = succeeded && tail !== null && tail.priority === 'high';
      for (const c of tailFirst ? [tail, head] : [head, tail]) if (c) citations.push(c);
    }

    // Only templates that stand for a real share of the output are worth an excerpt.
    const total0 = this.lines.stdout + this.lines.stderr;
    // A closing brace repeated 36 times says nothing: a template needs a word to be worth a line.
    const repeated = this.templates.repeated().filter((s) => (s.count >= 20 || (s.count >= 3 && s.count >= total0 / 10)) && WORDY.test(s.template)).slice(0, TOP_TEMPLATES);
    for (const stat of repeated) {
      citations.push({ ref: this.nextRef(), stream: stat.stream, from: stat.first, to: stat.first, label: `×${count(stat.count)} lines like this`, priority: 'low' });
    }

    if (!succeeded && !problemParts && this.standOutsWanted) citations.push(...this.standOuts(total0, citations));
    let standOutBytes = 0;
    if (succeeded && !problemParts && this.standOutsWanted && this.standOutsOnSuccess) {
      const standOuts = this.standOuts(total0, citations, SUCCESS_STANDOUT_LINES, 'normal');
      citations.push(...standOuts);
      standOutBytes = standOuts.reduce((a, c) => a + ('from' in c ? (c.to - c.from + 1) * (this.templateLength(c.stream, c.from) + STANDOUT_OVERHEAD) : 0), 0);
    }

    const errorRefs = citations.filter((c) => c.kind === 'error window').map((c) => c.ref);
    if (this.tables.flagged) summary.push({ text: `${plural(this.tables.flagged, 'table row')} with a failing or stopped status`, cites: rowRefs.slice(0, 4), fields: ['badStatusRows'] });
    if (this.errors.errorLines > 0) {
      const repeats = allWindows.reduce((a, w) => a + w.repeats, 0);
      const extra = repeats > 0 ? `; ${plural(repeats, 'repeat')} of the same messages folded` : '';
      const lines = mentionsOnly ? `${plural(this.errors.errorLines, 'line')} mentioning errors, none leading its line,` : plural(this.errors.errorLines, 'error line');
      summary.push({ text: `${lines} in ${plural(allWindows.length + this.errors.droppedWindows, 'window')}${extra}`, cites: errorRefs.slice(0, 3), fields: ['errorLines'] });
    }
    if (this.errors.droppedWindows > 0) omitted.push({ what: 'error windows past the first ' + allWindows.length, count: this.errors.droppedWindows });
    if (this.outcomes.dropped) omitted.push({ what: 'outcome lines in the middle', count: this.outcomes.dropped });
    const folded = this.templates.folded();
    // That a successful run repeats itself is no part of its verdict: the room goes to outcome and warnings.
    if (folded >= 50 && folded >= total * 0.3 && !succeeded) {
      summary.push({ text: `${count(folded)} of ${count(total)} lines repeat ${plural(this.templates.repeated().length, 'template')}`, fields: ['foldedLines'] });
    }

    // A run that exited 0 fails only on an error that leads its line; a mention (`errors_total`,
    // a quoted exception name) or a warning leaves it ok, with the success budget. With no exit
    // status at all, a mention is all there is to go on.
    summary.push(...warnings.summary);
    if (problemParts) summary.unshift(...problemParts.summary);
    const unknown = exit.code === null && exit.signal === null && !exit.timedOut;
    return {
      status: failed || this.strongErrors > 0 || (unknown && this.errors.errorLines > 0) ? 'fail' : this.tables.flagged > 0 ? 'warn' : 'ok',
      summary,
      fields: { ...nonZero({ errorLines: this.errors.errorLines, warningLines: this.errors.warningLines, foldedLines: succeeded ? 0 : folded, badStatusRows: this.tables.flagged }), ...(problemParts?.fields ?? {}) },
      citations: windowsAfterProblems(citations),
      omitted,
      confidence: this.errors.errorLines > 0 ? 0.7 : 0.8,
      ...(succeeded && warnings.bytes + standOutBytes ? { warningBytes: warnings.bytes + standOutBytes } : {}),
    };
  }

  /** The length of the template line `n` of `stream` was counted under: about the line's own length. */
  private templateLength(stream: StreamName, n: number): number {
    for (const s of this.templates.stats.values()) if (s.stream === stream && s.lines.includes(n)) return Math.min(s.template.length, 200);
    return 80;
  }

  /**
   * The lines of rare shapes in a flood of one shape (see FLOOD_SHARE), each cited on its own (a range
   * over them would show the flood between), adjacent ones merged; the first of each shape says what it is.
   */
  private standOuts(total: number, cited: readonly CitationDraft[], lines = STANDOUT_LINES, priority: LineCitation['priority'] = 'low'): CitationDraft[] {
    const flood = this.flood(total);
    if (!flood) return [];
    const rare = [...this.templates.stats.values()]
      .filter((s) => !flood.members.has(s) && s.count <= Math.min(SAMPLED_LINES, total * RARE_SHARE) && WORDY.test(s.template))
      .sort((a, b) => (a.stream === b.stream ? a.first - b.first : a.stream === 'stdout' ? -1 : 1));
    const citations: LineCitation[] = [];
    let room = lines;
    for (const stat of rare) {
      if (room <= 0) break;
      // On success a shape already cited (a warning counted ×2) needs no second excerpt.
      if (priority !== 'low' && cited.some((c) => 'from' in c && c.stream === stat.stream && c.from <= stat.first && stat.first <= c.to)) continue;
      // A line another citation already shows (an error, a section header, the first lines) is not cited again.
      const covered = (n: number): boolean => cited.some((c) => 'from' in c && c.stream === stat.stream && c.from <= n && n <= c.to);
      stat.lines.slice(0, room).filter((n) => !covered(n)).forEach((n, i) => {
        room--;
        const last = citations[citations.length - 1];
        if (last && last.stream === stat.stream && last.to === n - 1) last.to = n;
        else {
          const label = i === 0 ? `${stat.count > 1 ? `×${count(stat.count)} lines` : 'a line'} unlike the ×${count(flood.count)} like line ${count(flood.first)}` : `${i + 1} of ${count(stat.count)}`;
          citations.push({ ...this.range(stat.stream, n, n, label, priority), kind: 'stand-out' });
        }
      });
    }
    return citations;
  }

  /**
   * The shape that floods the output (FLOOD_SHARE of its lines, at least FLOOD_MIN_LINES): one template, or else
   * one leading marker the templates share (`✔ users › name is a string`, `✔ payments › refunds`: each test's
   * line is a template of its own, but the run is a flood of `✔` lines all the same).
   */
  private flood(total: number): { count: number; first: number; members: Set<TemplateStat> } | null {
    if (total < FLOOD_MIN_LINES) return null;
    const [top] = this.templates.repeated();
    if (top && top.count >= total * FLOOD_SHARE) return { count: top.count, first: top.first, members: new Set([top]) };
    const byLead = new Map<string, { count: number; first: number; members: Set<TemplateStat> }>();
    for (const stat of this.templates.stats.values()) {
      const lead = leadMarker(stat.template);
      if (lead === null) continue;
      const key = `${stat.stream}\u0000${lead}`;
      const group = byLead.get(key) ?? { count: 0, first: stat.first, members: new Set<TemplateStat>() };
      group.count += stat.count;
      group.first = Math.min(group.first, stat.first);
      group.members.add(stat);
      byLead.set(key, group);
    }
    for (const group of byLead.values()) if (group.count >= total * FLOOD_SHARE && group.members.size > 1) return group;
    return null;
  }

  range(stream: StreamName, from: number, to: number, label: string, priority: LineCitation['priority']): LineCitation {
    return { ref: this.nextRef(), stream, from, to, label, priority };
  }
}

/**
 * The first token of a template when it can mark a kind of line (`✔`, `ok`, `PASS`, `Compiling`, `[INFO]`): short and
 * with nothing masked in it, so a timestamp or a number that every line starts with marks nothing.
 */
export function leadMarker(template: string): string | null {
  const token = /^\S+/.exec(template)?.[0];
  return token && token.length <= LEAD_MARKER_CHARS && !token.includes('#') ? token : null;
}

/** Characters of the longest leading marker (see leadMarker). */
const LEAD_MARKER_CHARS = 12;

/** Zero counts say nothing the header does not; leaving them out keeps success packets small. */
function nonZero(fields: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== 0));
}

/**
 * The order in which error windows compete for the budget: windows that lead with a severity
 * before mere mentions; among them the first (often the root cause), then the last ones (the final
 * failure), then the rest in order.
 */
export function rankWindows(windows: readonly ErrorWindow[]): ErrorWindow[] {
  const strong = windows.filter((w) => w.strength === 2);
  const weak = windows.filter((w) => w.strength !== 2);
  const order = (list: ErrorWindow[]): ErrorWindow[] => {
    if (list.length <= 3) return list;
    const head = list.slice(0, 2);
    const tail = list.slice(-4).reverse().filter((w) => !head.includes(w));
    return [...head, ...tail, ...list.filter((w) => !head.includes(w) && !tail.includes(w))];
  };
  return [...order(strong), ...order(weak)];
}
/**
 * In a log, every distinct problem is already cited once with its detail (ProblemLog): an error window
 * around one adds context, worth its bytes only after each problem has its line, so windows rank one
 * step lower there. A run of six different problems then shows all six before the first window.
 * `problemsCited`: whether some ProblemLog's problems are cited (by default, among these citations).
 */
export function windowsAfterProblems(citations: CitationDraft[], problemsCited = hasProblems(citations)): CitationDraft[] {
  if (!problemsCited) return citations;
  return citations.map((c) => (c.kind === 'error window' && c.priority !== 'mandatory' ? { ...c, priority: c.priority === 'high' ? 'normal' : 'low' } : c));
}

export function hasProblems(citations: readonly CitationDraft[]): boolean {
  return citations.some((c) => c.kind === 'problem');
}
