import type { Bullet, CitationDraft, FieldValue, Omission, PacketParts } from '../../core/types.js';
import { clip, plural } from '../../core/format.js';
import { classifyLine } from '../generic/classify.js';
import { errorKey } from '../generic/templates.js';
import { ActionsSteps } from '../generic/job-steps.js';

/**
 * GitHub Actions job logs as `gh run view --log` / `--log-failed` print them: one line per log line,
 * `<job>\t<step>\t<timestamp> <text>` (a UTF-8 BOM may open each step). Each step is a segment; a
 * failed step ends in `##[error]...`. Keeps, per segment, line numbers only: the start, the first
 * `##[error]` lines, the strongest failure lines before it and the last lines before the error.
 */

export const ACTIONS_LOG_LINE = /^([^\t]+)\t([^\t]*)\t\uFEFF?(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z) ?(.*)$/;
const TAIL = 5;
const MAX_SEGMENTS = 500;
const CANDIDATES = 3;
const GROUPS_CITED = 6;
const ERROR_MARK = /^##\[error\]/;

interface Segment {
  job: string;
  step: string;
  from: number;
  to: number;
  lines: number;
  /** First `##[error]` lines (up to 3) and how many there were. */
  errors: number[];
  errorCount: number;
  firstError: string;
  /** The last lines before the first `##[error]`: line numbers, and the last non-empty message (for grouping). */
  recent: number[];
  tail: number[];
  lastMessage: string;
  signature: string;
  /** The strongest failure-looking lines before the error: [score, line]. */
  candidates: Array<[number, number]>;
  /** Inside a `##[group]` block (the step's command and env echo), which is not output. */
  inGroup: boolean;
}

/** Score of a line that reads like the cause of a failure: test verdicts outrank generic error words. */
function failureScore(message: string): number {
  if (ERROR_MARK.test(message)) return 0;
  if (/\bFAILED\b|\bFAIL\b|\bFailed\b|✗|✕/.test(message)) return 4;
  if (/\b(?:Error|Exception|Traceback|error(?:\[\w+\])?:|fatal:|panic:)/.test(message)) return 3;
  return classifyLine(message) === 'error' ? 2 : 0;
}

