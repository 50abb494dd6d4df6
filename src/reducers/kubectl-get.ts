/**
 * `kubectl get` / `oc get` in every common shape: the aligned table (`NAME READY STATUS RESTARTS AGE`,
 * `-o wide`, `-A`, `--show-labels`, several tables from `get all`), `-o json` (List or one object)
 * and `-o yaml` (streamed item by item). Counts by status; every pod not Running/ready, failing,
 * or restarted, with its reason; kubectl's own errors from stderr (`Error from server (Forbidden)`).
 * Docs: https://kubernetes.io/docs/reference/kubectl/generated/kubectl_get/
 */
import type { Bullet, CitationDraft, ExitInfo, JsonStyle, PacketParts, Reducer, RunContext, StreamName } from '../core/types.js';
import { commandWords } from '../core/argv.js';
import { count, plural } from '../core/format.js';
import { LogDigest } from './_shared/log-digest.js';
import { distillJson } from './json.js';
import { jsonEvents } from './kubectl-events.js';
import { isPlainObject, pointerJoin, renderJson } from './_shared/json-render.js';
import { JsonItemStream } from './_shared/kube-json-items.js';
import { YamlItemStream, type YamlItem } from './_shared/kube-yaml.js';
import { arr, cell, conditionBad, cut, describeObject, describePod, isGetHeader, isPodHeader, KubeErrors, obj, objectHealth, parseHeader, podHealth, rowHealth, shorten, splitRow, str, type TableHeader } from './_shared/kube.js';

const MAX_PROBLEMS = 200;
const MANDATORY_PROBLEMS = 12;
const LISTED = 40;
const RESTARTED_LISTED = 10;
const MAX_STATUSES = 40;

type Mode = 'table' | 'json' | 'yaml' | null;

