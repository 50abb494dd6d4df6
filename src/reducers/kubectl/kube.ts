/**
 * Kubernetes helpers shared by the kubectl reducers: kubectl's aligned tables (column offsets
 * from the header), the errors kubectl prints on stderr, pod health read from an API object
 * (JSON or YAML item) or from a table row, and Warning events grouped by reason and object.
 */
import type { Bullet, CitationDraft, LineCitation, PacketParts, StreamName } from '../../core/types.js';
import { clip, count, plural } from '../../core/format.js';
import { isPlainObject } from '../generic/json-render.js';
import { errorKey } from '../generic/templates.js';

// ---------------------------------------------------------------- tables

/** A table header: column names and where each column starts (kubectl aligns with tabwriter). */
export interface TableHeader {
  names: string[];
  starts: number[];
  line: number;
}

/** `NAME   READY   STATUS` or describe's `  Type     Reason   Age   From   Message`: words split by 2+ spaces. */
export function parseHeader(text: string, line: number, mixedCase = false): TableHeader | null {
  const word = mixedCase ? '[A-Z][A-Za-z0-9_()%./-]*' : '[A-Z][A-Z0-9_()%./-]*';
  if (!new RegExp(`^\\s*${word}(?: {1,}${word})*\\s*$`).test(text)) return null;
  const names: string[] = [];
  const starts: number[] = [];
  const re = /\S+(?: \S+)*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    names.push(m[0]);
    starts.push(m.index);
  }
  return names.length >= 2 ? { names, starts, line } : null;
}

/** Cells of a row, cut at the header's column starts; falls back to 2+ space splitting when misaligned. */
export function splitRow(header: TableHeader, text: string): string[] {
  const { starts } = header;
  const aligned = starts.every((s, i) => i === 0 || s >= text.length || text[s - 1] === ' ');
  if (aligned) return starts.map((s, i) => text.slice(s, i + 1 < starts.length ? starts[i + 1] : undefined).trim());
  const parts = text.trim().split(/ {2,}/);
  if (parts.length > starts.length) parts.splice(starts.length - 1, parts.length, parts.slice(starts.length - 1).join('  '));
  return parts;
}

export function cell(header: TableHeader, cells: readonly string[], name: string): string | undefined {
  const i = header.names.indexOf(name);
  return i === -1 ? undefined : cells[i];
}

/** The header of a `kubectl get` table: starts with NAME (or NAMESPACE) and has an AGE column. */
export function isGetHeader(header: TableHeader): boolean {
  const first = header.names[0];
  return (first === 'NAME' || (first === 'NAMESPACE' && header.names[1] === 'NAME')) && (header.names.includes('AGE') || header.names.includes('STATUS') || header.names.includes('READY'));
}

/** The header of an event table (`kubectl get events`, `kubectl events`, old and new layouts). */
export function isEventHeader(header: TableHeader): boolean {
  return header.names.includes('REASON') && header.names.includes('MESSAGE') && (header.names.includes('TYPE') || header.names.includes('LAST SEEN'));
}

/** `pod` table: READY, STATUS and RESTARTS columns. */
export function isPodHeader(header: TableHeader): boolean {
  return header.names.includes('READY') && header.names.includes('STATUS') && header.names.includes('RESTARTS');
}

// ---------------------------------------------------------------- stderr errors

/** What kubectl prints when the request failed; klog lines (`E0315 12:00:00.1 ...`) too. */
const KUBECTL_ERROR = /^(?:Error from server(?: \(([A-Za-z]+)\))?:|error: |Error: |Unable to connect to the server|The connection to the server .* was refused|E\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ \S+\] |The \S+ "[^"]*" is invalid|error validating|error when |error parsing )/;
const NOT_FOUND = /^No (?:resources|events) found(?: in (\S+) namespace)?\.?$/;

export interface KubeError {
  stream: StreamName;
  line: number;
  /** Forbidden, NotFound, AlreadyExists, ... when kubectl named it. */
  reason: string | null;
  text: string;
}