/** Message text normalised so the same failure in other matrix jobs groups together. */
function signatureOf(step: string, message: string): string {
  const cleaned = message.replace(/\([^)]*\)/g, '').replace(/[=\-_*#~]{3,}/g, '').trim();
  return `${step}\u0000${errorKey(cleaned)}`;
}

export class ActionsLogParser {
  readonly segments: Segment[] = [];
  parsed = 0;
  other = 0;
  droppedSegments = 0;
  warnings = 0;
  private current: Segment | null = null;
  private readonly byKey = new Map<string, Segment>();
  /** The steps' output spans, for their own reducers to read again. */
  readonly steps = new ActionsSteps();

  line(n: number, text: string): boolean {
    const match = ACTIONS_LOG_LINE.exec(text);
    if (!match) {
      this.other++;
      return false;
    }
    this.parsed++;
    const [, job, step, , message = ''] = match;
    this.steps.line(n, text, { job: job!, step: step! });
    const key = `${job}\t${step}`;
    let segment = this.current && this.current.job === job && this.current.step === step ? this.current : this.byKey.get(key);
    if (!segment) {
      if (this.segments.length >= MAX_SEGMENTS) {
        this.droppedSegments++;
        return true;
      }
      segment = { job: job!, step: step!, from: n, to: n, lines: 0, errors: [], errorCount: 0, firstError: '', recent: [], tail: [], lastMessage: '', signature: '', candidates: [], inGroup: false };
      this.segments.push(segment);
      this.byKey.set(key, segment);
    }
    this.current = segment;
    segment.to = n;
    segment.lines++;
    if (message.startsWith('##[warning]')) this.warnings++;
    if (ERROR_MARK.test(message)) {
      segment.errorCount++;
      if (segment.errors.length < 3) segment.errors.push(n);
      if (segment.errorCount === 1) {
        segment.firstError = message.slice('##[error]'.length);
        segment.tail = [...segment.recent, n];
        segment.signature = signatureOf(step!, segment.lastMessage || segment.firstError);
      }
      return true;
    }
    if (message.startsWith('##[group]')) segment.inGroup = true;
    else if (message.startsWith('##[endgroup]')) {
      segment.inGroup = false;
      segment.recent = [];
    } else if (segment.errorCount === 0 && !segment.inGroup) {
      segment.recent.push(n);
      if (segment.recent.length > TAIL) segment.recent.shift();
      if (message.trim() !== '' && !message.startsWith('##[')) segment.lastMessage = message;
      const score = failureScore(message);
      if (score > 0) addCandidate(segment.candidates, score, n);
    }
    return true;
  }

  /** Whether most lines were Actions log lines. */
  recognised(): boolean {
    return this.parsed > 0 && this.parsed >= (this.parsed + this.other) * 0.6;
  }

  finish(refs: { nextRef(): string }): PacketParts {
    const summary: Bullet[] = [];
    const citations: CitationDraft[] = [];
    const omitted: Omission[] = [];
    const fields: Record<string, FieldValue> = {};
    const jobs = new Set(this.segments.map((s) => s.job));
    const failed = this.segments.filter((s) => s.errorCount > 0);
    fields.jobs = jobs.size;
    fields.steps = this.segments.length;
    fields.failedSteps = failed.length;
    summary.push({ text: `${plural(jobs.size, 'job')}, ${plural(this.segments.length, 'step')} in the log; ${plural(failed.length, 'step')} ended in ##[error]`, fields: ['jobs', 'steps', 'failedSteps'] });

    const groups = new Map<string, Segment[]>();
    for (const segment of failed) {
      const group = groups.get(segment.signature);
      if (group) group.push(segment);
      else groups.set(segment.signature, [segment]);
    }
    const failedFields: FieldValue[] = [];
    let groupIndex = 0;
    for (const group of groups.values()) {
      const first = group[0]!;
      const others = group.slice(1).map((s) => s.job);
      const cited = groupIndex < GROUPS_CITED;
      const exitCode = /^Process completed with exit code (\d+)\.?$/.exec(first.firstError);
      failedFields.push({ job: first.job, step: first.step, ...(exitCode ? { exitCode: Number(exitCode[1]) } : { error: clip(first.firstError, 120) }), line: first.errors[0]!, ...(others.length ? { sameIn: others } : {}) });
      if (!cited) {
        groupIndex++;
        continue;
      }
      const priority = groupIndex < 3 ? 'mandatory' : 'high';
      const tailRef = refs.nextRef();
      const from = first.tail[0] ?? first.errors[0]!;
      citations.push({ ref: tailRef, stream: 'stdout', from, to: first.errors[0]!, label: `${first.job} › ${first.step}: last lines before ##[error]${others.length ? ` (same failure in ${plural(others.length, 'other job')})` : ''}`, kind: 'failed step', priority, focus: [first.errors[0]!] });
      const causeRefs: string[] = [];
      const causes = [...first.candidates].sort((a, b) => a[1] - b[1]).map(([, n]) => n).filter((n) => n < from);
      for (const range of mergeRuns(causes)) {
        const ref = refs.nextRef();
        causeRefs.push(ref);
        citations.push({ ref, stream: 'stdout', from: range[0], to: range[1], label: `${first.job} › ${first.step}: first failure lines`, kind: 'failure line', priority: groupIndex === 0 ? 'high' : 'normal' });
      }
      summary.push({
        text: `failed: ${first.job} › ${first.step}${others.length ? `; same in ${others.slice(0, 4).join(', ')}${others.length > 4 ? ', …' : ''}` : ''}`,
        cites: [tailRef, ...causeRefs.slice(0, 1)],
        fields: ['failed'],
        priority: 'mandatory',
      });
      groupIndex++;
    }
    if (failedFields.length) fields.failed = failedFields;
    if (groups.size > GROUPS_CITED) omitted.push({ what: 'distinct step failures not cited', count: groups.size - GROUPS_CITED });
    if (this.droppedSegments) omitted.push({ what: 'log lines past the step limit', count: this.droppedSegments });
    if (this.warnings) fields.warnings = this.warnings;
    return { status: failed.length > 0 ? 'fail' : 'ok', summary, fields, citations, omitted, confidence: failed.length > 0 ? 0.85 : 0.7 };
  }
}

function addCandidate(list: Array<[number, number]>, score: number, n: number): void {
  if (list.length < CANDIDATES) {
    list.push([score, n]);
    return;
  }
  // Replace the weakest (latest among equals) when this one scores higher.
  let weakest = 0;
  for (let i = 1; i < list.length; i++) if (list[i]![0] < list[weakest]![0] || (list[i]![0] === list[weakest]![0] && list[i]![1] > list[weakest]![1])) weakest = i;
  if (score > list[weakest]![0]) list[weakest] = [score, n];
}

/** Adjacent line numbers as ranges: [3,4,9] -> [[3,4],[9,9]]. */
function mergeRuns(numbers: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const n of numbers) {
    const last = out[out.length - 1];
    if (last && n <= last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

export function looksLikeActionsLog(head: string): boolean {
  const lines = head.split('\n').slice(0, 20).filter(Boolean);
  return lines.length > 0 && lines.filter((l) => ACTIONS_LOG_LINE.test(l)).length >= Math.max(1, lines.length * 0.6);
}
