import type { StepLineForm, StepSpan, StreamName } from '../../core/types.js';

/**
 * The steps of a GitHub Actions job log, as spans of the tool output each one printed: what the run's
 * own reducer (jest's, terraform's, pytest's) reads again after the job's log is read (see
 * capture/step-reads.ts). A step opens with `##[group]Run <command>` (the raw job log) or with a new
 * job and step pair (`gh run view --log`); the lines of that group block are the step's script and
 * environment, not its output. A failed step ends at `##[error]Process completed with exit code N.`
 * In a job that passed, the step worth reading is the last command (not an action, not the runner's set-up) that printed
 * anything: what a job is for comes after its set-up (install, then test; init, then plan). Memory stays bounded: the
 * head of the open step, the failed steps' heads and the last passing one's.
 */

/** How much of a step's output detection reads, as the probe of a run does. */
export const HEAD_BYTES = 8 * 1024;
/** Failed steps read again, at most (a matrix that fails alike in every job is one step, counted). */
export const MAX_FAILED_STEPS = 3;
/** A step's group block longer than this is output after all (a group the step never closed). */
const MAX_GROUP_LINES = 400;

/** `gh run view --log`'s job and step columns (a step's name is `Run <its script's first line>`, of any length), before a stamp. */
const GH_COLUMNS = /^[^\t\n]+\t[^\t\n]*\t(?=\uFEFF?\d{4}-\d\d-\d\dT)/;
const STAMP = /^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
/** A step that runs an action (`uses: actions/checkout@v4`, `./.github/actions/setup`), not a command. */
const ACTION_REF = /^(?:[\w.-]+\/[\w./-]+@\S+|\.\/\S+|docker:\/\/\S+)$/;
const POST_JOB = 'Post job cleanup.';
const EXIT = /^##\[error\]Process completed with exit code (\d+)\.?\s*$/;

/** A stored line of a job log without the job and step columns (`gh run view --log`), the BOM and the runner's stamp. */
export function stepText(line: string): string {
  const columns = GH_COLUMNS.exec(line);
  const rest = columns ? line.slice(columns[0].length) : line;
  const stamp = STAMP.exec(rest);
  return stamp ? rest.slice(stamp[0].length) : rest.replace(/^\uFEFF/, '');
}

/** A line of a BuildKit step's output: `#12 3.118 <line>` (step number, seconds since the step began). */
export const BUILDKIT_OUTPUT = /^#(\d+) \d+\.\d+(?: |$)/;

/**
 * A stored line of a step's span as its tool printed it, or null when it is not the step's output: one mechanism for
 * CI job logs and image builds, chosen by the span's form (core/types.ts StepLineForm). A job log's line comes past its
 * columns and stamp, its group markers left out; a BuildKit line past `#N <seconds> ` of its own step, every other
 * line left out (the other steps running beside it, the step's `DONE`/`ERROR` lines, the `------` block repeating its
 * last lines, the Dockerfile excerpt); the legacy builder's as stored.
 */
export function stepLine(form: StepLineForm | undefined, stored: string): string | null {
  switch (form?.kind ?? 'actions') {
    case 'plain':
      return stored;
    case 'buildkit': {
      const m = BUILDKIT_OUTPUT.exec(stored);
      return m && m[1] === (form as { step: string }).step ? stored.slice(m[0].length) : null;
    }
    default: {
      const own = stepText(stored);
      return own.startsWith('##[group]') || own.startsWith('##[endgroup]') ? null : own;
    }
  }
}

/** A step's output as it is read: where it is stored, how much there is, and its head (what detection reads). */
export interface StepOutput {
  from: number;
  to: number;
  lines: number;
  bytes: number;
  head: string[];
  headBytes: number;
}

export function noOutput(): StepOutput {
  return { from: 0, to: 0, lines: 0, bytes: 0, head: [], headBytes: 0 };
}

/** Stored line `n` of a step's output; `own` is the line as its tool printed it. */
export function addOutput(step: StepOutput, n: number, own: string): void {
  if (step.lines === 0) step.from = n;
  step.to = n;
  step.lines++;
  step.bytes += Buffer.byteLength(own) + 1;
  if (step.headBytes < HEAD_BYTES) {
    step.head.push(own);
    step.headBytes += own.length + 1;
  }
}

