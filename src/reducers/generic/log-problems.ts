/**
 * The distinct problems of a long log, found as it streams: a severity histogram (level words,
 * `level=`, JSON `"level"`, klog and syslog prefixes, HTTP status classes of access lines) and every
 * distinct problem template (numbers, ids, hex, quoted values and paths masked) with its count and
 * its first and last line, ranked by severity and then by first occurrence. Six different problems
 * in 3,000 lines come out as six entries, not as the first few windows.
 */
import type { Priority, StreamName } from '../../core/types.js';
import type { StructureParts } from './structured-run.js';
import { count, plural } from '../../core/format.js';
import { isSpace, stripLogPrefix } from './classify.js';
import { templateOf } from './templates.js';

/** 3 fatal, 2 error, 1 warning, 0 a redirect or other non-2xx answer that is no failure. */
export type Severity = 0 | 1 | 2 | 3;

/** Distinct templates kept; later new ones are only counted. */
const MAX_TEMPLATES = 2000;
/** Templates cited (their first line; the last line of the first few too). */
const MAX_CITED = 40;
const LEVEL_HEAD = 160;
/** Detail lines kept with an occurrence (postgres' DETAIL/HINT/STATEMENT, a short stack). */
const DETAIL_LINES = 4;

/** An upper-case level word among the first characters, standing alone or bracketed. */
const LEVEL_WORD = /(?:^|[\s[(|<"'=.])(FATAL|PANIC|EMERG(?:ENCY)?|ALERT|CRIT(?:ICAL)?|SEVERE|ERROR|ERR|EXCEPTION|WARN(?:ING)?|INFO|NOTICE|LOG|DEBUG|TRACE)(?=[\s\]):|>"',]|$)/;
/** A lower-case level that leads the message or sits in brackets: `error: …`, `[error]`, `[core:warn]`. */
const LEVEL_LEAD = /^(?:\[[^\]]*\]\s*)*\[?(?:[\w-]+:)?(fatal|panic|emerg|alert|crit|critical|error|err|warn|warning|notice|info|debug)\]?(?=[\s:[\]]|$)/i;
/** A bracketed level after a date of another shape: nginx's `2026/11/23 23:55:12 [error]`, Apache's `[core:warn]`. */
const LEVEL_BRACKET = /\[(?:\w+:)?(emerg|alert|crit|error|warn|warning|notice|note|info|debug)\]/i;
/** `level=error`, `"level":"warn"`, `"severity":"ERROR"`, `lvl=crit`, pino's numeric `"level":50`. */
const LEVEL_KEY = /\b(?:level|lvl|severity|loglevel)"?\s*[=:]\s*"?(\w+)/i;
/**
 * A diagnostic that leads with where it is, then its severity: `docs/a.md:3:81 error MD013/line-length …`,
 * `src/x.c:12:5: warning: …`, `lib/a.ts(4,2): error TS2322: …`. The location says where, the rest what.
 */
const LOCATED = /^([\w.@~+\\/-]+(?::\d+(?::\d+)?|\(\d+(?:,\d+)?\)):?)\s+\[?(fatal|error|warning|warn|notice|info|note)\b/i;
/** klog: `E1123 10:00:00.123456 …`. */
export const KLOG = /^([IWEF])\d{4} \d\d:\d\d:\d\d/;
export const KLOG_FIRST = new Set([...'IWEF'].map((c) => c.charCodeAt(0)));
/** syslog priority (`<3>…`, journald's `-o short-monotonic` keeps none). */
export const SYSLOG = /^<(\d{1,3})>/;
/** The last line of a Python, Java or JS traceback: `ValueError: …`, `java.lang.IllegalStateException: …`. */
const EXCEPTION_LINE = /^(?:[A-Za-z_][\w.$]*\.)?[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Fault)(?::\s|$)/;
/** Combined/common access log: `host ident user [time] "METHOD path proto" status size`. */
const ACCESS = /^\S+ \S+ \S+ \[[^\]]+\] "([A-Z]{3,10}) (\S+)(?: [^"]*)?" (\d{3}) /;
const JSON_STATUS = /"(?:status|statusCode|status_code|response_code|code)"\s*:\s*"?([1-5]\d\d)\b/;
const JSON_PATH = /"(?:path|uri|url|request_uri|request|route)"\s*:\s*"([^"]{0,300})"/;
const JSON_METHOD = /"(?:method|request_method|verb)"\s*:\s*"([A-Z]{3,10})"/;

