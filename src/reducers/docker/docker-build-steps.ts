/**
 * The RUN steps of an image build, as spans of the output each command printed: what the command's own reducer
 * (npm's, pytest's, go's) reads again after the build's log is read (capture/step-reads.ts), as a CI job's steps are
 * (generic/job-steps.ts). BuildKit prints a step's output behind `#N <seconds> `, interleaved with the steps running
 * beside it; the span's form (`buildkit`, step N) reads past that prefix and leaves the other steps' lines out, and
 * the span ends at the step's last output line, before its `#N ERROR:` line, the `------` block repeating its last
 * lines and the Dockerfile excerpt. The legacy builder prints it bare between ` ---> Running in <id>` and ` ---> <id>`
 * or `The command '/bin/sh -c …' returned a non-zero code: N`. The steps read again are the failed ones, or when
 * none failed and the build did not fail otherwise, the build's last RUN when it printed anything: a build's tests
 * and compiles come last, and an install many steps before a silent `RUN chown` is set-up, not what the build is for. Memory stays bounded: the head of each step still running, the failed ones' and the last.
 */
import type { StepLineForm, StepSpan, StreamName } from '../../core/types.js';
import { addOutput, BUILDKIT_OUTPUT, FailedSteps, noOutput, stepSpan, type StepOutput } from '../generic/job-steps.js';

interface RunStep extends StepOutput {
  label: string;
  command: string;
  stream: StreamName;
  form: StepLineForm;
}

/** `RUN --mount=type=cache,target=/root/.npm npm ci` runs `npm ci`; `RUN ["npm", "test"]` runs `npm test`. */
export function runCommand(instruction: string): string | null {
  const m = /^RUN\s+(.*)$/i.exec(instruction.trim());
  if (!m) return null;
  const rest = m[1]!.replace(/^(?:--[\w-]+(?:=\S+)?\s+)+/, '');
  if (rest.startsWith('[')) {
    try {
      const words: unknown = JSON.parse(rest);
      if (Array.isArray(words) && words.every((w) => typeof w === 'string')) return words.join(' ');
    } catch {
      // Not a JSON array after all: the shell form.
    }
  }
  return rest;
}

export class BuildRuns {
  /** RUN steps still running, by BuildKit step id (`8`) or the legacy step's number. */
  private readonly open = new Map<string, RunStep>();
  private readonly failed = new FailedSteps();
  private last: StepSpan | null = null;
  private legacy: RunStep | null = null;
  /** The legacy step's output has begun (` ---> Running in <id>`) and not ended. */
  private legacyRunning = false;

  /** A BuildKit step opened (`#8 [4/4] RUN npm test`); `id` is its number. */
  begin(id: string, label: string, instruction: string, stream: StreamName): void {
    const command = runCommand(instruction);
    if (command === null || this.open.has(id)) return;
    this.open.set(id, { label, command, stream, form: { kind: 'buildkit', step: id }, ...noOutput() });
  }

  /** A stored line with BuildKit's `#N ` prefix: output when it carries the seconds too. */
  buildkitLine(id: string, n: number, text: string): void {
    const step = this.open.get(id);
    const m = step && BUILDKIT_OUTPUT.exec(text);
    if (step && m) addOutput(step, n, text.slice(m[0].length));
  }

  /** A BuildKit step ended: `DONE` (exitCode null) or `ERROR: … exit code: N`. */
  end(id: string, failed: boolean, exitCode: number | null): void {
    const step = this.open.get(id);
    if (!step) return;
    this.open.delete(id);
    this.close(step, failed, exitCode);
  }

  /** The legacy builder's `Step 4/7 : RUN npm test` (or any other step, which ends the one before). */
  legacyStep(id: string, label: string, instruction: string, stream: StreamName): void {
    this.legacyEnd(false, null);
    const command = runCommand(instruction);
    this.legacy = command === null ? null : { label, command, stream, form: { kind: 'plain' }, ...noOutput() };
    this.legacyRunning = false;
  }

  /** A line of the legacy builder's log inside a step (not its `Step` line nor its `The command … returned` line). */
  legacyLine(n: number, text: string): void {
    if (!this.legacy) return;
    if (text.startsWith(' ---> Running in ')) {
      this.legacyRunning = true;
      return;
    }
    if (!this.legacyRunning) return;
    // ` ---> 3c2b1a0f9e8d` or `Removing intermediate container …`: the command's output has ended.
    if (text.startsWith(' ---> ') || /^Removing intermediate container /.test(text)) {
      this.legacyEnd(false, null);
      return;
    }
    addOutput(this.legacy, n, text);
  }

  /** The legacy step failed: `The command '/bin/sh -c …' returned a non-zero code: N`. */
  legacyEnd(failed: boolean, exitCode: number | null): void {
    const step = this.legacy;
    if (!step) return;
    this.legacy = null;
    this.legacyRunning = false;
    this.close(step, failed, exitCode);
  }

  /**
   * The steps worth reading again: the failed ones, or when none failed and the build did not fail otherwise (`buildFailed`:
   * a COPY that found no file, a registry refusing), the last RUN, when it printed anything.
   */
  spans(buildFailed: boolean): StepSpan[] {
    const failed = this.failed.list();
    if (failed.length || buildFailed) return failed;
    return this.last ? [this.last] : [];
  }

  private close(step: RunStep, failed: boolean, exitCode: number | null): void {
    if (step.lines === 0) {
      // A silent RUN that passed is the build's last so far: nothing of it is read, nor of the steps before it.
      if (!failed) this.last = null;
      return;
    }
    const span = stepSpan(step, { stream: step.stream, form: step.form, label: step.label, command: step.command, exitCode });
    if (failed) this.failed.add(span);
    else this.last = span;
  }
}
