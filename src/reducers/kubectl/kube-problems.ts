/**
 * How kubectl-get reports what is not healthy: failing and not-ready items first (the first ones
 * mandatory, rows alike cited once, all counted), then ready pods with restarts (OOMKilled first).
 */
import type { Bullet, CitationDraft, PacketParts, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { cut, shorten } from './kube.js';

export const MAX_PROBLEMS = 200;
const MANDATORY_PROBLEMS = 12;
const LISTED = 40;
export const RESTARTED_LISTED = 10;

export interface Problem {
  severity: number;
  text: string;
  /** Namespace, workload (name without the pod hash) and status: rows alike are cited once. */
  group?: string;
  /** One-line form for the summary bullet. */
  short?: string;
  /** The line of the table header above a table row. */
  header?: number;
  stream: StreamName;
  from: number;
  to: number;
  focus?: number[];
  pointer?: string;
  excerpt?: string[];
}

export interface Restarted {
  text: string;
  short?: string;
  restarts: number;
  oom: boolean;
  line: number;
  pointer?: string;
  excerpt?: string[];
}

/** Failing and not-ready items: the first ones are mandatory, all are counted. */
export function problemParts(problems: Problem[], total: number, noun: string, refs: { nextRef(): string }, out: { summary: Bullet[]; fields: Record<string, unknown>; citations: CitationDraft[]; omitted: PacketParts['omitted'] }): void {
  if (total === 0) return;
  const ranked = problems.map((p, i) => ({ p, i })).sort((a, b) => b.p.severity - a.p.severity || a.i - b.i).map((x) => x.p);
  const citeRefs: string[] = [];
  // Rows of the same workload with the same status (5 job pods in Error) are cited once, all listed in fields.
  const groups = new Map<string, number>();
  for (const p of ranked) if (p.group) groups.set(p.group, (groups.get(p.group) ?? 0) + 1);
  const citedGroups = new Set<string>();
  let alike = 0;
  let cited = 0;
  const reps: Problem[] = [];
  ranked.forEach((p) => {
    if (p.group && citedGroups.has(p.group)) {
      alike++;
      return;
    }
    reps.push(p);
    if (p.group) citedGroups.add(p.group);
    const i = cited++;
    const more = p.group ? (groups.get(p.group) ?? 1) - 1 : 0;
    const ref = refs.nextRef();
    if (i < 4) citeRefs.push(ref);
    const priority = i < MANDATORY_PROBLEMS ? 'mandatory' : i < LISTED ? 'high' : 'normal';
    const label = (p.severity >= 2 ? 'failing' : 'not ready') + (more > 0 ? ` (+${more} more of this workload, same status)` : '');
    if (p.pointer !== undefined) out.citations.push({ ref, stream: p.stream, pointer: p.pointer, label, kind: `${noun} ${label}`, priority, excerpt: p.excerpt ?? [] });
    else if (p.focus?.length) {
      // A YAML item: its identity and status lines, not the whole object.
      // The first runs of the first items decide the outcome; later runs are detail.
      runsOf(p.focus).forEach(([from, to], j) => out.citations.push({ ref: j === 0 ? ref : refs.nextRef(), stream: p.stream, from, to, label: j === 0 ? label : `${label}, status`, kind: `${noun} ${label}`, priority: priority === 'mandatory' && (j >= 3 || (i >= 6 && j > 0)) ? 'high' : priority }));
    } else out.citations.push({ ref, stream: p.stream, from: p.from, to: p.to, label, kind: `${noun} ${label}`, priority });
  });
  out.fields.problems = ranked.slice(0, LISTED).map((p) => p.text);
  if (alike > 0) out.omitted.push({ what: `${noun}s not cited: same workload and status as a cited one (listed in fields)`, count: alike });
  if (total > LISTED) out.omitted.push({ what: `${noun}s failing or not ready, not listed in fields`, count: total - LISTED });
  const failing = problems.filter((p) => p.severity >= 2).length;
  out.summary.push({
    text: `${failing && failing < total ? `${count(failing)} failing and ${count(total - failing)} not ready ${noun}s` : failing ? `${plural(failing, noun)} failing` : `${plural(total, noun)} not ready`}: ${reps.slice(0, 3).map((p) => cut(p.short ?? p.text, 140) + (p.group && (groups.get(p.group) ?? 1) > 1 ? ` (+${(groups.get(p.group) ?? 1) - 1} alike)` : '')).join('; ')}${reps.length > 3 ? '; …' : ''}`,
    cites: citeRefs,
    fields: ['problems'],
    priority: 'mandatory',
  });
}

export function rankRestarted(list: Restarted[]): Restarted[] {
  return [...list].sort((a, b) => Number(b.oom) - Number(a.oom) || b.restarts - a.restarts || a.line - b.line);
}

export function restartedParts(list: Restarted[], total: number, noun: string, refs: { nextRef(): string }, out: { summary: Bullet[]; fields: Record<string, unknown>; citations: CitationDraft[]; omitted: PacketParts['omitted'] }): void {
  if (total === 0) return;
  const ranked = rankRestarted(list).slice(0, RESTARTED_LISTED);
  const citeRefs: string[] = [];
  ranked.slice(0, 3).forEach((r, i) => {
    if (i >= 2 && !r.oom) return;
    const ref = refs.nextRef();
    citeRefs.push(ref);
    const priority = r.oom ? 'high' : 'low';
    if (r.pointer !== undefined) out.citations.push({ ref, stream: 'stdout', pointer: r.pointer, label: r.oom ? 'restarted, last OOMKilled' : 'restarted', kind: `restarted ${noun}`, priority, excerpt: r.excerpt ?? [] });
    else out.citations.push({ ref, stream: 'stdout', from: r.line, to: r.line, label: 'restarted', kind: `restarted ${noun}`, priority });
  });
  out.fields.restarted = ranked.map((r) => shorten(r.text, 240));
  if (total > ranked.length) out.omitted.push({ what: `ready ${noun}s with restarts, not listed`, count: total - ranked.length });
  const oom = list.filter((r) => r.oom).length;
  out.summary.push({ text: `${plural(total, `ready ${noun}`)} with restarts${oom ? ` (${count(oom)} last OOMKilled)` : ''}; top: ${ranked.slice(0, 2).map((r) => cut(r.short ?? r.text, 120)).join('; ')}`, cites: citeRefs.slice(0, 2), fields: ['restarted'] });
}

/** Focus lines grouped into short runs (lines between close ones included), each cited on its own. */
function runsOf(lines: readonly number[], gap = 4): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const n of lines) {
    const last = runs[runs.length - 1];
    if (last && n - last[1] <= gap) last[1] = n;
    else runs.push([n, n]);
  }
  return runs;
}

