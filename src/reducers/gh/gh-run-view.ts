/**
 * `gh run view`: the run summary (`X main CI · 24963382400`, then JOBS with `X Test in 2m40s (ID 73093817056)`
 * and indented steps, ANNOTATIONS, ARTIFACTS) and the job logs of `--log` / `--log-failed`
 * (`<job>\t<step>\t<timestamp> <text>`). Failed jobs, their failed steps and the error lines first.
 * Docs: https://cli.github.com/manual/gh_run_view
 */
import type { Bullet, CitationDraft, FieldValue, JsonStyle, PacketParts, Reducer } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { unstamp } from '../../core/line-stamps.js';
import { ActionsLogParser } from './actions-log.js';
import { stepText } from '../generic/job-steps.js';
import { withDigestErrors, withStderrErrors } from '../generic/merge-parts.js';
import { reduceGitHubJson } from './gh-api.js';
import { ghRunViewClaims, MARK, TITLE, JOB } from './gh-run-view.claims.js';
const STEP = new RegExp(`^\\s{2}${MARK}\\s+(.+)$`, 'u');
const ANNOTATION = new RegExp(`^${MARK}\\s+(.+)$`, 'u');
const FAILED_MARK = /^[X×✗]$/u;
const JOBS_CITED = 10;
const STEPS_PER_JOB = 2;
const ANNOTATIONS_CITED = 8;

export const ghRunViewReducer: Reducer = {
  ...ghRunViewClaims,
  version: '1.1.1',
  wantsJson: true,
  // A `--log` line shown without its job, step and time: the citation's label names the step.
  excerptLine: stepText,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const log = new ActionsLogParser();
    const summary = new RunSummaryParser();
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    return {
      json(doc, style) {
        parsed = { doc, style };
      },
      line(stream, n, text) {
        // `--log` lines are `job<TAB>step<TAB>time message`: the digest reads the message, as the tool printed it.
        digest.line(stream, n, unstamp(text));
        if (stream !== 'stdout') return;
        log.line(n, text);
        summary.line(n, text);
      },
      steps: () => (log.recognised() ? log.steps.spans() : []),
      finish(exit) {
        let parts: PacketParts;
        // `gh run view --json jobs,conclusion,...`: failing jobs and their failed steps.
        if (parsed) return reduceGitHubJson(parsed, digest, exit.code !== null && exit.code !== 0, exit);
        if (log.recognised()) {
          parts = log.finish(digest);
          // No step ended in ##[error] (a `--log` of a passing run, or tab-separated lines from elsewhere):
          // the error windows of the generic digest say what the lines themselves report.
          if (parts.fields.failedSteps === 0 && digest.errors.errorLines > 0) parts = withDigestErrors(parts, digest.finish(exit, { skipHead: true, skipTail: true }));
        }
        else if (summary.recognised()) parts = summary.finish(digest);
        else return digest.finish(exit);
        if (exit.code !== null && exit.code !== 0) parts.status = 'fail';
        return withStderrErrors(parts, digest, exit);
      },
    };
  },
};

interface Job {
  n: number;
  mark: string;
  name: string;
  id: string;
  elapsed: string;
  failedSteps: Array<{ n: number; name: string }>;
}

/** The summary text: title line, JOBS (with steps under `--verbose` or for failed jobs), ANNOTATIONS. */
class RunSummaryParser {
  title: { n: number; mark: string; text: string; id: string } | null = null;
  url: { n: number; url: string } | null = null;
  private section: 'head' | 'jobs' | 'annotations' | 'artifacts' | 'other' = 'head';
  private readonly jobMarks = new Map<string, number>();
  private jobsTotal = 0;
  private readonly failedJobs: Job[] = [];
  private failedJobsTotal = 0;
  private current: Job | null = null;
  private readonly annotations: Array<{ n: number; text: string; repeats: number }> = [];
  private annotationFailures = 0;
  private annotationWarnings = 0;
  private hint: number | null = null;

  line(n: number, text: string): void {
    if (/^(?:JOBS|ANNOTATIONS|ARTIFACTS)$/.test(text)) {
      this.section = text === 'JOBS' ? 'jobs' : text === 'ANNOTATIONS' ? 'annotations' : 'artifacts';
      return;
    }
    if (!this.title) {
      const title = TITLE.exec(text);
      if (title) this.title = { n, mark: title[1]!, text: title[2]!, id: title[3]! };
    }
    const url = /^View this run on GitHub: (\S+)/.exec(text);
    if (url) this.url = { n, url: url[1]! };
    if (/^To see what failed, try: /.test(text)) this.hint = n;
    // `gh run view --job <id>` prints its one job without a JOBS header.
    if (this.section === 'jobs' || this.section === 'head') {
      const job = JOB.exec(text);
      if (job) {
        this.jobsTotal++;
        this.jobMarks.set(job[1]!, (this.jobMarks.get(job[1]!) ?? 0) + 1);
        this.current = null;
        if (FAILED_MARK.test(job[1]!)) {
          this.failedJobsTotal++;
          const entry: Job = { n, mark: job[1]!, name: job[2]!, elapsed: job[3] ?? '', id: job[4]!, failedSteps: [] };
          if (this.failedJobs.length < JOBS_CITED) this.failedJobs.push(entry);
          this.current = entry;
        }
        return;
      }
      const step = STEP.exec(text);
      if (step && this.current && FAILED_MARK.test(step[1]!) && this.current.failedSteps.length < STEPS_PER_JOB) this.current.failedSteps.push({ n, name: step[2]! });
    } else if (this.section === 'annotations') {
      const note = ANNOTATION.exec(text);
      if (!note) return;
      if (FAILED_MARK.test(note[1]!)) {
        this.annotationFailures++;
        const same = this.annotations.find((a) => a.text === note[2]);
        if (same) same.repeats++;
        else if (this.annotations.length < ANNOTATIONS_CITED) this.annotations.push({ n, text: note[2]!, repeats: 0 });
      } else if (note[1] === '!') this.annotationWarnings++;
    }
  }

