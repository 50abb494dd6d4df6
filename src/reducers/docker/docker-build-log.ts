/**
 * Reads image build logs with bounded state, in both forms:
 * - BuildKit plain progress (`#12 [build 5/9] RUN npm run build`, `#12 CACHED`, `#12 ERROR: ...`,
 *   the `------ > [build 5/9] ...:` recap, the `Dockerfile:30` source block, the final `ERROR: failed to solve: ...`);
 * - the legacy builder (`Step 5/32 : RUN ...`, ` ---> Using cache`, `Successfully built <id>`,
 *   `The command '/bin/sh -c ...' returned a non-zero code: 1`).
 */
import type { StepSpan, StreamName } from '../../core/types.js';
import { classifyLine } from '../generic/classify.js';
import { BuildRuns } from './docker-build-steps.js';

export interface Span {
  stream: StreamName;
  from: number;
  to: number;
}

export interface BuildStep {
  id: string;
  title: string;
  header: Span;
  status: 'running' | 'cached' | 'done' | 'error';
  /** Error-like lines of this step's own output (at most a few). */
  errorLines: number[];
  error?: { text: string; line: Span };
  lastLine: number;
}

const BK_HEADER = /^#(\d+) \[([^\]]+)\] (.*)$/;
const BK_STATUS = /^#(\d+) (CACHED|DONE \S+|ERROR: (.*))$/;
const BK_LOG = /^#(\d+) (?:\d+\.\d+ )?(.*)$/;
const BK_NAMING = /^#\d+ naming to (\S+)(?: done)?$/;
const BK_IMAGE = /^#\d+ writing image (sha256:[0-9a-f]+)(?: done)?$/;
const FINAL_ERROR = /^(?:ERROR|error): (.*)$/;
const DOCKERFILE_REF = /^(\S*Dockerfile\S*|\S+\.[Dd]ockerfile):(\d+)$/;
const LEGACY_STEP = /^Step (\d+)\/(\d+) : (.*)$/;
const LEGACY_BUILT = /^Successfully built ([0-9a-f]+)$/;
const LEGACY_TAGGED = /^Successfully tagged (\S+)$/;
const LEGACY_FAILED = /^The command '(.*)' returned a non-zero code: (\d+)$/;
const WARNINGS = /^ ?(\d+) warnings? found/;

const MAX_STEPS = 2000;
/** Error lines the generic classifier does not know: apt's `E:`, git's `fatal:`. */
const STEP_ERRORS = [/^E: /, /^fatal: /];
const ERRORS_PER_STEP = 3;

export class DockerBuildLog {
  readonly steps = new Map<string, BuildStep>();
  /** Step ids in the order they first appeared. */
  stepsDropped = 0;
  legacy: { step: BuildStep | null; total: number; count: number; cached: number } = { step: null, total: 0, count: 0, cached: 0 };
  finalErrors: Array<{ text: string; line: Span }> = [];
  recap: Span | null = null;
  dockerfile: { where: string; span: Span } | null = null;
  built: Span & { image: string } | null = null;
  tagged: Array<Span & { tag: string }> = [];
  legacyFailure: { command: string; code: number; line: Span } | null = null;
  warnings: Span | null = null;
  recognised = 0;
  /** The RUN steps' output spans, for their commands' own reducers to read again. */
  readonly runs = new BuildRuns();
  private inRecap: Span | null = null;
  private dockerfileOpen: 0 | 1 | 2 = 0;