const WORD_SEVERITY: Record<string, Severity> = {
  fatal: 3, panic: 3, emerg: 3, emergency: 3, alert: 3, crit: 3, critical: 3, severe: 3,
  error: 2, err: 2, exception: 2, e: 2, f: 3,
  warn: 1, warning: 1, w: 1,
};
const PINO: Record<string, Severity> = { '40': 1, '50': 2, '60': 3 };
const SEVERITY_NAME = ['NOTE', 'WARN', 'ERROR', 'FATAL'] as const;

interface Problem {
  severity: Severity;
  stream: StreamName;
  template: string;
  count: number;
  first: number;
  /** The last line of the first occurrence's detail (the lines with no level of their own after it). */
  firstTo: number;
  last: number;
  lastTo: number;
  /** Set for access-log request templates. */
  http?: true;
}

/**
 * The level of a log line, as the histogram counts it (`ERROR`, `WARN`, `INFO`), and its severity.
 * `fast`: false reads the line by the rules alone, for the test that holds the fast path to them.
 */
export function levelOf(text: string, fast = true): { level: string; severity: Severity | -1 } | null {
  const head = text.length > LEVEL_HEAD ? text.slice(0, LEVEL_HEAD) : text;
  // KLOG and SYSLOG open with one of a few characters: most lines skip both regexes.
  const first = head.charCodeAt(0);
  const klog = KLOG_FIRST.has(first) ? KLOG.exec(head) : null;
  if (klog) return fromWord(klog[1]!);
  const sys = first === 60 /* < */ ? SYSLOG.exec(head) : null;
  if (sys) {
    const priority = Number(sys[1]) % 8;
    return { level: `syslog ${priority}`, severity: priority <= 2 ? 3 : priority === 3 ? 2 : priority === 4 ? 1 : -1 };
  }
  // stripLogPrefix remembers its last line: the digest strips the same line next.
  const body = stripLogPrefix(head);
  const start = head.length - body.length;
  // The common shape, `INFO  [worker-3] GET …`: a level word alone at the start of the message and
  // whitespace after it, which is what LEVEL_LEAD would match (no bracket or `x:` before it can take
  // part), read without the regex. A property test holds levelOf to the rules alone.
  let end = start;
  while (fast && end < head.length && isLetter(head.charCodeAt(end))) end++;
  if (end > start && (end === head.length || isSpace(head.charCodeAt(end)))) {
    // The word the last line led with, compared in place: no string made, no table looked up.
    if (end - start === lastLead.length && head.startsWith(lastLead, start)) return lastLevel!;
    const word = head.slice(start, end);
    if (LEAD_WORDS.has(word.toLowerCase())) {
      lastLead = word;
      lastLevel = fromWord(word);
      return lastLevel;
    }
  }
  const lead = LEVEL_LEAD.exec(body);
  if (lead) return fromWord(lead[1]!);
  const located = head.includes(':') || head.includes('(') ? LOCATED.exec(body) : null;
  if (located) return fromWord(located[2]!);
  const key = head.includes('=') || head.includes(':') ? LEVEL_KEY.exec(text.length > 2000 ? text.slice(0, 2000) : text) : null;
  if (key) {
    const pino = PINO[key[1]!];
    if (pino !== undefined) return { level: SEVERITY_NAME[pino], severity: pino };
    if (/^[a-z]+$/i.test(key[1]!)) return fromWord(key[1]!);
  }
  const word = LEVEL_WORD.exec(head);
  if (word) return fromWord(word[1]!);
  const bracket = head.includes('[') ? LEVEL_BRACKET.exec(head) : null;
  if (bracket) return fromWord(bracket[1]!);
  if (EXCEPTION_LINE.test(body)) return { level: 'ERROR', severity: 2 };
  return null;
}

/** The level word the last line led with (one of LEAD_WORDS as written), and its answer. */
let lastLead = '';
let lastLevel: { level: string; severity: Severity | -1 } | null = null;

/** LEVEL_LEAD's level words. */
const LEAD_WORDS = new Set(['fatal', 'panic', 'emerg', 'alert', 'crit', 'critical', 'error', 'err', 'warn', 'warning', 'notice', 'info', 'debug']);
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** fromWord's answers by word: a log repeats a handful of level words on every line. Bounded, since `level=` takes any word. */
const WORD_LEVELS = new Map<string, { level: string; severity: Severity | -1 }>();
const MAX_WORD_LEVELS = 256;

function fromWord(word: string): { level: string; severity: Severity | -1 } {
  let known = WORD_LEVELS.get(word);
  if (!known) {
    known = Object.freeze(levelOfWord(word));
    if (WORD_LEVELS.size < MAX_WORD_LEVELS) WORD_LEVELS.set(word, known);
  }
  // Shared and frozen (callers read it; a write would throw): no object per leveled line.
  return known;
}

