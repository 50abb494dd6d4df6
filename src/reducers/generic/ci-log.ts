/**
 * CI job logs. GitHub Actions job logs (`gh api .../jobs/<id>/logs`, downloaded job logs): every line
 * carries an ISO timestamp, steps open with `##[group]Run <command>`, failures with `##[error]`.
 * Sample: `2025-10-16T08:54:55.5566904Z ##[error]Process completed with exit code 1.`
 * Docs: https://docs.github.com/en/actions/using-workflows/workflow-commands-for-github-actions
 * GitLab CI job logs open with `Running with gitlab-runner …`, echo each script command as `$ <command>`
 * and end with `Job succeeded` or `ERROR: Job failed: exit code N` (gitlab-steps.ts).
 * Docs: https://docs.gitlab.com/ci/jobs/job_logs/
 * Jenkins console logs print `[Pipeline] <step>` lines or open with `Started by …` and the workspace; `sh` steps
 * echo each command as `+ <command>`, and a build ends with `Finished: <result>` (jenkins-steps.ts).
 */
import type { Bullet, CitationDraft, Reducer, StepSpan, StreamName } from '../../core/types.js';
import { ACTIONS_TIMESTAMP } from './classify.js';
import { LogDigest } from './log-digest.js';
import { clip } from '../../core/format.js';
import { ciLogClaims, GITLAB_RUNNER, isJenkinsLog } from './ci-log.claims.js';
import { GitLabSteps } from './gitlab-steps.js';
import { JenkinsSteps } from './jenkins-steps.js';
import { ActionsSteps } from './job-steps.js';

const STEP = /##\[group\]Run (.+)$/;
const ERROR = /##\[error\](.*)$/;
const EXIT = /Process completed with exit code (\d+)/;

interface Step {
  stream: StreamName;
  line: number;
  command: string;
}

export const ciLogReducer: Reducer = {
  ...ciLogClaims,
  version: '1.7.0',
  excerptLine: (text) => text.replace(ACTIONS_TIMESTAMP, ''),
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let step: Step | null = null;
    let failedStep: (Step & { exit: number; exitLine: number }) | null = null;
    const errorSteps = new Map<string, Step>();
    // The steps of the job, read again by their own reducers (capture/step-reads.ts): GitLab's `$ command` echoes,
    // Jenkins's `+ command` echoes, or Actions' groups.
    const Steps = GITLAB_RUNNER.test(ctx.head.slice(0, 512)) ? GitLabSteps : isJenkinsLog(ctx.head) ? JenkinsSteps : ActionsSteps;
    const stepReaders = { stdout: new Steps('stdout'), stderr: new Steps('stderr') };
    const stepSpans = (): StepSpan[] => [...stepReaders.stdout.spans(), ...stepReaders.stderr.spans()];
    return {
      steps: stepSpans,
      line(stream, n, text, marks) {
        digest.line(stream, n, text, marks);
        stepReaders[stream].line(n, text);
        // The literal first (a native search): the regex runs on the few lines that open a step.
        const run = text.includes('##[group]Run ') ? STEP.exec(text) : null;
        if (run) {
          step = { stream, line: n, command: run[1]!.trim() };
          return;
        }
        if (!text.includes('##[error]')) return;
        const error = ERROR.exec(text);
        if (step && error) {
          errorSteps.set(`${step.stream}:${step.line}`, step);
        }
        const exit = EXIT.exec(text);
        if (exit && step) failedStep = { ...step, exit: Number(exit[1]), exitLine: n };
      },
      finish(exit) {
        const parts = digest.finish(exit);
        const citations: CitationDraft[] = [];
        const summary: Bullet[] = [];
        // `failedStep` is assigned inside the line callback; TypeScript cannot see that.
        const failed = failedStep as (Step & { exit: number; exitLine: number }) | null;
        if (failed) {
          const stepRef = digest.nextRef();
          citations.push({ ref: stepRef, stream: failed.stream, from: failed.line, to: failed.line, label: 'failing step', kind: 'step', priority: 'mandatory' });
          const exitRef = digest.nextRef();
          citations.push({ ref: exitRef, stream: failed.stream, from: failed.exitLine, to: failed.exitLine, label: 'step result', kind: 'step', priority: 'mandatory' });
          summary.push({ text: `step failed: Run ${clip(failed.command, 120)} (exit ${failed.exit})`, cites: [stepRef, exitRef], fields: ['failedStep'] });
          parts.fields.failedStep = { command: clip(failed.command, 200), exit: failed.exit };
          parts.status = 'fail';
        }
        // GitLab's and Jenkins's failed command, named by its echo (`$ cmd`, `+ cmd`: the line before its output).
        const echoed = failed || Steps === ActionsSteps ? null : stepSpans().find((s) => s.exitCode);
        if (echoed) {
          const ref = digest.nextRef();
          citations.push({ ref, stream: echoed.stream, from: echoed.from - 1, to: echoed.from - 1, label: 'failing step', kind: 'step', priority: 'mandatory' });
          summary.push({ text: `step failed: ${clip(echoed.label, 120)} (exit ${echoed.exitCode})`, cites: [ref], fields: ['failedStep'] });
          parts.fields.failedStep = { command: clip(echoed.command, 200), exit: echoed.exitCode };
          parts.status = 'fail';
        }
        const steps = [...errorSteps.values()].filter((s) => !failed || s.line !== failed.line);
        if (steps.length) {
          parts.fields.stepsWithErrors = steps.map((s) => clip(s.command, 120));
          summary.push({ text: `${steps.length} other step${steps.length === 1 ? '' : 's'} reported errors`, fields: ['stepsWithErrors'] });
        }
        return { ...parts, summary: [...summary, ...parts.summary], citations: [...citations, ...parts.citations], confidence: failed || echoed ? 0.8 : parts.confidence };
      },
    };
  },
};