/** Collects kubectl's own error lines (bounded) and the `No resources found` notice. */
export class KubeErrors {
  readonly errors: KubeError[] = [];
  total = 0;
  noResources: { stream: StreamName; line: number; text: string } | null = null;
  warnings = 0;
  firstWarning: { stream: StreamName; line: number } | null = null;

  /** Returns true when the line was one of kubectl's own messages. */
  line(stream: StreamName, n: number, text: string): boolean {
    const m = KUBECTL_ERROR.exec(text);
    if (m) {
      this.total++;
      if (this.errors.length < 20) this.errors.push({ stream, line: n, reason: m[1] ?? (/^E\d{4} /.test(text) ? 'klog' : null), text });
      return true;
    }
    if (NOT_FOUND.test(text.trim())) {
      this.noResources ??= { stream, line: n, text: text.trim() };
      return true;
    }
    if (stream === 'stderr' && /^Warning: /.test(text)) {
      this.warnings++;
      this.firstWarning ??= { stream, line: n };
      return true;
    }
    return false;
  }

  /** Citations and bullets for the errors: the first ones are mandatory, they decide the outcome. */
  cite(nextRef: () => string, citations: CitationDraft[], summary: Bullet[], fields: Record<string, unknown>): void {
    if (this.errors.length > 0) {
      const refs: string[] = [];
      this.errors.forEach((e, i) => {
        const ref = nextRef();
        refs.push(ref);
        citations.push({ ref, stream: e.stream, from: e.line, to: e.line, label: e.reason ? `kubectl error (${e.reason})` : 'kubectl error', kind: 'kubectl error', priority: i < 5 ? 'mandatory' : 'high' });
      });
      fields.errors = this.errors.slice(0, 5).map((e) => shorten(e.text, 240));
      const reasons = [...new Set(this.errors.map((e) => e.reason).filter((r): r is string => r !== null))];
      summary.unshift({ text: `${plural(this.total, 'kubectl error')}${reasons.length ? ` (${reasons.join(', ')})` : ''}: ${shorten(this.errors[0]!.text, 200)}`, cites: refs.slice(0, 3), fields: ['errors'], priority: 'mandatory' });
    }
    if (this.noResources) {
      const ref = nextRef();
      citations.push({ ref, stream: this.noResources.stream, from: this.noResources.line, to: this.noResources.line, label: 'no resources', priority: 'high' });
      summary.push({ text: this.noResources.text, cites: [ref] });
    }
    if (this.warnings > 0 && this.firstWarning) {
      const ref = nextRef();
      citations.push({ ref, stream: this.firstWarning.stream, from: this.firstWarning.line, to: this.firstWarning.line, label: 'warning', priority: 'normal' });
      fields.warnings = this.warnings;
      summary.push({ text: plural(this.warnings, 'warning') + ' from the server', cites: [ref], fields: ['warnings'] });
    }
  }
}

// ---------------------------------------------------------------- pod health

/** Pod table STATUS values (and phases) that mean all is well. */
const GOOD_POD_STATUS = /^(?:Running|Completed|Succeeded)$/;
/** Statuses that are failures rather than progress (CrashLoopBackOff, Error, OOMKilled, Evicted, ...). */
export const BAD_STATUS = /BackOff|Err|Error|OOM|Evict|Fail|Unknown|NodeLost|Invalid|CreateContainer|Crash|Terminated|DeadlineExceeded|Lost|Unhealthy|NotReady/i;

export interface PodHealth {
  namespace: string | undefined;
  name: string;
  phase: string;
  /** What `kubectl get pods` shows in STATUS: a waiting/terminated reason, pod reason, or the phase. */
  status: string;
  ready: string;
  restarts: number;
  /** The pod's own reason and message (Evicted: "The node was low on resource: ..."). */
  message?: string;
  /** Per container: `name: waiting CrashLoopBackOff, last terminated OOMKilled (exit 137)`. */
  containers: string[];
  lastReasons: string[];
  /** 2: failing, 1: not ready / pending, 0: healthy. */
  severity: number;
}

