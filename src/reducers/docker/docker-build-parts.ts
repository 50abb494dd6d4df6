/**
 * Packet parts for an image build log (BuildKit or legacy): the failing step with its error lines, the
 * recap and Dockerfile blocks and the final error, or the result lines on success. Used by docker-build
 * and by docker-compose, which builds before it starts services.
 */
import type { Bullet, CitationDraft, LineCitation, PacketParts } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import type { DockerBuildLog, Span } from './docker-build-log.js';
import { addDigestErrors } from '../generic/digest-errors.js';
import type { LogDigest } from '../generic/log-digest.js';

export function reduceBuild(log: DockerBuildLog, digest: LogDigest, exit: Parameters<LogDigest['finish']>[0], options: { quietSuccess?: boolean } = {}): PacketParts {
  const summary: Bullet[] = [];
  const fields: PacketParts['fields'] = {};
  const citations: CitationDraft[] = [];
  const omitted: PacketParts['omitted'] = [];
  const cite = (span: Span, label: string, priority: LineCitation['priority'], focus?: number[]): string => {
    const ref = digest.nextRef();
    citations.push({ ref, stream: span.stream, from: span.from, to: span.to, label, priority, ...(focus ? { focus } : {}) });
    return ref;
  };
  const failedExit = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
  const failed = log.failedStep();
  const failing = failedExit || failed !== null || log.finalErrors.length > 0 || log.legacyFailure !== null;

  const { steps, cached } = log.counts();
  fields.steps = steps;
  fields.cached = cached;
  if (failed) {
    fields.failedStep = failed.title;
    const refs = [cite(failed.header, 'failing step', 'mandatory')];
    if (failed.error) refs.push(cite(failed.error.line, 'step error', 'mandatory'));
    mergeWindows(failed.errorLines, failed.header.from + 1, failed.lastLine).forEach((w, i) => refs.push(cite({ stream: failed.header.stream, from: w.from, to: w.to }, 'error in step output', i === 0 ? 'mandatory' : 'high', w.focus)));
    summary.push({ text: `failed at ${failed.title}`, cites: refs.slice(0, 3), fields: ['failedStep'], priority: 'mandatory' });
  }
  const code = log.exitCode();
  if (code !== null) fields.exitCode = code;
  for (const [i, e] of log.finalErrors.entries()) {
    const ref = cite(e.line, 'build error', i === 0 ? 'mandatory' : 'high');
    if (i === 0) summary.push({ text: `error: ${e.text.length > 220 ? e.text.slice(0, 220) + '…' : e.text}`, cites: [ref], priority: 'mandatory' });
  }
  if (log.legacyFailure) {
    const ref = cite(log.legacyFailure.line, 'build error', 'mandatory');
    summary.push({ text: `'${log.legacyFailure.command}' returned ${log.legacyFailure.code}`, cites: [ref], fields: ['exitCode'] });
  }
  if (log.dockerfile) {
    fields.dockerfile = log.dockerfile.where;
    const ref = cite(log.dockerfile.span, 'Dockerfile', 'mandatory');
    summary.push({ text: `at ${log.dockerfile.where}`, cites: [ref], fields: ['dockerfile'] });
  }
  if (log.recap) cite(log.recap, 'last output of the failing step', 'high');

  if (!failing) {
    if (log.built) fields.image = log.built.image;
    if (log.tagged.length) fields.tags = log.tagged.map((t) => t.tag);
    const ends = [log.built, ...log.tagged].filter((s): s is NonNullable<typeof s> => s !== null);
    const refs: string[] = [];
    const priority = options.quietSuccess ? 'normal' : 'mandatory';
    if (log.legacy.step) refs.push(cite(log.legacy.step.header, 'last step', priority));
    // Result lines sit together in the legacy builder; BuildKit names each image in its own export step.
    const from = Math.min(...ends.map((s) => s.from));
    const to = Math.max(...ends.map((s) => s.to));
    if (ends.length && to - from < ends.length + 2) refs.push(cite({ stream: ends[0]!.stream, from, to }, 'result', priority));
    else for (const end of ends.slice(0, 3)) refs.push(cite(end, 'result', priority));
    if (ends.length > 3) omitted.push({ what: 'image names not cited', count: ends.length - 3 });
    if (!options.quietSuccess || ends.length) summary.push({ text: `build succeeded: ${plural(steps, 'step')}, ${count(cached)} cached`, cites: refs, fields: ['steps', 'cached'] });
  }
  if (log.warnings) cite(log.warnings, 'warnings', 'normal');
  if (log.stepsDropped) omitted.push({ what: 'build steps past the first 2,000', count: log.stepsDropped });

  let confidence = 0.9;
  if (failing && !failed && log.finalErrors.length === 0 && !log.legacyFailure) {
    // Failed, but not in a way the build log shows: bring the generic error windows.
    addDigestErrors(digest, exit, { summary, fields, citations, omitted });
    confidence = 0.7;
  }
  return { status: failing ? 'fail' : 'ok', summary, fields, citations, omitted, confidence };
}

/** Error lines of one step as windows (a line before, four after), merged where they touch. */
function mergeWindows(lines: readonly number[], first: number, last: number): Array<{ from: number; to: number; focus: number[] }> {
  const out: Array<{ from: number; to: number; focus: number[] }> = [];
  for (const n of lines) {
    const from = Math.max(first, n - 1);
    const to = Math.min(last, n + 4);
    const prev = out[out.length - 1];
    if (prev && from <= prev.to + 1) {
      prev.to = Math.max(prev.to, to);
      prev.focus.push(n);
    } else out.push({ from, to, focus: [n] });
  }
  return out;
}
