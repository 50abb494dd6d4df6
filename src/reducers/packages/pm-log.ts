/**
 * Building blocks shared by the package-manager reducers (npm/pnpm/yarn, pip, apt, cargo):
 * decisive lines cited as small windows, warnings grouped by kind with counts, and the assembly
 * of those into packet parts on top of the generic digest.
 */
import type { Bullet, CitationDraft, ExitInfo, PacketParts, Priority, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { addDigestErrors } from '../generic/digest-errors.js';
import type { LogDigest } from '../generic/log-digest.js';
import { warningParts } from '../generic/warning-templates.js';

export interface Decisive {
  ref: string;
  stream: StreamName;
  from: number;
  to: number;
  label: string;
  priority: Priority;
  focus?: number[];
}

const MAX_DECISIVE = 24;
const MAX_KINDS = 40;

/** Decisive lines in the order met, each a small window; the same label and text are kept once. */
export class DecisiveLines {
  readonly items: Decisive[] = [];
  dropped = 0;
  private readonly seen = new Set<string>();

  constructor(private readonly refs: { nextRef(): string }) {}

  add(draft: Omit<Decisive, 'ref'>, key?: string): Decisive | null {
    if (key !== undefined) {
      if (this.seen.has(key)) return null;
      this.seen.add(key);
    }
    const last = this.items[this.items.length - 1];
    // A window that starts inside the previous one, or a line or two below it, with the same label extends it.
    if (last && last.stream === draft.stream && last.label === draft.label && draft.from <= last.to + 2) {
      last.to = Math.max(last.to, draft.to);
      if (draft.focus) last.focus = [...(last.focus ?? []), ...draft.focus];
      return last;
    }
    if (this.items.length >= MAX_DECISIVE) {
      this.dropped++;
      return null;
    }
    const item: Decisive = { ...draft, ref: this.refs.nextRef() };
    this.items.push(item);
    return item;
  }
}

/** Warnings counted by kind ("deprecated", "peer dependency", ...), with the first line of each kind and a few subjects. */
export class WarningKinds {
  readonly kinds = new Map<string, { count: number; stream: StreamName; n: number; subjects: string[] }>();
  total = 0;

  add(kind: string, stream: StreamName, n: number, subject?: string): void {
    this.total++;
    let entry = this.kinds.get(kind);
    if (!entry) {
      if (this.kinds.size >= MAX_KINDS) kind = 'other';
      entry = this.kinds.get(kind) ?? { count: 0, stream, n, subjects: [] };
      this.kinds.set(kind, entry);
    }
    entry.count++;
    if (subject && entry.subjects.length < 12 && !entry.subjects.includes(subject)) entry.subjects.push(subject);
  }
}

export interface PmSummary {
  /** Bullets from the reducer's own reading, decisive first. */
  bullets: Bullet[];
  fields: PacketParts['fields'];
  /** Whether the output itself says the run failed (an error line of the tool). */
  failed: boolean;
}

/**
 * Turns decisive lines, warning kinds and the reducer's own bullets into packet parts. The first
 * decisive window is mandatory; when the run failed and nothing decisive was found, the generic
 * error windows come in.
 */
export function pmParts(digest: LogDigest, exit: ExitInfo, decisive: DecisiveLines, warnings: WarningKinds, own: PmSummary): PacketParts {
  const summary: Bullet[] = [];
  const citations: CitationDraft[] = [];
  const omitted: PacketParts['omitted'] = [];
  const fields = own.fields;
  let warningBytes = 0;
  decisive.items.forEach((item) => {
    citations.push({ ref: item.ref, stream: item.stream, from: item.from, to: item.to, label: item.label, priority: item.priority, ...(item.focus ? { focus: item.focus } : {}) });
  });
  for (const bullet of own.bullets) summary.push(bullet);
  if (decisive.dropped) omitted.push({ what: 'decisive lines past the first ' + decisive.items.length, count: decisive.dropped });

  if (warnings.total) {
    const kinds = [...warnings.kinds.entries()].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]));
    fields.warnings = Object.fromEntries(kinds.map(([k, v]) => [k, v.count]));
    const failing = own.failed || (exit.code !== null && exit.code !== 0);
    // On success the distinct warnings explain the next failure (a peer-dependency override, an
    // install script held back): each template cited once with its count, as every verdict does.
    const distinct = failing ? null : warningParts(digest.warnings, () => digest.nextRef(), true);
    if (distinct) {
      citations.push(...distinct.citations);
      omitted.push(...distinct.omitted);
      if (distinct.bytes) warningBytes = distinct.bytes;
    }
    const warnRefs = distinct ? distinct.citations.slice(0, 4).map((c) => c.ref) : kinds.slice(0, 3).map(([kind, v]) => {
      const ref = digest.nextRef();
      citations.push({ ref, stream: v.stream, from: v.n, to: v.n, label: `warning: ${kind} (${count(v.count)})`, kind: 'warning', priority: 'low' });
      return ref;
    });
    const deprecated = warnings.kinds.get('deprecated');
    if (deprecated) fields.deprecated = deprecated.subjects;
    const text = kinds.slice(0, 4).map(([k, v]) => `${k} ${count(v.count)}`).join(', ');
    summary.push({ text: `${plural(warnings.total, 'warning')}: ${text}${kinds.length > 4 ? ', …' : ''}`, cites: warnRefs, fields: deprecated ? ['warnings', 'deprecated'] : ['warnings'] });
  } else if (!own.failed && (exit.code === null || exit.code === 0) && digest.errors.warningLines > 0) {
    // Warnings in a form the tool's own reading does not know (a build backend's `WARNING …` inside a
    // successful build): the distinct templates are still what explains the next failure.
    const distinct = warningParts(digest.warnings, () => digest.nextRef(), true);
    citations.push(...distinct.citations);
    omitted.push(...distinct.omitted);
    summary.push(...distinct.summary);
    if (distinct.citations.length && !distinct.summary.length) summary.push({ text: `${plural(digest.warnings.lines, 'warning line')}`, cites: distinct.citations.slice(0, 1).map((c) => c.ref) });
    if (distinct.bytes) warningBytes = distinct.bytes;
  }

  const failedExit = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
  const failed = failedExit || own.failed;
  let confidence = 0.85;
  const parts: PacketParts = { status: failed ? 'fail' : warnings.total && !own.bullets.length ? 'warn' : 'ok', summary, fields, citations, omitted, confidence };
  if (failed && decisive.items.length === 0) {
    addDigestErrors(digest, exit, parts);
    confidence = 0.65;
  }
  parts.confidence = confidence;
  if (warningBytes && parts.status === 'ok') parts.warningBytes = warningBytes;
  return parts;
}