/** Reads a Pod object the way `kubectl get pods` summarises it, plus the last termination reasons. */
export function podHealth(pod: Record<string, unknown>): PodHealth {
  const meta = obj(pod.metadata);
  const status = obj(pod.status);
  const phase = str(status.phase) ?? 'Unknown';
  const init = arr(status.initContainerStatuses).map(obj);
  const main = arr(status.containerStatuses).map(obj);
  let shown = str(status.reason) ?? phase;
  let restarts = 0;
  const containers: string[] = [];
  const lastReasons: string[] = [];
  let initBlocked = false;
  init.forEach((c, i) => {
    restarts += num(c.restartCount);
    const state = obj(c.state);
    const waiting = str(obj(state.waiting).reason);
    const term = obj(state.terminated);
    if (!initBlocked && (waiting || (Object.keys(term).length && num(term.exitCode) !== 0))) {
      initBlocked = true;
      shown = waiting ? `Init:${waiting}` : `Init:${str(term.reason) ?? 'Error'}`;
    } else if (!initBlocked && !Object.keys(term).length && i === init.length - 1 && !c.ready) shown = `Init:${i}/${init.length}`;
  });
  let readyCount = 0;
  for (const c of main) {
    restarts += num(c.restartCount);
    if (c.ready === true) readyCount++;
    const state = obj(c.state);
    const waiting = obj(state.waiting);
    const term = obj(state.terminated);
    const last = obj(obj(c.lastState).terminated);
    if (!initBlocked && str(waiting.reason) && str(waiting.reason) !== 'ContainerCreating') shown = str(waiting.reason)!;
    else if (!initBlocked && str(waiting.reason)) shown = shown === phase ? 'ContainerCreating' : shown;
    else if (!initBlocked && Object.keys(term).length && !str(status.reason)) shown = str(term.reason) ?? `ExitCode:${num(term.exitCode)}`;
    const parts: string[] = [];
    if (str(waiting.reason)) parts.push(`waiting ${str(waiting.reason)}${str(waiting.message) ? `: ${shorten(str(waiting.message)!, 160)}` : ''}`);
    if (Object.keys(term).length) parts.push(`terminated ${str(term.reason) ?? ''} (exit ${num(term.exitCode)})`.replace('  ', ' '));
    if (Object.keys(last).length) {
      parts.push(`last terminated ${str(last.reason) ?? ''} (exit ${num(last.exitCode)})`.replace('  ', ' '));
      if (str(last.reason)) lastReasons.push(str(last.reason)!);
    }
    if (num(c.restartCount) > 0) parts.push(`restarts ${num(c.restartCount)}`);
    if (c.ready === false && phase === 'Running') parts.push('not ready');
    if (parts.length) containers.push(`${str(c.name) ?? '?'}: ${parts.join(', ')}`);
  }
  for (const c of init) {
    const waiting = str(obj(obj(c.state).waiting).reason);
    if (waiting) containers.push(`${str(c.name) ?? '?'} (init): waiting ${waiting}`);
  }
  if (obj(pod.metadata).deletionTimestamp && shown === phase) shown = 'Terminating';
  const specContainers = arr(obj(pod.spec).containers).length;
  const ready = `${readyCount}/${Math.max(main.length, specContainers)}`;
  const done = phase === 'Succeeded' || shown === 'Completed';
  let severity = 0;
  if (BAD_STATUS.test(shown) || phase === 'Failed') severity = 2;
  else if (!GOOD_POD_STATUS.test(shown) || (!done && readyCount < main.length)) severity = 1;
  // A pod that never started says why in a condition (PodScheduled False: Unschedulable, 0/3 nodes ...).
  const blocked = arr(status.conditions).map(obj).find((c) => c.status === 'False' && str(c.message) && !/^(?:Ready|ContainersReady)$/.test(str(c.type) ?? ''));
  const message = str(status.message) ?? (phase === 'Pending' && blocked ? `${str(blocked.reason) ?? str(blocked.type)}: ${str(blocked.message)}` : undefined);
  return {
    namespace: str(meta.namespace),
    name: str(meta.name) ?? '?',
    phase,
    status: shown,
    ready,
    restarts,
    ...(message ? { message: shorten(message, 200) } : {}),
    containers,
    lastReasons,
    severity,
  };
}

