import type { StepSpan, StreamName } from '../../core/types.js';
import { addOutput, noOutput, stepSpan, type StepOutput } from './job-steps.js';

/**
 * A Jenkins build's console log (`/job/<name>/<n>/consoleText`). A Pipeline prints a `[Pipeline] <step>` line
 * before each step and block; a `sh` (or `bat`, `powershell`) step runs its script under `sh -xe`, which echoes
 * each command as `+ <command>` before its output. A freestyle job runs its shell build step as
 * `[<job>] $ /bin/sh -xe /tmp/jenkins<n>.sh`, with the same echoes. A failing command stops its script. A
 * Declarative Pipeline then skips the later stages (`Stage "Deploy" skipped due to earlier failure(s)`), runs its
 * post actions and ends with `ERROR: script returned exit code N`; a freestyle job says `Build step 'Execute shell'
 * marked build as failure`. Every build ends with `Finished: <result>`. So the failed command is the last one
 * echoed before the first sign of the failure; in a build that passed, the last command that printed is the one
 * worth reading. Lines of a command's output are read as stored (`plain`).
 * Docs: https://www.jenkins.io/doc/pipeline/steps/workflow-durable-task-step/#sh-shell-script
 */
const PIPELINE = '[Pipeline] ';
/** The Pipeline steps that run a script whose commands are echoed. */
const SHELL_STEPS = new Set(['sh', 'bat', 'powershell', 'pwsh']);
/** A freestyle job's shell build step: `[project] $ /bin/sh -xe /tmp/jenkins5630871960381519376.sh`. */
const FREESTYLE_SHELL = /^\[[^\]\n]{1,200}\] \$ (?:\/bin\/(?:ba)?sh|\/usr\/bin\/env|cmd|powershell)\b/;
/** `sh -x` echoes a command as `+ command`; `++ …` lines are command substitutions inside it, part of its run. */
const ECHO = /^\+ (\S.*)$/;
const SCRIPT_FAILED = /^ERROR: script returned exit code (\d+)\s*$/;
const BUILD_STEP_FAILED = /^Build step '[^']+' marked build as failure\s*$/;
const SKIPPED_AFTER_FAILURE = /^Stage ".*" skipped due to earlier failure\(s\)\s*$/;
const POST_ACTIONS = '{ (Declarative: Post Actions)';
const FINISHED = /^Finished: (SUCCESS|UNSTABLE|FAILURE|ABORTED|NOT_BUILT)\s*$/;

type Command = StepOutput & { command: string };

export class JenkinsSteps {
  private inShell = false;
  private open: Command | null = null;
  /** The last command echoed, printing or not: a failing command that printed nothing is not read as the one before it. */
  private lastCommand: Command | null = null;
  private last: StepSpan | null = null;
  private failed: StepSpan | null = null;
  /** The build said it failed; the failed command is known (or known to be none) from then on. */
  private failureSeen = false;
  /** A Declarative Pipeline's post actions have begun: their steps are clean-up, not the build's command. */
  private inPost = false;
  private beforePost: Command | null = null;

  constructor(private readonly stream: StreamName = 'stdout') {}

  line(n: number, text: string): void {
    if (text.startsWith(PIPELINE)) {
      this.close();
      const step = text.slice(PIPELINE.length).trim();
      this.inShell = SHELL_STEPS.has(step);
      if (step === POST_ACTIONS && !this.inPost) {
        this.inPost = true;
        this.beforePost = this.lastCommand;
      }
      return;
    }
    if (FREESTYLE_SHELL.test(text)) {
      this.close();
      this.inShell = true;
      return;
    }
    if (text.startsWith('Stage "') && SKIPPED_AFTER_FAILURE.test(text)) return this.sawFailure(null);
    if (text.startsWith('ERROR: script returned')) {
      const code = SCRIPT_FAILED.exec(text);
      if (code) return this.sawFailure(Number(code[1]));
    }
    if (text.startsWith('Build step ') && BUILD_STEP_FAILED.test(text)) return this.sawFailure(null);
    const finished = text.startsWith('Finished: ') ? FINISHED.exec(text) : null;
    if (finished) {
      if (finished[1] === 'FAILURE') this.sawFailure(null);
      this.close();
      this.inShell = false;
      return;
    }
    if (!this.inShell) return;
    const echo = text.startsWith('+ ') ? ECHO.exec(text) : null;
    if (echo) {
      this.close();
      this.open = this.lastCommand = { command: echo[1]!.trim(), ...noOutput() };
      return;
    }
    if (this.open) addOutput(this.open, n, text);
  }

  spans(): StepSpan[] {
    // A freestyle job does not print the exit code: the step failed, so it was not 0.
    if (this.failed) return [{ ...this.failed, exitCode: this.failed.exitCode ?? 1 }];
    // The build failed at a command that printed nothing: no other command's output is the failure's.
    if (this.failureSeen) return [];
    const open = this.open && this.open.lines > 0 && !this.inPost ? this.spanOf(this.open) : null;
    const last = open ?? this.last;
    return last ? [last] : [];
  }

  /**
   * A sign that the build failed: the later stages skipped, the script's exit code, the freestyle step marked failed,
   * `Finished: FAILURE`. The first fixes the command (the last one echoed before the post actions, or before this
   * line); a later exit code completes it.
   */
  private sawFailure(exitCode: number | null): void {
    if (this.failed) {
      if (exitCode !== null && this.failed.exitCode === null) this.failed = { ...this.failed, exitCode };
      return;
    }
    if (this.failureSeen) return;
    this.failureSeen = true;
    this.close();
    const command = this.inPost ? this.beforePost : this.lastCommand;
    if (command && command.lines > 0) this.failed = { ...this.spanOf(command), exitCode };
  }

  private close(): void {
    const command = this.open;
    this.open = null;
    if (command && command.lines > 0 && !this.inPost) this.last = this.spanOf(command);
  }

  private spanOf(command: Command): StepSpan {
    return stepSpan(command, { stream: this.stream, form: { kind: 'plain' }, label: `+ ${command.command}`, command: command.command, exitCode: null });
  }
}