/** The failed steps read again: at most MAX_FAILED_STEPS, a command failing again (a matrix) read once; the others counted on the first. */
export class FailedSteps {
  private readonly spans: StepSpan[] = [];
  private readonly commands = new Set<string>();
  private unread = 0;

  add(span: StepSpan): void {
    if (this.commands.has(span.command) || this.spans.length >= MAX_FAILED_STEPS) {
      this.unread++;
      return;
    }
    this.commands.add(span.command);
    this.spans.push(span);
  }

  list(): StepSpan[] {
    return this.unread ? this.spans.map((s, i) => (i === 0 ? { ...s, unread: this.unread } : s)) : [...this.spans];
  }
}

interface OpenStep extends StepOutput {
  key: string;
  label: string;
  command: string;
  /** It opened with `##[group]Run <command>` and ran no action (`actions/checkout@v4`): a command's output. */
  ranCommand: boolean;
  inGroup: boolean;
  groupLines: number;
}

export class ActionsSteps {
  private open: OpenStep | null = null;
  private readonly failed = new FailedSteps();
  private last: StepSpan | null = null;

  constructor(private readonly stream: StreamName = 'stdout') {}

  /**
   * One stored line. `key` names the step the line belongs to when the log says so per line (`job\tstep`
   * of `gh run view --log`); the raw job log leaves it undefined and opens steps at `##[group]Run`.
   */
  line(n: number, text: string, key?: { job: string; step: string }): void {
    const message = stepText(text);
    const group = message.startsWith('##[group]') ? message.slice('##[group]'.length) : null;
    const opensRun = group !== null && group.startsWith('Run ');
    if (key) {
      const id = `${key.job}\t${key.step}`;
      if (this.open?.key !== id) this.begin(id, `${key.job} › ${key.step}`, key.step.replace(/^Run /, ''));
      if (opensRun && this.open!.lines === 0) {
        this.ran(group.slice(4).trim());
        return;
      }
    } else if (opensRun) {
      this.begin(`${n}`, group, group.slice(4).trim());
      this.ran(group.slice(4).trim());
      return;
    }
    const step = this.open;
    if (!step) return;
    // The runner's post-job steps open with this line and no group of their own in a raw log.
    if (!key && message === POST_JOB) {
      this.close(null);
      return;
    }
    if (step.inGroup) {
      if (message.startsWith('##[endgroup]') || ++step.groupLines > MAX_GROUP_LINES) step.inGroup = false;
      return;
    }
    const exit = message.startsWith('##[error]') ? EXIT.exec(message) : null;
    if (exit) {
      this.close(Number(exit[1]));
      return;
    }
    addOutput(step, n, message);
  }

  /** The steps worth reading again: the failed ones, or when none failed, the last command that printed anything (the open step too). */
  spans(): StepSpan[] {
    const failed = this.failed.list();
    if (failed.length) return failed;
    const open = this.open && this.open.lines > 0 && this.open.ranCommand ? spanOf(this.open, this.stream, null) : null;
    const last = open ?? this.last;
    return last ? [last] : [];
  }

  private begin(key: string, label: string, command: string): void {
    this.close(null);
    this.open = { key, label, command, ranCommand: false, inGroup: false, groupLines: 0, ...noOutput() };
  }

  private ran(command: string): void {
    const step = this.open!;
    step.command = command;
    step.inGroup = true;
    step.ranCommand = !ACTION_REF.test(command);
  }

  private close(exitCode: number | null): void {
    const step = this.open;
    if (!step) return;
    this.open = null;
    if (step.lines === 0 && exitCode === null) return;
    const span = spanOf(step, this.stream, exitCode);
    if (exitCode !== null && exitCode !== 0) {
      if (step.lines > 0) this.failed.add(span);
    } else if (step.ranCommand && step.lines > 0) this.last = span;
  }
}

function spanOf(step: OpenStep, stream: StreamName, exitCode: number | null): StepSpan {
  return stepSpan(step, { stream, form: { kind: 'actions' }, label: step.label, command: step.command, exitCode });
}

/** The span of a step's output, for step-reads: where it is stored and its head, with what the log says of the step. */
export function stepSpan(step: StepOutput, of: Pick<StepSpan, 'stream' | 'form' | 'label' | 'command' | 'exitCode'>): StepSpan {
  return { ...of, from: step.from, to: step.to, lines: step.lines, bytes: step.bytes, head: step.head.join('\n').slice(0, HEAD_BYTES) };
}