/** A workload, node or claim read from its API object: what is short or failing, in one line. */
export interface ObjectHealth {
  kind: string;
  namespace: string | undefined;
  name: string;
  severity: number;
  /** `2/3 ready, 1 unavailable; Progressing=False ProgressDeadlineExceeded` */
  detail: string;
}

/** Conditions that should be True on most kinds; any other True condition named like a problem is one. */
const WANTED_TRUE = /^(?:Ready|ContainersReady|PodScheduled|Initialized|PodReadyToStartContainers|Available|Progressing|Complete|Established|NamesAccepted|Bound|Succeeded|SuccessCriteriaMet)$/;

/** A condition that is not met: `Ready=False`, `Available=False`, `MemoryPressure=True`, `Failed=True`. */
export function conditionBad(type: string, status: string): boolean {
  return WANTED_TRUE.test(type) ? status !== 'True' : status === 'True' && /Pressure|Unavailable|Failure|Failed|Degraded|NotReady/.test(type);
}

export function objectHealth(kind: string, o: Record<string, unknown>): ObjectHealth {
  const meta = obj(o.metadata);
  const spec = obj(o.spec);
  const status = obj(o.status);
  const notes: string[] = [];
  let severity = 0;
  const want = (have: number, desired: number, what: string): void => {
    if (desired > 0 && have < desired) {
      notes.push(`${have}/${desired} ${what}`);
      severity = Math.max(severity, 1);
    }
  };
  // A manifest (kustomize or helm template output, `create --dry-run -o yaml`, a file) has no status, or `status: {}`:
  // nothing reports its health, so it is not "0/3 ready".
  if (Object.keys(status).length === 0) return { kind, namespace: str(meta.namespace), name: str(meta.name) ?? '?', severity, detail: '' };
  if (kind === 'Deployment' || kind === 'StatefulSet' || kind === 'ReplicaSet') {
    const desired = typeof spec.replicas === 'number' ? spec.replicas : 1;
    want(num(status.readyReplicas), desired, 'ready');
    if (num(status.unavailableReplicas) > 0) notes.push(`${num(status.unavailableReplicas)} unavailable`);
  } else if (kind === 'DaemonSet') {
    want(num(status.numberReady), num(status.desiredNumberScheduled), 'ready');
    if (num(status.numberMisscheduled) > 0) notes.push(`${num(status.numberMisscheduled)} misscheduled`);
  } else if (kind === 'Job') {
    if (num(status.failed) > 0) {
      notes.push(`${num(status.failed)} failed`);
      severity = 2;
    }
  } else if (kind === 'PersistentVolumeClaim' || kind === 'PersistentVolume' || kind === 'Namespace') {
    const phase = str(status.phase);
    if (phase && !/^(?:Bound|Available|Active|Released)$/.test(phase)) {
      notes.push(phase);
      severity = Math.max(severity, BAD_STATUS.test(phase) ? 2 : 1);
    }
  }
  for (const c of arr(status.conditions).map(obj)) {
    const type = str(c.type) ?? '';
    const value = str(c.status) ?? '';
    if (!conditionBad(type, value)) continue;
    notes.push(`${type}=${value}${str(c.reason) ? ` ${str(c.reason)}` : ''}${str(c.message) ? `: ${shorten(str(c.message)!, 160)}` : ''}`);
    severity = Math.max(severity, /Failed|Failure|DeadlineExceeded/.test(`${type} ${str(c.reason) ?? ''}`) || (kind === 'Node' && type === 'Ready') ? 2 : 1);
  }
  if (kind === 'Node' && obj(o.spec).unschedulable === true) notes.push('SchedulingDisabled');
  return { kind, namespace: str(meta.namespace), name: str(meta.name) ?? '?', severity, detail: notes.join('; ') };
}