interface Problem {
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

interface Restarted {
  text: string;
  short?: string;
  restarts: number;
  oom: boolean;
  line: number;
  pointer?: string;
  excerpt?: string[];
}

export const kubectlGetReducer: Reducer = {
  name: 'kubectl-get',
  family: 'kubectl',
  version: '1.0.0',
  claims: ['kubectl get', 'oc get'],
  lane: 'internal',
  wantsJson: true,
  detect(probe) {
    const head = probe.head.slice(0, 4096);
    // Skip kubectl's own warnings and klog lines merged in front (`2>&1`).
    const first = head.split('\n', 8).find((l) => !/^(?:Warning: |[WIE]\d{4} \d\d:)/.test(l)) ?? '';
    const header = parseHeader(first, 1);
    if (header && isPodHeader(header) && isGetHeader(header)) return 0.9;
    if (header && isGetHeader(header) && header.names.includes('AGE')) return 0.7;
    if (/^\s*\{/.test(head) && /"apiVersion"\s*:/.test(head) && /"kind"\s*:\s*"(?:List|\w+List|Pod|Deployment|Node|Service|ReplicaSet|StatefulSet|DaemonSet|Job)"/.test(head)) return 0.9;
    if (/^(?:apiVersion: \S+\n(?:items:|kind: )|items:\n- apiVersion: )/m.test(head) && /^kind: |^  kind: /m.test(head)) return 0.8;
    const errorsOnly = /^(?:Error from server \(|No resources found|error: the server doesn't have a resource type)/;
    if ((probe.head.trim() === '' && errorsOnly.test(probe.stderrHead)) || errorsOnly.test(first)) return 0.6;
    return 0;
  },
  start: (ctx) => startGet(ctx),
};

function startGet(ctx: RunContext): ReturnType<Reducer['start']> {
  const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
  const errors = new KubeErrors();
  const words = commandWords(ctx.argv);
  const resource = words[2];
  let mode: Mode = null;
  let json: { doc: unknown; style: JsonStyle } | null = null;

  // Table state.
  let header: TableHeader | null = null;
  let tables = 0;
  let rows = 0;
  let otherLines = 0;
  const namespaces = new Set<string>();
  const byStatus = new Map<string, number>();
  let pods = 0;
  const problems: Problem[] = [];
  let problemCount = 0;
  let restarted: Restarted[] = [];
  let restartedCount = 0;

  // YAML state.
  const kinds = new Map<string, number>();
  const yaml = new YamlItemStream((item) => onYamlItem(item));
  // Pretty JSON Lists are also read item by item, for when the whole is too large for the json() hook.
  const jsonItems = new JsonItemStream((item) => onObject(item.doc, item.from, item.to, item.focus, item.focus.find((l) => l > item.from) ?? item.from));

  function countStatus(status: string): void {
    if (byStatus.has(status) || byStatus.size < MAX_STATUSES) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    else byStatus.set('(other)', (byStatus.get('(other)') ?? 0) + 1);
  }

  function addProblem(p: Problem): void {
    problemCount++;
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  }

  function addRestarted(r: Restarted): void {
    restartedCount++;
    restarted.push(r);
    if (restarted.length > RESTARTED_LISTED * 2) restarted = rankRestarted(restarted).slice(0, RESTARTED_LISTED);
  }

  function onTableLine(n: number, text: string): void {
    if (text.trim() === '') {
      header = null;
      return;
    }
    if (!header) {
      const h = parseHeader(text, n);
      if (h && isGetHeader(h)) {
        header = h;
        tables++;
        return;
      }
      otherLines++;
      return;
    }
    const cells = splitRow(header, text);
    rows++;
    const ns = cell(header, cells, 'NAMESPACE');
    if (ns && namespaces.size < 1000) namespaces.add(ns);
    const name = cell(header, cells, 'NAME') ?? cells[0] ?? '';
    const health = rowHealth(header, cells);
    const pod = isPodHeader(header);
    if (pod) pods++;
    if (health.status) countStatus(health.status);
    const id = ns ? `${ns}/${name}` : name;
    const ready = cell(header, cells, 'READY');
    const restartsCell = cell(header, cells, 'RESTARTS');
    const restartsText = restartsCell !== undefined ? `restarts ${restartsCell}` : '';
    const text2 = [id, ready, health.status, restartsText].filter((s) => s).join(' ');
    if (health.severity > 0) addProblem({ severity: health.severity, text: text2, group: `${ns ?? ''}/${workloadOf(name)}/${health.status}`, header: header.line, stream: 'stdout', from: n, to: n });
    else if (health.restarts > 0) addRestarted({ text: `${id} ${restartsText}`, restarts: health.restarts, oom: false, line: n });
  }

  function onYamlItem(item: YamlItem): void {
    const lastReason = [...item.lineOf.entries()].find(([pointer]) => /\/lastState\/terminated\/reason$/.test(pointer))?.[1];
    onObject(item.doc, item.from, item.to, isPlainObject(item.doc) && item.doc.kind === 'Pod' ? focusLines(item) : objectFocus(item), lastReason ?? item.lineOf.get('/metadata/name') ?? item.from);
  }

  /** One object of a YAML or streamed JSON List: counted, and kept (as line numbers) when it is not healthy. */
  function onObject(doc: unknown, from: number, to: number, focus: number[], restartLine: number): void {
    if (!isPlainObject(doc)) return;
    const kind = str(doc.kind) ?? '?';
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    rows++;
    if (kind !== 'Pod') {
      const health = objectHealth(kind, doc);
      if (health.severity > 0) addProblem({ severity: health.severity, text: describeObject(health), stream: 'stdout', from, to, focus });
      return;
    }
    pods++;
    const health = podHealth(doc);
    countStatus(health.status);
    if (health.namespace && namespaces.size < 1000) namespaces.add(health.namespace);
    if (health.severity > 0) addProblem({ severity: health.severity, text: describePod(health), short: describePod(health, false), stream: 'stdout', from, to, focus });
    else if (health.restarts > 0) addRestarted({ text: describePod(health), short: describePod(health, false), restarts: health.restarts, oom: health.lastReasons.includes('OOMKilled'), line: restartLine });
  }

  return {
    line(stream, n, text) {
      digest.line(stream, n, text);
      if (errors.line(stream, n, text) || stream === 'stderr') return;
      if (mode === null) {
        if (text.trim() === '') return;
        mode = /^\s*[[{]/.test(text) ? 'json' : /^(?:apiVersion|kind|items|metadata):|^---|^- /.test(text) ? 'yaml' : 'table';
      }
      if (mode === 'table') onTableLine(n, text);
      else if (mode === 'yaml') yaml.line(n, text);
      else if (mode === 'json') jsonItems.line(n, text);
    },
    json(doc, style) {
      json = { doc, style };
    },
    finish(exit) {
      if (mode === 'yaml') yaml.end();
      const summary: Bullet[] = [];
      const fields: Record<string, unknown> = {};
      const citations: CitationDraft[] = [];
      const omitted: PacketParts['omitted'] = [];
      const failedExit = isFailed(exit);

      if (mode === 'json' && json) {
        const parts = jsonParts(json.doc, json.style, digest, failedExit);
        if (parts) return withErrors(parts, errors, digest, exit);
      }
      const understood = (mode === 'table' && tables > 0) || ((mode === 'yaml' || mode === 'json') && rows > 0);
      if (!understood) {
        const parts = mode === null ? emptyParts(exit) : digest.finish(exit);
        if (mode === 'json' && !json) parts.notes = ['JSON output too large or invalid to parse; read as text'];
        return withErrors(parts, errors, digest, exit);
      }

      // Counts by status.
      const statuses = [...byStatus.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const noun = pods > 0 && pods === rows ? 'pod' : 'resource';
      if (pods > 0) fields.pods = pods;
      if (pods !== rows) fields.resources = rows;
      if (statuses.length) fields.byStatus = Object.fromEntries(statuses);
      if (namespaces.size > 1) fields.namespaces = namespaces.size;
      if (kinds.size) fields.kinds = Object.fromEntries([...kinds.entries()].sort((a, b) => b[1] - a[1]));
      const what = pods > 0 && pods < rows ? `${plural(rows, 'resource')}${tables > 1 ? ` in ${count(tables)} tables` : ''} (${plural(pods, 'pod')})` : plural(rows, noun) + (resource && pods === 0 ? ` (${resource})` : '');
      const countText = `${what}${namespaces.size > 1 ? ` in ${plural(namespaces.size, 'namespace')}` : ''}`;
      summary.push({ text: statuses.length ? `${countText}: ${statuses.slice(0, 8).map(([s, c]) => `${count(c)} ${s}`).join(', ')}${statuses.length > 8 ? ', …' : ''}` : countText, fields: [pods > 0 ? 'pods' : 'resources'] });

      // Columns, so cited rows can be read.
      const problemHeaders = new Set(problems.map((p) => p.header).filter((h): h is number => h !== undefined));
      if (mode === 'table') [...problemHeaders].slice(0, 8).forEach((line) => citations.push({ ref: digest.nextRef(), stream: 'stdout', from: line, to: line, label: 'table header', priority: 'high' }));
      problemParts(problems, problemCount, noun, digest, { summary, fields, citations, omitted });
      restartedParts(restarted, restartedCount, noun, digest, { summary, fields, citations, omitted });
      const oversized = mode === 'yaml' ? yaml.oversized : jsonItems.oversized;
      if (oversized) omitted.push({ what: 'objects too large to read', count: oversized });

      const status = failedExit || problems.some((p) => p.severity >= 2) || problemCount > 0 ? 'fail' : restartedCount > 0 ? 'warn' : 'ok';
      const parts: PacketParts = { status, summary, fields: fields as PacketParts['fields'], citations, omitted, confidence: otherLines > rows ? 0.6 : 0.85 };
      return withErrors(parts, errors, digest, exit);
    },
  };
}

/** `api-7f9c6d8b4-x2x9z` → `api`, `report-28391-abcde` (job) → `report-28391`: the owner a pod name comes from. */
function workloadOf(name: string): string {
  return name.replace(/-[a-z0-9]{5}$/, '').replace(/-[a-f0-9]{8,10}$/, '');
}

function isFailed(exit: ExitInfo): boolean {
  return (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
}

function emptyParts(exit: ExitInfo): PacketParts {
  return { status: isFailed(exit) ? 'fail' : 'ok', summary: [], fields: {}, citations: [], omitted: [], confidence: 0.8 };
}

/** kubectl's own errors go first; a failed exit with nothing recognised keeps the digest's windows. */
function withErrors(parts: PacketParts, errors: KubeErrors, digest: LogDigest, exit: ExitInfo): PacketParts {
  const fields = parts.fields as Record<string, unknown>;
  errors.cite(() => digest.nextRef(), parts.citations, parts.summary, fields);
  if (errors.total > 0) parts.status = 'fail';
  if (parts.summary.length === 0 && parts.citations.length === 0) {
    const fallback = digest.finish(exit);
    return { ...fallback, notes: [...(parts.notes ?? [])] };
  }
  return parts;
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

function rankRestarted(list: Restarted[]): Restarted[] {
  return [...list].sort((a, b) => Number(b.oom) - Number(a.oom) || b.restarts - a.restarts || a.line - b.line);
}

function restartedParts(list: Restarted[], total: number, noun: string, refs: { nextRef(): string }, out: { summary: Bullet[]; fields: Record<string, unknown>; citations: CitationDraft[]; omitted: PacketParts['omitted'] }): void {
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

/** Lines of an item worth showing: identity and every status value that explains a failure. */
function focusLines(item: YamlItem): number[] {
  const out: number[] = [];
  const doc = obj(item.doc);
  const conditions = Array.isArray(obj(doc.status).conditions) ? (obj(doc.status).conditions as unknown[]) : [];
  for (const [pointer, line] of item.lineOf) {
    if (out.length >= 16) break;
    const cond = /^\/status\/conditions\/(\d+)\/(?:reason|message)$/.exec(pointer);
    const condition = cond ? obj(conditions[Number(cond[1])]) : null;
    if (condition && (condition.status !== 'False' || obj(doc.status).phase !== 'Pending' || /^(?:Ready|ContainersReady)$/.test(str(condition.type) ?? ''))) continue;
    if (cond || /^\/metadata\/(?:name|namespace)$|^\/status\/(?:phase|reason|message)$|\/(?:waiting|terminated)\/(?:reason|message|exitCode)$|\/restartCount$/.test(pointer)) out.push(line);
  }
  return out.sort((a, b) => a - b);
}

/** Lines of a workload or node worth showing: identity, replica counts and conditions that are not met. */
function objectFocus(item: YamlItem): number[] {
  const out: number[] = [];
  const conditions = arr(obj(obj(item.doc).status).conditions).map(obj);
  for (const [pointer, line] of item.lineOf) {
    if (out.length >= 16) break;
    const cond = /^\/status\/conditions\/(\d+)\/(?:reason|message|status|type)$/.exec(pointer);
    if (cond) {
      const c = conditions[Number(cond[1])] ?? {};
      if (conditionBad(str(c.type) ?? '', str(c.status) ?? '')) out.push(line);
    } else if (/^\/metadata\/(?:name|namespace)$|^\/spec\/replicas$|^\/status\/(?:readyReplicas|unavailableReplicas|numberReady|desiredNumberScheduled|failed|phase)$/.test(pointer)) out.push(line);
  }
  return out.sort((a, b) => a - b);
}

/** The spec fields that explain a workload's health (replicas), not its whole template. */
function pickSpec(o: Record<string, unknown>): Record<string, unknown> {
  const spec = obj(o.spec);
  return 'replicas' in spec ? { replicas: spec.replicas } : {};
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

/** Pods in a JSON List (or one Pod): problems and restarts by pointer; other kinds go to the JSON digest. */
function jsonParts(doc: unknown, style: JsonStyle, refs: LogDigest, failedExit: boolean): PacketParts | null {
  if (!isPlainObject(doc)) return null;
  const list = Array.isArray(doc.items) ? (doc.items as unknown[]) : null;
  const items = list ?? [doc];
  const base = list ? '/items' : '';
  const kinds = new Map<string, number>();
  for (const item of items) {
    const kind = str(obj(item).kind) ?? (str(doc.kind) === 'PodList' ? 'Pod' : '?');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const podCount = kinds.get('Pod') ?? 0;
  // `kubectl get events -o json` prints a List of Events.
  if (podCount === 0 && (kinds.get('Event') ?? 0) === items.length && list) {
    const parts = jsonEvents(doc, style, refs);
    if (parts) return parts;
  }
  const known = [...kinds.keys()].some((k) => k !== '?' && k !== 'Pod');
  if (podCount === 0 && !known) {
    const parts = distillJson(doc, style, refs, failedExit);
    const kindList = [...kinds.entries()].filter(([k]) => k !== '?').sort((a, b) => b[1] - a[1]);
    if (kindList.length === 0) return parts; // not a Kubernetes object (jsonpath, custom output): the JSON digest alone
    parts.fields.kinds = Object.fromEntries(kindList);
    parts.summary.unshift({ text: `${str(doc.kind) ?? 'object'}: ${kindList.map(([k, c]) => `${count(c)} ${k}`).join(', ')}`, fields: ['kinds'] });
    return parts;
  }
  const byStatus = new Map<string, number>();
  const namespaces = new Set<string>();
  const problems: Problem[] = [];
  let problemCount = 0;
  const restarted: Restarted[] = [];
  items.forEach((item, index) => {
    const pod = obj(item);
    const kind = str(pod.kind) ?? (str(doc.kind) === 'PodList' ? 'Pod' : '?');
    if (kind !== 'Pod') {
      if (kind === '?') return;
      const health = objectHealth(kind, pod);
      if (health.severity === 0) return;
      problemCount++;
      const view = { kind, metadata: { namespace: obj(pod.metadata).namespace, name: obj(pod.metadata).name }, spec: pickSpec(pod), status: pod.status };
      if (problems.length < MAX_PROBLEMS) problems.push({ severity: health.severity, text: describeObject(health), stream: 'stdout', from: 0, to: 0, pointer: list ? pointerJoin(base, index) : '', excerpt: [renderJson(view, { style, limit: 700, maxString: 200 })] });
      return;
    }
    const health = podHealth(pod);
    byStatus.set(health.status, (byStatus.get(health.status) ?? 0) + 1);
    if (health.namespace) namespaces.add(health.namespace);
    const pointer = list ? pointerJoin(base, index) : '';
    if (health.severity > 0) {
      problemCount++;
      if (problems.length < MAX_PROBLEMS) problems.push({ severity: health.severity, text: describePod(health), short: describePod(health, false), stream: 'stdout', from: 0, to: 0, pointer, excerpt: podExcerpt(pod, style) });
    } else if (health.restarts > 0) {
      restarted.push({ text: describePod(health), short: describePod(health, false), restarts: health.restarts, oom: health.lastReasons.includes('OOMKilled'), line: index, pointer, excerpt: podExcerpt(pod, style) });
    }
  });
  const summary: Bullet[] = [];
  const fields: Record<string, unknown> = podCount ? { pods: podCount } : {};
  const citations: CitationDraft[] = [];
  const omitted: PacketParts['omitted'] = [];
  const statuses = [...byStatus.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (podCount) {
    fields.byStatus = Object.fromEntries(statuses.slice(0, MAX_STATUSES));
    if (namespaces.size > 1) fields.namespaces = namespaces.size;
    summary.push({ text: `${plural(podCount, 'pod')}${namespaces.size > 1 ? ` in ${plural(namespaces.size, 'namespace')}` : ''}: ${statuses.slice(0, 8).map(([s, c]) => `${count(c)} ${s}`).join(', ')}`, fields: ['pods', 'byStatus'] });
  }
  if (podCount < items.length) {
    fields.kinds = Object.fromEntries([...kinds.entries()].sort((a, b) => b[1] - a[1]));
    summary.push({ text: `${podCount ? 'other kinds' : 'objects'}: ${[...kinds.entries()].filter(([k]) => k !== 'Pod').map(([k, c]) => `${count(c)} ${k}`).join(', ')}`, fields: ['kinds'] });
  }
  problemParts(problems, problemCount, podCount === items.length ? 'pod' : 'object', refs, { summary, fields, citations, omitted });
  restartedParts(restarted, restarted.length, 'pod', refs, { summary, fields, citations, omitted });
  const status = failedExit || problemCount > 0 ? 'fail' : restarted.length > 0 ? 'warn' : 'ok';
  return { status, summary, fields: fields as PacketParts['fields'], citations, omitted, confidence: 0.9 };
}

/** The pod's identity and status, then each container status that is not plainly fine, in the input's JSON style. */
function podExcerpt(pod: Record<string, unknown>, style: JsonStyle): string[] {
  const meta = obj(pod.metadata);
  const status = obj(pod.status);
  const head: Record<string, unknown> = { namespace: meta.namespace, name: meta.name, phase: status.phase };
  for (const key of ['reason', 'message']) if (status[key] !== undefined) head[key] = status[key];
  const lines = [renderJson(head, { style, limit: 400, maxString: 240 })];
  for (const key of ['initContainerStatuses', 'containerStatuses']) {
    const list = Array.isArray(status[key]) ? (status[key] as unknown[]) : [];
    list.forEach((c, i) => {
      const cs = obj(c);
      const fine = cs.ready === true && !cs.restartCount;
      if (fine || lines.length > 5) return;
      const view: Record<string, unknown> = { name: cs.name, ready: cs.ready, restartCount: cs.restartCount, state: cs.state };
      if (isPlainObject(cs.lastState) && Object.keys(cs.lastState).length) view.lastState = cs.lastState;
      lines.push(`/status/${key}/${i} ${renderJson(view, { style, limit: 480, maxString: 200 })}`);
    });
  }
  return lines;
}