  /** Returns true when the line belongs to the build log. */
  line(stream: StreamName, n: number, text: string): boolean {
    // A legacy RUN step's output is bare and can look like anything below (`ERROR: Could not build wheels`): its step sees it first.
    if (this.legacy.step && !LEGACY_STEP.test(text) && !LEGACY_FAILED.test(text)) this.runs.legacyLine(n, text);
    if (this.inRecap && this.inRecap.stream === stream) {
      this.inRecap.to = n;
      if (text === '------') {
        this.recap = this.inRecap;
        this.inRecap = null;
      }
      return true;
    }
    if (this.dockerfile && this.dockerfileOpen > 0 && this.dockerfile.span.stream === stream) {
      this.dockerfile.span.to = n;
      if (/^-{8,}$/.test(text) && --this.dockerfileOpen === 0) return true;
      if (this.dockerfileOpen > 0 && this.dockerfile.span.to - this.dockerfile.span.from > 14) this.dockerfileOpen = 0;
      return true;
    }
    let m = BK_HEADER.exec(text);
    if (m) {
      this.recognised++;
      const id = `#${m[1]}`;
      if (!this.steps.has(id)) {
        if (this.steps.size >= MAX_STEPS) this.stepsDropped++;
        else {
          this.steps.set(id, { id, title: `[${m[2]}] ${m[3]}`, header: { stream, from: n, to: n }, status: 'running', errorLines: [], lastLine: n });
          this.runs.begin(m[1]!, `[${m[2]}] ${m[3]}`, m[3]!, stream);
        }
      }
      return true;
    }
    m = BK_STATUS.exec(text);
    if (m) {
      this.recognised++;
      const step = this.steps.get(`#${m[1]}`);
      if (step) {
        step.lastLine = n;
        if (m[2] === 'CACHED') step.status = 'cached';
        else if (m[2]!.startsWith('DONE')) step.status = 'done';
        else {
          step.status = 'error';
          step.error = { text: m[3]!, line: { stream, from: n, to: n } };
        }
        if (m[2] !== 'CACHED') this.runs.end(m[1]!, step.status === 'error', step.error ? exitCodeOf(step.error.text) : null);
      }
      return true;
    }
    if ((m = BK_NAMING.exec(text)) || (m = BK_IMAGE.exec(text))) {
      if (text.includes('naming to')) this.tagged.push({ stream, from: n, to: n, tag: m[1]! });
      else this.built = { stream, from: n, to: n, image: m[1]! };
      return true;
    }
    m = BK_LOG.exec(text);
    if (m) {
      const step = this.steps.get(`#${m[1]}`);
      if (step) {
        step.lastLine = n;
        this.runs.buildkitLine(m[1]!, n, text);
        if (step.errorLines.length < ERRORS_PER_STEP && classifyLine(m[2]!, STEP_ERRORS) === 'error') step.errorLines.push(n);
      }
      return true;
    }
    if (text === '------') {
      this.inRecap = { stream, from: n, to: n };
      return true;
    }
    m = DOCKERFILE_REF.exec(text);
    if (m) {
      this.dockerfile = { where: `${m[1]}:${m[2]}`, span: { stream, from: n, to: n } };
      this.dockerfileOpen = 2;
      return true;
    }
    m = FINAL_ERROR.exec(text);
    if (m && this.finalErrors.length < 5) {
      this.recognised++;
      this.finalErrors.push({ text: m[1]!, line: { stream, from: n, to: n } });
      return true;
    }
    if (WARNINGS.test(text)) {
      this.warnings = { stream, from: n, to: n };
      return true;
    }
    return this.legacyLine(stream, n, text);
  }

  private legacyLine(stream: StreamName, n: number, text: string): boolean {
    let m = LEGACY_STEP.exec(text);
    if (m) {
      this.recognised++;
      const step: BuildStep = { id: m[1]!, title: `Step ${m[1]}/${m[2]} : ${m[3]}`, header: { stream, from: n, to: n }, status: 'running', errorLines: [], lastLine: n };
      if (this.legacy.step && this.legacy.step.status === 'running') this.legacy.step.status = 'done';
      this.legacy.step = step;
      this.runs.legacyStep(m[1]!, step.title, m[3]!, stream);
      this.legacy.total = Number(m[2]);
      this.legacy.count++;
      return true;
    }
    if ((m = LEGACY_BUILT.exec(text))) {
      this.recognised++;
      this.built = { stream, from: n, to: n, image: m[1]! };
      return true;
    }
    if ((m = LEGACY_TAGGED.exec(text))) {
      this.recognised++;
      this.tagged.push({ stream, from: n, to: n, tag: m[1]! });
      return true;
    }
    if ((m = LEGACY_FAILED.exec(text))) {
      this.recognised++;
      this.legacyFailure = { command: m[1]!, code: Number(m[2]), line: { stream, from: n, to: n } };
      if (this.legacy.step) this.legacy.step.status = 'error';
      this.runs.legacyEnd(true, this.legacyFailure.code);
      return true;
    }
    const step = this.legacy.step;
    if (!step) return false;
    if (text === ' ---> Using cache') {
      step.status = 'cached';
      this.legacy.cached++;
    } else {
      step.lastLine = n;
      if (step.errorLines.length < ERRORS_PER_STEP && !text.startsWith(' ---> ') && classifyLine(text, STEP_ERRORS) === 'error') step.errorLines.push(n);
    }
    return true;
  }

  /** The RUN steps to read again by their commands' reducers: the failed ones, or when the build did not fail, the last that printed anything. */
  stepSpans(): StepSpan[] {
    return this.runs.spans(this.failedStep() !== null || this.finalErrors.length > 0 || this.legacyFailure !== null);
  }

  /** The step that failed: BuildKit's `#N ERROR:` step, else the legacy step running when it failed. */
  failedStep(): BuildStep | null {
    for (const step of this.steps.values()) if (step.status === 'error') return step;
    if (this.legacy.step && this.legacy.step.status === 'error') return this.legacy.step;
    return null;
  }

  counts(): { steps: number; cached: number } {
    if (this.steps.size > 0) {
      const real = [...this.steps.values()].filter((s) => !/^\[(?:[\w.-]+ )?internal\]|^\[auth\]/.test(s.title));
      return { steps: real.length, cached: real.filter((s) => s.status === 'cached').length };
    }
    return { steps: this.legacy.count, cached: this.legacy.cached };
  }

  /** The exit code of the failed command, from `exit code: 1` or `returned a non-zero code: 1`. */
  exitCode(): number | null {
    if (this.legacyFailure) return this.legacyFailure.code;
    for (const e of [...this.finalErrors, ...[...this.steps.values()].flatMap((s) => (s.error ? [s.error] : []))]) {
      const code = exitCodeOf(e.text);
      if (code !== null) return code;
    }
    return null;
  }
}

function exitCodeOf(error: string): number | null {
  const m = /exit code: (\d+)/.exec(error);
  return m ? Number(m[1]) : null;
}