export function describeObject(h: ObjectHealth): string {
  return shorten(`${h.kind}/${h.namespace ? `${h.namespace}/` : ''}${h.name}${h.detail ? ` ${h.detail}` : ''}`, 400);
}

/** `ns/name 0/1 CrashLoopBackOff restarts 42: samples: waiting CrashLoopBackOff ...` */
export function describePod(p: PodHealth, withContainers = true): string {
  const id = p.namespace ? `${p.namespace}/${p.name}` : p.name;
  const extra = [p.message ? `message: ${p.message}` : '', withContainers ? p.containers.join('; ') : ''].filter(Boolean).join('; ');
  return shorten(`${id} ${p.ready} ${p.status} restarts ${p.restarts}${extra ? ` (${extra})` : ''}`, 400);
}

/** Judges a `kubectl get` table row: pods by READY/STATUS/RESTARTS, anything else by READY x/y and STATUS. */
export function rowHealth(header: TableHeader, cells: readonly string[]): { severity: number; status: string; restarts: number } {
  const status = cell(header, cells, 'STATUS') ?? '';
  const ready = cell(header, cells, 'READY') ?? '';
  const restarts = parseInt(cell(header, cells, 'RESTARTS') ?? '0', 10) || 0;
  const m = /^(\d+)\/(\d+)$/.exec(ready);
  const short = m ? Number(m[1]) < Number(m[2]) : false;
  let severity = 0;
  if (isPodHeader(header)) {
    const done = status === 'Completed' || status === 'Succeeded';
    if (BAD_STATUS.test(status)) severity = 2;
    else if (!GOOD_POD_STATUS.test(status) || (short && !done)) severity = 1;
  } else {
    if (status && BAD_STATUS.test(status)) severity = 2;
    else if (status && !GOOD_STATUS.test(status)) severity = 1;
    else if (short) severity = 1;
    // Deployments and friends: AVAILABLE 0 while desired > 0; ReplicaSets, DaemonSets: READY below DESIRED.
    if (severity === 0 && m && Number(m[2]) > 0 && cell(header, cells, 'AVAILABLE') === '0') severity = 1;
    const desired = Number(cell(header, cells, 'DESIRED'));
    if (severity === 0 && desired > 0 && /^\d+$/.test(ready) && Number(ready) < desired) severity = 1;
  }
  return { severity, status, restarts };
}

/** STATUS values of other kinds that are fine: nodes, PVCs, namespaces, jobs, certificates, releases. */
const GOOD_STATUS = /^(?:Ready|Running|Completed|Complete|Succeeded|Bound|Available|Active|Healthy|True|Established|Deployed|Synced|Released|Ready,SchedulingDisabled)$/;

// ---------------------------------------------------------------- events

export interface EventGroup {
  type: string;
  reason: string;
  object: string;
  /** Rows in the output, and the count kubectl reports (`x256 over 58m`, COUNT column). */
  rows: number;
  count: number;
  message: string;
  first: { stream: StreamName; line: number };
}

const MAX_GROUPS = 500;

/** Groups events by type, reason and object with bounded memory. */
export class EventGrouper {
  readonly groups = new Map<string, EventGroup>();
  readonly byType: Record<string, number> = {};
  events = 0;
  overflow = 0;

  add(type: string, reason: string, object: string, repeat: number, message: string, stream: StreamName, line: number): void {
    if (!type && !reason) return;
    this.events++;
    this.byType[type || '?'] = (this.byType[type || '?'] ?? 0) + 1;
    if (type === 'Normal' || type === '') return;
    // Same reason and object but another message (Failed: pull error vs ErrImagePull) is another group.
    const key = `${type}\u0000${reason}\u0000${object}\u0000${errorKey(message.slice(0, 200))}`;
    const group = this.groups.get(key);
    if (group) {
      group.rows++;
      group.count += repeat;
      return;
    }
    if (this.groups.size >= MAX_GROUPS) {
      this.overflow++;
      return;
    }
    this.groups.set(key, { type, reason, object, rows: 1, count: repeat, message, first: { stream, line } });
  }

