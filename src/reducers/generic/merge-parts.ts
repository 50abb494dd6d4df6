import type { ExitInfo, FieldValue, PacketParts, Status, StreamName } from '../../core/types.js';
import type { LogDigest } from './log-digest.js';

const RANK: Record<Status, number> = { ok: 0, warn: 1, fail: 2 };

export function worstStatus(a: Status, b: Status): Status {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * A family packet with the generic digest's error windows appended (for lines the family parser
 * did not understand, such as a tool's own error messages on stderr). The family's bullets,
 * fields and citations come first; the digest adds only its error evidence and omissions.
 */
export function withDigestErrors(own: PacketParts, digest: PacketParts, only?: StreamName): PacketParts {
  const errorRefs = new Set(digest.citations.filter((c) => c.label?.startsWith('error') && (!only || c.stream === only)).map((c) => c.ref));
  if (errorRefs.size === 0) return own;
  return {
    status: worstStatus(own.status, digest.status),
    summary: [...own.summary, ...digest.summary.filter((b) => b.cites?.some((r) => errorRefs.has(r))).map((b) => ({ ...b, cites: b.cites!.filter((r) => errorRefs.has(r)) }))],
    fields: { ...own.fields, ...(digest.fields.errorLines !== undefined ? { errorLines: digest.fields.errorLines } : {}) },
    citations: [...own.citations, ...digest.citations.filter((c) => errorRefs.has(c.ref))],
    omitted: [...own.omitted, ...digest.omitted],
    confidence: Math.min(own.confidence, digest.confidence),
    ...(own.notes ? { notes: own.notes } : {}),
  };
}

/** The family packet plus the error windows the digest found on stderr (the tool's own messages), if any. */
export function withStderrErrors(parts: PacketParts, digest: LogDigest, exit: ExitInfo): PacketParts {
  return digest.lines.stderr > 0 ? withDigestErrors(parts, digest.finish(exit, { skipHead: true, skipTail: true }), 'stderr') : parts;
}

/** One step of a job log read again by its own reducer (capture/step-reads.ts). */
export interface StepParts {
  label: string;
  command: string;
  exitCode: number | null;
  lines: { stream: StreamName; from: number; to: number };
  reducer: string;
  parts: PacketParts;
  unread?: number;
}

/** What a job log's digest finds inside a step that the step's own reader may not: errors and what the tool marked. */
const JOB_EVIDENCE = new Set(['error window', 'error line', 'red line', 'section header', 'table row']);

/**
 * The job log's packet with its steps' own readings: the job's bullets and citations first (the step that
 * failed, its exit line), then each step's, renumbered after them.
 */
export function withStepParts(job: PacketParts, steps: readonly StepParts[]): PacketParts {
  if (steps.length === 0) return job;
  // The step read whose lines hold a citation of the job (steps are disjoint spans of the log), if any.
  const holder = (c: PacketParts['citations'][number]): StepParts | undefined => ('from' in c ? steps.find((s) => s.lines.stream === c.stream && c.from >= s.lines.from && c.to <= s.lines.to) : undefined);
  // What the other steps printed (the runner's set-up, an install's deprecations, a linter's warnings) is context:
  // it comes after the step's reading and the job's own error evidence inside that step. The job's other lines
  // inside a passing step (its outcome lines, warnings, first and last lines) are what the step's reader reads better:
  // ranked first, they took a passing `go test -v` step's room with 28 `ok  pkg` lines and left out its skips.
  // A failed step's lines the job log cited keep their rank: the job's reader finds failures the step's may not
  // (a matrix job's `FAILED` test lines in `gh run view --log-failed`).
  const keepsRank = (c: PacketParts['citations'][number]): boolean => {
    if (c.priority === 'mandatory') return true;
    const step = holder(c);
    return step !== undefined && (Boolean(step.exitCode) || JOB_EVIDENCE.has(c.kind ?? ''));
  };
  const summary = [...job.summary];
  const citations = job.citations.map((c) => (keepsRank(c) ? c : { ...c, priority: 'low' as const }));
  let next = citations.reduce((max, c) => Math.max(max, Number(/^c(\d+)$/.exec(c.ref)?.[1] ?? 0)), 0);
  let status = job.status;
  const omitted = [...job.omitted];
  const notes = [...(job.notes ?? [])];
  const stepFields: FieldValue[] = [];
  let answerBytes = job.answerBytes ?? 0;
  let warningBytes = job.warningBytes ?? 0;
  let wholeStepBytes = 0;
  for (const step of steps) {
    const renamed = new Map(step.parts.citations.map((c) => [c.ref, `c${++next}`]));
    const tag = steps.length > 1 ? `${step.label}: ` : '';
    // The step's fields live under `steps`: its bullets rest on that.
    for (const b of step.parts.summary) summary.push({ ...b, text: tag + b.text, ...(b.cites ? { cites: b.cites.map((r) => renamed.get(r) ?? r) } : {}), ...(b.fields?.length ? { fields: ['steps'] } : {}) });
    for (const c of step.parts.citations) citations.push({ ...c, ref: renamed.get(c.ref)! });
    omitted.push(...step.parts.omitted);
    notes.push(...(step.parts.notes ?? []));
    // Only the step's plain facts (counts, names): its lists are in its bullets and excerpts, and fields are shown first.
    const facts = Object.fromEntries(Object.entries(step.parts.fields).filter(([, v]) => v === null || typeof v !== 'object'));
    stepFields.push({ step: step.label, ...(step.label.includes(step.command) ? {} : { command: step.command }), exitCode: step.exitCode, reducer: step.reducer, fields: facts, ...(step.unread ? { failedStepsNotRead: step.unread } : {}) });
    status = worstStatus(status, step.parts.status);
    answerBytes += step.parts.answerBytes ?? 0;
    warningBytes += step.parts.warningBytes ?? 0;
    wholeStepBytes += step.parts.wholeStepBytes ?? 0;
  }
  return {
    status,
    summary,
    fields: { ...job.fields, steps: stepFields },
    citations,
    omitted,
    confidence: Math.max(job.confidence, Math.min(...steps.map((s) => s.parts.confidence))),
    notes: [...notes, `${steps.map((s) => `step "${s.label}" read by ${s.reducer}`).join('; ')}`],
    ...(answerBytes ? { answerBytes } : {}),
    ...(warningBytes ? { warningBytes } : {}),
    ...(wholeStepBytes ? { wholeStepBytes } : {}),
  };
}