function levelOfWord(word: string): { level: string; severity: Severity | -1 } {
  const lower = word.toLowerCase();
  const severity = WORD_SEVERITY[lower] ?? -1;
  const level = severity >= 1 ? SEVERITY_NAME[severity as Severity] : lower === 'i' ? 'INFO' : lower === 'd' ? 'DEBUG' : word.toUpperCase().replace(/^WARNING$/, 'WARN');
  return { level, severity };
}

/** The message of a JSON log line (every value is quoted, so the whole line would fold into one template). */
const JSON_MESSAGE = /"(?:msg|message|error|err|event|reason)"\s*:\s*"((?:[^"\\]|\\.){1,300})"/;

/** What a line's template is made of: a JSON line's message, or the line after its timestamp. */
function messageOf(text: string): string {
  if (text.charCodeAt(0) === 123 /* { */) {
    const m = JSON_MESSAGE.exec(text);
    if (m) return m[1]!;
  }
  const body = stripLogPrefix(text);
  // A located diagnostic's problem is its message: the same rule broken in twenty files is one problem.
  const located = body.includes(':') || body.includes('(') ? LOCATED.exec(body) : null;
  return located ? body.slice(located[1]!.length).trimStart() : body;
}

/** A request path with ids, numbers and query values masked: `/users/#/orders?…`. */
export function pathTemplate(path: string): string {
  const q = path.indexOf('?');
  const bare = q >= 0 ? path.slice(0, q) : path;
  const masked = bare
    .split('/')
    .map((seg) => (/\d/.test(seg) || /^[0-9a-f]{12,}$/i.test(seg) || seg.length > 40 ? '#' : seg))
    .join('/');
  return q >= 0 ? `${masked}?…` : masked;
}

/** Which access line this is: method, path and status, or null. */
export function accessOf(text: string): { method: string; path: string; status: number } | null {
  const first = text.charCodeAt(0);
  if (first === 123 /* { */) {
    if (!text.includes('"')) return null;
    const status = JSON_STATUS.exec(text);
    const path = status && JSON_PATH.exec(text);
    if (!status || !path) return null;
    let target = path[1]!;
    // A JSON `request` field often holds the whole request line: `GET /x HTTP/1.1`.
    const line = /^([A-Z]{3,10}) (\S+)/.exec(target);
    const method = line?.[1] ?? JSON_METHOD.exec(text)?.[1] ?? '';
    if (line) target = line[2]!;
    return { method, path: target, status: Number(status[1]) };
  }
  if (!text.includes('" ')) return null;
  const m = ACCESS.exec(text);
  return m ? { method: m[1]!, path: m[2]!, status: Number(m[3]) } : null;
}

export class ProblemLog {
  readonly levels = new Map<string, number>();
  readonly httpClasses = new Map<string, number>();
  private readonly problems = new Map<string, Problem>();
  /** Problem lines whose template came after MAX_TEMPLATES distinct ones, by severity. */
  private readonly overflow = [0, 0, 0, 0];
  /** Lines with a level or an HTTP status: how much of the output is a log. */
  leveled = 0;
  accessLines = 0;
  /** The occurrence whose detail lines are still being read. */
  private open: { problem: Problem; which: 'first' | 'last'; stream: StreamName; from: number; to: number } | null = null;

  /** True for an access-log line: a request is data, its status is counted here, not an error window. */
  line(stream: StreamName, n: number, text: string): boolean {
    const access = accessOf(text);
    if (access) {
      this.accessLines++;
      const cls = `${Math.floor(access.status / 100)}xx`;
      this.httpClasses.set(cls, (this.httpClasses.get(cls) ?? 0) + 1);
      if (access.status < 300 || access.status === 304) return true;
      const severity: Severity = access.status >= 500 ? 2 : access.status >= 400 ? 1 : 0;
      this.note(stream, n, severity, `${access.status} ${access.method} ${pathTemplate(access.path)}`, true);
      return true;
    }
    const level = levelOf(text);
    const open = this.open;
    this.open = null;
    // Lines with no level of their own right after a problem explain it (DETAIL, a stack, a hint).
    if (!level) {
      if (open && open.stream === stream && open.to === n - 1 && n - open.from <= DETAIL_LINES) {
        open.to = n;
        if (open.which === 'first') open.problem.firstTo = n;
        else open.problem.lastTo = n;
        this.open = open;
      }
      return false;
    }
    this.leveled++;
    this.levels.set(level.level, (this.levels.get(level.level) ?? 0) + 1);
    if (level.severity >= 1) this.note(stream, n, level.severity as Severity, templateOf(messageOf(text)), false);
    return false;
  }