  /** Non-Normal groups, most frequent first. */
  warnings(): EventGroup[] {
    return [...this.groups.values()].sort((a, b) => b.count - a.count || a.first.line - b.first.line);
  }

  /** Bullets, fields and citations for the Warning groups; the first few are mandatory. */
  report(nextRef: () => string, out: { summary: Bullet[]; fields: Record<string, unknown>; citations: CitationDraft[] }, mandatory = 8): void {
    const groups = this.warnings();
    out.fields.events = this.events;
    out.fields.eventTypes = { ...this.byType };
    const refs: string[] = [];
    groups.forEach((g, i) => {
      const ref = nextRef();
      refs.push(ref);
      out.citations.push({ ref, stream: g.first.stream, from: g.first.line, to: g.first.line, label: `${g.type} ${g.reason}${g.count > 1 ? ` ×${count(g.count)}` : ''}`, kind: 'warning event', priority: i < mandatory ? 'mandatory' : i < 30 ? 'high' : 'normal' });
    });
    if (groups.length) {
      out.fields.warningEvents = groups.slice(0, 30).map((g) => `${g.reason}${g.object ? ` ${g.object}` : ''}${g.count > 1 ? ` ×${g.count}` : ''}: ${shorten(g.message, 140)}`);
      const top = groups.slice(0, 3).map((g) => `${g.reason}${g.count > 1 ? ` ×${count(g.count)}` : ''}${g.object ? ` on ${g.object}` : ''} (${cut(g.message, 70)})`);
      out.summary.push({ text: `${plural(groups.reduce((a, g) => a + g.rows, 0), 'warning event')} in ${plural(groups.length, 'group')} (by reason${groups.some((g) => g.object) ? ' and object' : ''}): ${top.join('; ')}${groups.length > 3 ? '; …' : ''}`, cites: refs.slice(0, 4), fields: ['warningEvents'], priority: 'mandatory' });
    }
  }
}

/** `3m30s (x256 over 58m)` → 256; a COUNT column wins when there is one. */
export function eventRepeat(lastSeen: string | undefined, countCell: string | undefined): number {
  if (countCell && /^\d+$/.test(countCell)) return Number(countCell);
  const m = /\(x(\d+) over /.exec(lastSeen ?? '');
  return m ? Number(m[1]) : 1;
}

/**
 * The packer skips a citation whose lines an earlier-kept one already shows, which would leave a
 * bullet pointing at a ref that is not in the packet: drop such refs from bullets (the low-priority
 * citation lies inside a higher one of the same stream, so its lines are shown anyway).
 */
export function dropShadowedCites(parts: PacketParts): void {
  const lines = parts.citations.filter((c): c is LineCitation => 'from' in c);
  const shadowed = new Set(lines.filter((low) => low.priority === 'low' && lines.some((c) => c !== low && c.priority !== 'low' && c.stream === low.stream && c.from <= low.from && c.to >= low.to)).map((c) => c.ref));
  if (shadowed.size === 0) return;
  for (const bullet of parts.summary) {
    if (!bullet.cites?.some((r) => shadowed.has(r))) continue;
    const cites = bullet.cites.filter((r) => !shadowed.has(r));
    if (cites.length) bullet.cites = cites;
    else delete (bullet as { cites?: readonly string[] }).cites;
  }
}

// ---------------------------------------------------------------- small readers

/** Like clip, but leaves text that is only a little over the limit whole (the cut marker would cost as much). */
export function shorten(text: string, max: number): string {
  return text.length <= max + 40 ? text : clip(text, max);
}

/** A short cut for summary bullets: the head of the text and an ellipsis (the field or citation has it whole). */
export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

export function obj(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
export function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 0;
}

/** Whether a pod name looks generated by a Deployment (`api-7f9c6d8b4-x2x9z`) or a StatefulSet/Job. */
export const POD_NAME = /\b[a-z0-9]([-a-z0-9]*[a-z0-9])?-[a-z0-9]{8,10}-[a-z0-9]{5}\b/;
