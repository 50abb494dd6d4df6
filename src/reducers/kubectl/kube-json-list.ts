/**
 * A `kubectl get -o json` document (a List or one object), read whole from the core's json() hook:
 * pods by what kubectl would show in STATUS, other kinds by replicas and conditions, Events by
 * reason; each object that is not healthy cited by JSON pointer in the input's own style.
 */
import type { Bullet, CitationDraft, JsonStyle, PacketParts } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { distillJson } from '../generic/json.js';
import { jsonEvents } from './kubectl-events.js';
import { isPlainObject, pointerJoin, renderJson } from '../generic/json-render.js';
import { describeObject, describePod, obj, objectHealth, podHealth, str } from './kube.js';
import { MAX_PROBLEMS, problemParts, restartedParts, type Problem, type Restarted } from './kube-problems.js';

const MAX_STATUSES = 40;

/** The spec fields that explain a workload's health (replicas), not its whole template. */
function pickSpec(o: Record<string, unknown>): Record<string, unknown> {
  const spec = obj(o.spec);
  return 'replicas' in spec ? { replicas: spec.replicas } : {};
}

/** Pods in a JSON List (or one Pod): problems and restarts by pointer; other kinds go to the JSON digest. */
export function jsonListParts(doc: unknown, style: JsonStyle, refs: { nextRef(): string }, failedExit: boolean): PacketParts | null {
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