  recognised(): boolean {
    return this.title !== null || this.jobsTotal > 0;
  }

  finish(refs: { nextRef(): string }): PacketParts {
    const summary: Bullet[] = [];
    const citations: CitationDraft[] = [];
    const fields: Record<string, FieldValue> = {};
    const failed = this.failedJobsTotal > 0 || (this.title !== null && FAILED_MARK.test(this.title.mark));
    if (this.title) {
      const ref = refs.nextRef();
      citations.push({ ref, stream: 'stdout', from: this.title.n, to: this.title.n, label: 'run', priority: 'mandatory' });
      fields.run = { title: this.title.text, id: this.title.id, result: markName(this.title.mark) };
      summary.push({ text: `run ${this.title.id} "${this.title.text}": ${markName(this.title.mark)}`, cites: [ref], fields: ['run'] });
    }
    if (this.jobsTotal) {
      fields.jobs = { total: this.jobsTotal, ...Object.fromEntries([...this.jobMarks].map(([m, c]) => [markName(m), c])) };
      summary.push({ text: `${plural(this.jobsTotal, 'job')}: ${[...this.jobMarks].map(([m, c]) => `${markName(m)} ${count(c)}`).join(', ')}`, fields: ['jobs'] });
    }
    const jobRefs: string[] = [];
    for (const job of this.failedJobs) {
      const ref = refs.nextRef();
      jobRefs.push(ref);
      citations.push({ ref, stream: 'stdout', from: job.n, to: job.n, label: 'failed job', kind: 'failed job', priority: 'mandatory' });
      for (const step of job.failedSteps) citations.push({ ref: refs.nextRef(), stream: 'stdout', from: step.n, to: step.n, label: 'failed step', kind: 'failed step', priority: 'mandatory' });
    }
    if (this.failedJobs.length) {
      fields.failedJobs = this.failedJobs.map((j) => ({ name: j.name, id: j.id, ...(j.elapsed ? { elapsed: j.elapsed } : {}), failedSteps: j.failedSteps.map((s) => s.name) }));
      summary.push({ text: `${plural(this.failedJobsTotal, 'failed job')}: ${this.failedJobs.slice(0, 6).map((j) => j.name).join('; ')}${this.failedJobsTotal > 6 ? '; …' : ''}`, cites: jobRefs.slice(0, 6), fields: ['failedJobs'], priority: 'mandatory' });
    }
    const noteRefs: string[] = [];
    for (const note of this.annotations) {
      const ref = refs.nextRef();
      noteRefs.push(ref);
      citations.push({ ref, stream: 'stdout', from: note.n, to: note.n + 1, label: note.repeats ? `failure annotation, same message ${plural(note.repeats, 'more time')}` : 'failure annotation', kind: 'annotation', priority: noteRefs.length <= 4 ? 'high' : 'normal' });
    }
    if (this.annotationFailures || this.annotationWarnings) {
      fields.annotations = { failures: this.annotationFailures, warnings: this.annotationWarnings };
      summary.push({ text: `annotations: ${plural(this.annotationFailures, 'failure')}, ${plural(this.annotationWarnings, 'warning')}`, cites: noteRefs.slice(0, 3), fields: ['annotations'] });
    }
    if (this.url) fields.url = this.url.url;
    if (this.hint !== null) citations.push({ ref: refs.nextRef(), stream: 'stdout', from: this.hint, to: this.hint, label: 'next step', priority: 'normal' });
    const omitted = [];
    if (this.failedJobsTotal > JOBS_CITED) omitted.push({ what: 'failed jobs not cited', count: this.failedJobsTotal - JOBS_CITED });
    const citedNotes = this.annotations.reduce((a, n) => a + 1 + n.repeats, 0);
    if (this.annotationFailures > citedNotes) omitted.push({ what: 'failure annotations not cited', count: this.annotationFailures - citedNotes });
    if (this.annotationWarnings) omitted.push({ what: 'warning annotations (counted)', count: this.annotationWarnings });
    const inProgress = this.title?.mark === '*' || this.jobMarks.has('*');
    return { status: failed ? 'fail' : inProgress ? 'warn' : 'ok', summary, fields, citations, omitted, confidence: 0.9 };
  }
}

function markName(mark: string): string {
  if (mark === '✓' || mark === '✔') return 'success';
  if (FAILED_MARK.test(mark)) return 'failure';
  if (mark === '*') return 'in progress';
  if (mark === '-') return 'skipped';
  if (mark === '!') return 'warning';
  return mark;
}