  private note(stream: StreamName, n: number, severity: Severity, template: string, http: boolean): void {
    const key = `${stream === 'stdout' ? '' : '\u0000'}${severity}${template}`;
    const seen = this.problems.get(key);
    if (seen) {
      seen.count++;
      seen.last = n;
      seen.lastTo = n;
      if (!http) this.open = { problem: seen, which: 'last', stream, from: n, to: n };
      return;
    }
    if (this.problems.size >= MAX_TEMPLATES) {
      this.overflow[severity]!++;
      return;
    }
    const problem: Problem = { severity, stream, template, count: 1, first: n, firstTo: n, last: n, lastTo: n, ...(http ? { http: true as const } : {}) };
    this.problems.set(key, problem);
    if (!http) this.open = { problem, which: 'first', stream, from: n, to: n };
  }

  /** Distinct problem templates found. */
  get distinct(): number {
    return this.problems.size;
  }

  /** Problems ranked by severity, then by first occurrence; each cited by its first and last line. */
  finish(nextRef: () => string): StructureParts {
    const out: StructureParts = { summary: [], citations: [], fields: {}, omitted: [] };
    const ranked = [...this.problems.values()].sort((a, b) => b.severity - a.severity || (a.stream === b.stream ? 0 : a.stream === 'stderr' ? -1 : 1) || a.first - b.first);
    const refs: string[] = [];
    let rank = 0;
    for (const problem of ranked.slice(0, MAX_CITED)) {
      const priority = priorityOf(problem.severity, rank++);
      // A request template says what failed (`502 GET /api/orders/#`); a log line says it itself.
      const name = problem.http ? `HTTP ${problem.template}` : SEVERITY_NAME[problem.severity];
      const times = problem.count > 1 ? ` ×${count(problem.count)}, first of ${count(problem.count)} (last at line ${count(problem.last)})` : '';
      const ref = nextRef();
      if (refs.length < 6) refs.push(ref);
      out.citations.push({ ref, stream: problem.stream, from: problem.first, to: problem.firstTo, label: `${name}${times}`, kind: 'problem', priority, focus: [problem.first] });
      if (problem.count > 1) out.citations.push({ ref: nextRef(), stream: problem.stream, from: problem.last, to: problem.lastTo, focus: [problem.last], label: `${name} last of ${count(problem.count)}`, kind: 'problem (last)', priority: lower(priority) });
    }
    if (ranked.length > MAX_CITED) out.omitted.push({ what: `distinct problem templates past the first ${MAX_CITED}`, count: ranked.length - MAX_CITED });
    const overflow = this.overflow.reduce((a, b) => a + b, 0);
    if (overflow) out.omitted.push({ what: `problem lines past ${count(MAX_TEMPLATES)} templates (counted only)`, count: overflow });

    if (this.levels.size) {
      const levels = [...this.levels.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      out.fields.levels = Object.fromEntries(levels);
      out.summary.push({ text: `levels: ${levels.map(([l, c]) => `${l} ${count(c)}`).join(', ')}`, fields: ['levels'] });
    }
    if (this.httpClasses.size) {
      const classes = [...this.httpClasses.entries()].sort((a, b) => a[0].localeCompare(b[0]));
      out.fields.httpStatus = Object.fromEntries(classes);
      out.summary.push({ text: `${plural(this.accessLines, 'request')}: ${classes.map(([c, n]) => `${c} ${count(n)}`).join(', ')}`, fields: ['httpStatus'] });
    }
    const bad = ranked.filter((p) => p.severity >= 1);
    if (bad.length) {
      const bySeverity = [3, 2, 1].map((s) => [s, bad.filter((p) => p.severity === s).length] as const).filter(([, n]) => n > 0);
      out.fields.problems = bad.length;
      out.summary.push({ text: `${plural(bad.length, 'distinct problem')} (${bySeverity.map(([s, n]) => `${n} ${SEVERITY_NAME[s]}`).join(', ')}), by severity then first seen`, cites: refs.slice(0, 6), fields: ['problems'], priority: 'high' });
    }
    return out;
  }
}

function priorityOf(severity: Severity, rank: number): Priority {
  if (severity >= 2) return rank < 12 ? 'high' : rank < 30 ? 'normal' : 'low';
  if (severity === 1) return rank < 8 ? 'normal' : 'low';
  return 'low';
}

function lower(priority: Priority): Priority {
  return priority === 'high' ? 'normal' : 'low';
}
