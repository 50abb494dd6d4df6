import type { StepSpan, StreamName } from '../../core/types.js';
import { addOutput, noOutput, stepSpan, type StepOutput } from './job-steps.js';

/**
 * A GitLab CI job log (`Running with gitlab-runner 17.x` first): the runner echoes each command of the job's
 * script as `$ <command>` (the `step_script` section, then `after_script`), and the job ends with `Job succeeded`
 * or `ERROR: Job failed: exit code N`. The script stops at its first failing command, so the failed step is the
 * last command of `step_script`; in a job that passed, its last command is the one worth reading. The lines of a
 * command's output are read as stored (`plain`).
 */
const GITLAB_COMMAND = /^\$ (.+)$/;
const GITLAB_FAILED = /^ERROR: Job failed: exit code (\d+)\s*$/;
/** The runner's own lines after a script: they end the command before them. */
const GITLAB_RUNNER_LINE = /^(?:section_end:|Running after_script|Uploading artifacts|Saving cache|Cleaning up project directory|Job succeeded|ERROR: Job failed)/;

export class GitLabSteps {
  private open: (StepOutput & { command: string }) | null = null;
  /** The last command of the script, printing or not: a failing command that printed nothing is not read as the one before it. */
  private lastCommand: (StepOutput & { command: string }) | null = null;
  private last: StepSpan | null = null;
  private afterScript = false;
  private failed: StepSpan | null = null;
  private jobFailed = false;

  constructor(private readonly stream: StreamName = 'stdout') {}

  line(n: number, text: string): void {
    const command = text.startsWith('$ ') ? GITLAB_COMMAND.exec(text) : null;
    if (command) {
      this.close();
      if (!this.afterScript) this.open = this.lastCommand = { command: command[1]!.trim(), ...noOutput() };
      return;
    }
    if (GITLAB_RUNNER_LINE.test(text)) {
      this.close();
      if (text.startsWith('Running after_script')) this.afterScript = true;
      const failed = GITLAB_FAILED.exec(text);
      if (failed) this.jobFailed = true;
      if (failed && this.lastCommand && this.lastCommand.lines > 0 && !this.failed) this.failed = { ...this.spanOf(this.lastCommand), exitCode: Number(failed[1]) };
      return;
    }
    if (this.open) addOutput(this.open, n, text);
  }

  spans(): StepSpan[] {
    if (this.failed) return [this.failed];
    // The job failed at a command that printed nothing: no other command's output is the failure's.
    if (this.jobFailed) return [];
    const open = this.open && this.open.lines > 0 ? this.spanOf(this.open) : null;
    const last = open ?? this.last;
    return last ? [last] : [];
  }

  private close(): void {
    const step = this.open;
    this.open = null;
    if (step && step.lines > 0) this.last = this.spanOf(step);
  }

  private spanOf(step: StepOutput & { command: string }): StepSpan {
    return stepSpan(step, { stream: this.stream, form: { kind: 'plain' }, label: `$ ${step.command}`, command: step.command, exitCode: null });
  }
}
