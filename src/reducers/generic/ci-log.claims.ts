/** What detection reads of `ci-log`, loaded on every run; the body (./ci-log.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { RUNNER_MARKER } from '../../core/line-stamps.js';
import { countTimestamped } from './classify.js';

/** The first line of every GitLab CI job log: `Running with gitlab-runner 17.5.0 (…)`. */
export const GITLAB_RUNNER = /^Running with gitlab-runner \d/m;
/**
 * A Jenkins console log: a Pipeline's `[Pipeline] <step>` lines, or a build's `Started by …` first line followed by its
 * workspace (`Building in workspace /var/lib/jenkins/workspace/app`, `Running on agent-2 in /home/jenkins/…`).
 */
const JENKINS_PIPELINE_STEP = /^\[Pipeline\] \S/gm;
const JENKINS_STARTED = /^Started by \S/;
const JENKINS_WORKSPACE = /^(?:Building (?:remotely on \S+(?: \([^)\n]*\))? )?in workspace \/|Running on \S+ in \/)/m;

export function isJenkinsLog(head: string): boolean {
  const start = head.slice(0, 8192);
  if ((start.match(JENKINS_PIPELINE_STEP)?.length ?? 0) >= 2) return true;
  return JENKINS_STARTED.test(start) && JENKINS_WORKSPACE.test(start);
}
const RUNNER_STAMP = /^\uFEFF?\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z /m;

export const ciLogClaims: ReducerClaims = {
  name: 'ci-log',
  family: 'log',
  intent: 'verdict',
  lane: 'internal',
  detect(probe) {
    // A GitLab CI job's log opens with the runner's banner (its lines carry no stamps); a Jenkins log has its own
    // lines. Above any tool's content claim (up to 0.98): the job's log holds that tool's output, read again as its step.
    if (GITLAB_RUNNER.test(probe.head.slice(0, 512))) return 0.99;
    if (isJenkinsLog(probe.head)) return 0.99;
    const { lines, stamped: count } = countTimestamped(probe.head);
    if (lines < 3) return 0;
    const stamped = count / lines;
    const markers = RUNNER_MARKER.test(probe.head);
    // A runner stamps its lines to the 100 ns (`…T14:02:07.3110000Z`); a program's own ISO times
    // (`debug`'s `…T11:19:34.530Z eslint:cli …`, `--timestamps` in ns) make a log, not a CI job. Stamped lines with
    // the runner's `##[group]` markers are a job's raw log, above the content claim of the tool inside it as a GitLab
    // or Jenkins log is (session 17: terraform claimed a job whose apply opened the log, 0.9 against 0.85, and read
    // it as one run: 0 of 4 needles where the job's reading of its step keeps 4).
    const runner = RUNNER_STAMP.test(probe.head);
    return stamped > 0.8 ? (markers ? 0.99 : runner ? 0.6 : 0) : 0;
  },
};
