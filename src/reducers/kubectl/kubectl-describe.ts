/**
 * `kubectl describe` / `oc describe` (pods, deployments, nodes, anything with the same layout):
 * per object the status, each container's state and last state with reason and exit code
 * (`Last State: Terminated / Reason: OOMKilled / Exit Code: 137`), restart counts, conditions not
 * met, and Warning events grouped by reason. Sample: `    Last State:     Terminated`.
 * Docs: https://kubernetes.io/docs/reference/kubectl/generated/kubectl_describe/
 */
import type { Bullet, CitationDraft, PacketParts, Priority, Reducer } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { BAD_STATUS, conditionBad, cut, eventRepeat, EventGrouper, KubeErrors, parseHeader, shorten, splitRow, type TableHeader } from './kube.js';
import { kubectlDescribeClaims } from './kubectl-describe.claims.js';

const MAX_OBJECTS_KEPT = 40;
const GOOD_OBJECT_STATUS = /^(?:Running|Succeeded|Active|Bound|Available|Complete|Completed|Ready|Established|True)$/;

interface Container {
  name: string;
  init: boolean;
  nameLine: number;
  imageLine: number;
  stateLine: number;
  state: string;
  reason: string;
  exitCode: number | null;
  lastState: string;
  lastReason: string;
  lastExit: number | null;
  ready: string;
  restarts: number;
  endLine: number;
  focus: number[];
  limits: [number, number] | null;
}

interface Item {
  name: string;
  nameLine: number;
  namespace: string;
  status: string;
  statusLines: [number, number] | null;
  replicas: { line: number; unavailable: number; text: string } | null;
  nodeSelector: { line: number; text: string } | null;
  containers: Container[];
  conditions: Array<{ type: string; status: string; rest: string; line: number }>;
  events: EventGrouper;
}

export const kubectlDescribeReducer: Reducer = {
  ...kubectlDescribeClaims,
  version: '1.1.1',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const errors = new KubeErrors();
    let objects = 0;
    const kept: Item[] = [];
    let problemObjects = 0;
    let current: Item | null = null;
    let section = '';
    let container: Container | null = null;
    let subsection = '';
    let eventHeader: TableHeader | null = null;
    let totalEvents = 0;

    let firstObject: Item | null = null;
    const close = (): void => {
      if (!current) return;
      container = null;
      if (severityOf(current) > 0) {
        problemObjects++;
        if (kept.length < MAX_OBJECTS_KEPT) kept.push(current);
      }
      current = null;
    };

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (errors.line(stream, n, text) || stream === 'stderr') return;
        if (/^Name:\s/.test(text)) {
          close();
          objects++;
          current = { name: text.slice(5).trim(), nameLine: n, namespace: '', status: '', statusLines: null, replicas: null, nodeSelector: null, containers: [], conditions: [], events: new EventGrouper() };
          firstObject ??= current;
          section = '';
          return;
        }
        const item = current as Item | null;
        if (!item) return;
        const top = /^([A-Z][A-Za-z0-9 ()-]*):\s*(.*)$/.exec(text);
        if (top) {
          const [, key, value] = top as unknown as [string, string, string];
          section = key;
          container = null;
          eventHeader = null;
          if (key === 'Namespace') item.namespace = value.trim();
          else if (key === 'Status' && value.trim()) {
            item.status = value.trim();
            item.statusLines = [n, n];
          } else if ((key === 'Reason' || key === 'Message') && item.statusLines && item.statusLines[1] >= n - 2) item.statusLines[1] = n;
          else if (key === 'Replicas') {
            const m = /(\d+) unavailable/.exec(value);
            item.replicas = { line: n, unavailable: m ? Number(m[1]) : 0, text: value.trim() };
          } else if (key === 'Pods Statuses' || key === 'Pods Status') {
            // Jobs: `0 Active (0 Ready) / 0 Succeeded / 4 Failed`; DaemonSets: `2 Running / 1 Waiting / 0 Succeeded / 1 Failed`.
            const failed = Number(/(\d+) Failed/.exec(value)?.[1] ?? 0) + Number(/(\d+) Waiting/.exec(value)?.[1] ?? 0);
            item.replicas = { line: n, unavailable: failed, text: value.trim() };
          } else if (key === 'Node-Selectors' && value.trim() !== '<none>') item.nodeSelector = { line: n, text: value.trim() };
          return;
        }
        if (section === 'Containers' || section === 'Init Containers') onContainerLine(item, n, text);
        else if (section === 'Conditions') {
          const m = /^ {2,}(\S+)\s+(True|False|Unknown)\b\s*(.*)$/.exec(text);
          // Node conditions carry heartbeat and transition times before the reason: keep the reason and message.
          if (m && item.conditions.length < 30) item.conditions.push({ type: m[1]!, status: m[2]!, rest: m[3]!.replace(/\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d [+-]\d{4}/g, '').replace(/\s+/g, ' ').trim(), line: n });
        } else if (section === 'Events') {
          if (!eventHeader) {
            eventHeader = parseHeader(text, n, true);
            return;
          }
          if (/^\s*-+(\s+-+)*\s*$/.test(text) || text.trim() === '') return;
          const cells = splitRow(eventHeader, text);
          const get = (name: string): string => cells[eventHeader!.names.indexOf(name)] ?? '';
          totalEvents++;
          item.events.add(get('Type'), get('Reason'), '', eventRepeat(get('Age'), undefined), get('Message'), 'stdout', n);
        }
      },
      finish(exit) {
        close();
        const summary: Bullet[] = [];
        const fields: Record<string, unknown> = {};
        const citations: CitationDraft[] = [];
        const omitted: PacketParts['omitted'] = [];
        const ref = (): string => digest.nextRef();
        if (objects === 0) {
          const parts = errors.total > 0 || errors.noResources ? { status: 'fail' as const, summary, fields: fields as PacketParts['fields'], citations, omitted, confidence: 0.8 } : digest.finish(exit);
          errors.cite(ref, parts.citations, parts.summary, parts.fields as Record<string, unknown>);
          if (errors.noResources && errors.total === 0 && !(exit.code ?? 0)) parts.status = 'ok';
          return parts.summary.length || parts.citations.length ? parts : digest.finish(exit);
        }
        if (objects > 1) {
          fields.objects = objects;
          fields.problemObjects = problemObjects;
          summary.push({ text: `${plural(objects, 'object')} described, ${count(problemObjects)} with problems`, fields: ['objects', 'problemObjects'] });
        }
        let worst = 0;
        const single = objects === 1;
        const details: string[] = [];
        if (kept.length === 0 && firstObject && single) kept.push(firstObject);
        kept.sort((a, b) => rankOf(b) - rankOf(a) || a.nameLine - b.nameLine);
        kept.forEach((item, index) => {
          worst = Math.max(worst, severityOf(item));
          reportItem(item, index, single, { summary, citations, details, fields }, ref);
        });
        if (!single) fields.problems = details.slice(0, 40);
        if (!single && problemObjects > 40) omitted.push({ what: 'objects with problems not listed in fields', count: problemObjects - 40 });
        if (problemObjects > kept.length) omitted.push({ what: 'described objects with problems, not detailed', count: problemObjects - kept.length });
        if (totalEvents > 0) fields.events = totalEvents;
        errors.cite(ref, citations, summary, fields);
        const failed = (exit.code !== null && exit.code !== 0) || errors.total > 0 || worst >= 2;
        return { status: failed ? 'fail' : worst === 1 ? 'warn' : 'ok', summary, fields: fields as PacketParts['fields'], citations, omitted, confidence: 0.85 };
      },
    };

    function onContainerLine(item: Item, n: number, text: string): void {
      const nameMatch = /^ {2}([^\s:][^:]*):\s*$/.exec(text);
      if (nameMatch) {
        container = { name: nameMatch[1]!, init: section === 'Init Containers', nameLine: n, imageLine: 0, stateLine: 0, state: '', reason: '', exitCode: null, lastState: '', lastReason: '', lastExit: null, ready: '', restarts: 0, endLine: n, focus: [], limits: null };
        if (item.containers.length < 30) item.containers.push(container);
        return;
      }
      const c = container as Container | null;
      if (!c) return;
      const m = /^( +)([A-Za-z][A-Za-z ]*):\s*(.*)$/.exec(text);
      if (!m) return;
      const indent = m[1]!.length;
      const key = m[2]!;
      const value = m[3]!.trim();
      if (indent === 4) {
        subsection = key;
        if (key === 'Image') c.imageLine = n;
        else if (key === 'State') {
          c.state = value;
          c.stateLine = n;
          if (value !== 'Running') c.focus.push(n);
        } else if (key === 'Last State') c.lastState = value;
        else if (key === 'Ready') {
          c.ready = value;
          c.endLine = Math.max(c.endLine, n);
        } else if (key === 'Restart Count') {
          c.restarts = Number(value) || 0;
          c.endLine = n;
          if (c.restarts > 0) c.focus.push(n);
        } else if ((key === 'Limits' || key === 'Requests') && !c.limits) c.limits = [n, n];
      } else if (indent >= 6) {
        if (subsection === 'State' || subsection === 'Last State') {
          const last = subsection === 'Last State';
          if (key === 'Reason') {
            if (last) c.lastReason = value;
            else c.reason = value;
            c.focus.push(n);
          } else if (key === 'Exit Code') {
            if (last) c.lastExit = Number(value);
            else c.exitCode = Number(value);
            c.focus.push(n);
          } else if (key === 'Message') c.focus.push(n);
          c.endLine = Math.max(c.endLine, n);
        } else if ((subsection === 'Limits' || subsection === 'Requests') && c.limits) c.limits[1] = n;
      }
    }
  },
};

function containerSeverity(c: Container): number {
  if (c.reason && BAD_STATUS.test(c.reason)) return 2;
  if (c.state === 'Terminated' && c.exitCode !== null && c.exitCode !== 0) return 2;
  if (c.state === 'Waiting' || (c.ready === 'False' && !(c.state === 'Terminated' && c.exitCode === 0))) return c.init && c.state === 'Terminated' ? 0 : 1;
  if (c.restarts > 0 || c.lastReason) return 1;
  return 0;
}

function isConditionBad(c: { type: string; status: string }): boolean {
  return conditionBad(c.type, c.status);
}

function severityOf(item: Item): number {
  let s = 0;
  if (item.status && !GOOD_OBJECT_STATUS.test(item.status)) s = Math.max(s, BAD_STATUS.test(item.status) ? 2 : 1);
  for (const c of item.containers) s = Math.max(s, containerSeverity(c));
  if (item.conditions.some(isConditionBad)) s = Math.max(s, 1);
  if (item.replicas && item.replicas.unavailable > 0) s = Math.max(s, 1);
  if (item.events.groups.size > 0) s = Math.max(s, 2);
  return s;
}

/** Orders described objects: failing first, then by how many things say so. */
function rankOf(item: Item): number {
  const bad = item.containers.filter((c) => containerSeverity(c) >= 2).length;
  return severityOf(item) * 100 + bad * 10 + item.conditions.filter(isConditionBad).length + (item.status && !GOOD_OBJECT_STATUS.test(item.status) ? 5 : 0);
}

function containerText(c: Container): string {
  const parts = [`${c.name}${c.init ? ' (init)' : ''}: ${c.state || '?'}${c.reason ? ` ${c.reason}` : ''}${c.exitCode !== null ? ` (exit ${c.exitCode})` : ''}`];
  if (c.lastState) parts.push(`last ${c.lastState}${c.lastReason ? ` ${c.lastReason}` : ''}${c.lastExit !== null ? ` (exit ${c.lastExit})` : ''}`);
  if (c.restarts) parts.push(`restarts ${c.restarts}`);
  if (c.ready === 'False') parts.push('not ready');
  return parts.join(', ');
}

function reportItem(item: Item, index: number, single: boolean, out: { summary: Bullet[]; citations: CitationDraft[]; details: string[]; fields: Record<string, unknown> }, ref: () => string): void {
  const mandatory: Priority = index < 6 ? 'mandatory' : 'high';
  const id = item.namespace ? `${item.namespace}/${item.name}` : item.name;
  const itemRefs: string[] = [];
  const idRefs: string[] = [];
  if (!single) {
    idRefs.push(ref());
    out.citations.push({ ref: idRefs[0]!, stream: 'stdout', from: item.nameLine, to: item.nameLine + (item.namespace ? 1 : 0), label: 'object', priority: index < 6 ? 'high' : 'normal' });
  }
  if (item.statusLines && !GOOD_OBJECT_STATUS.test(item.status)) {
    const r = ref();
    itemRefs.push(r);
    out.citations.push({ ref: r, stream: 'stdout', from: item.statusLines[0], to: item.statusLines[1], label: 'status', priority: mandatory });
  }
  if (item.replicas && item.replicas.unavailable > 0) {
    const r = ref();
    itemRefs.push(r);
    out.citations.push({ ref: r, stream: 'stdout', from: item.replicas.line, to: item.replicas.line, label: 'replicas', priority: mandatory });
  }
  const bad = item.containers.filter((c) => containerSeverity(c) > 0);
  const containerRefs: string[] = [];
  const oom = bad.some((c) => /OOM/.test(c.reason + c.lastReason));
  for (const c of bad) {
    const r = ref();
    containerRefs.push(r);
    const imageIssue = /Image|ErrImage/.test(c.reason);
    const focus = [...(imageIssue && c.imageLine ? [c.imageLine] : []), ...c.focus];
    const from = imageIssue || c.stateLine === 0 ? c.nameLine : c.stateLine;
    out.citations.push({ ref: r, stream: 'stdout', from, to: c.endLine, label: `container ${c.name}`, kind: 'container state', priority: containerSeverity(c) >= 2 ? mandatory : 'high', focus });
    if (oom && c.limits) out.citations.push({ ref: ref(), stream: 'stdout', from: c.limits[0], to: c.limits[1], label: `limits and requests of ${c.name}`, priority: 'high' });
  }
  // Ready/ContainersReady False says no more than an unhealthy container already does.
  const falseConditions = item.conditions.filter((c) => isConditionBad(c) && !(bad.length > 0 && /^(?:Ready|ContainersReady)$/.test(c.type)));
  const condRefs: string[] = [];
  for (const cond of falseConditions) {
    const r = ref();
    condRefs.push(r);
    out.citations.push({ ref: r, stream: 'stdout', from: cond.line, to: cond.line, label: `condition ${cond.type}`, priority: 'high' });
  }
  const unscheduled = item.conditions.some((c) => c.type === 'PodScheduled' && c.status !== 'True') || [...item.events.groups.values()].some((g) => g.reason === 'FailedScheduling');
  if (unscheduled && item.nodeSelector) out.citations.push({ ref: ref(), stream: 'stdout', from: item.nodeSelector.line, to: item.nodeSelector.line, label: 'node selector', priority: 'high' });

  const head = `${id}: ${item.status ? `Status ${item.status}` : 'described'}${item.replicas ? `; ${/unavailable/.test(item.replicas.text) ? 'Replicas' : 'Pods'} ${item.replicas.text}` : ''}`;
  const groups = item.events.warnings();
  if (!single) {
    // One bullet per object: status, unhealthy containers, conditions not met, warning events.
    const eventRefs: string[] = [];
    groups.slice(0, 3).forEach((g, i) => {
      const r = ref();
      eventRefs.push(r);
      out.citations.push({ ref: r, stream: g.first.stream, from: g.first.line, to: g.first.line, label: `${g.type} ${g.reason}${g.count > 1 ? ` ×${count(g.count)}` : ''}`, kind: 'warning event', priority: i === 0 ? mandatory : 'high' });
    });
    const parts = [head, ...bad.map(containerText)];
    if (falseConditions.length) parts.push(`conditions not met: ${falseConditions.map((c) => c.type).join(', ')}`);
    if (groups.length) parts.push(`warning events: ${groups.slice(0, 3).map((g) => `${g.reason}${g.count > 1 ? ` ×${count(g.count)}` : ''} (${cut(g.message, 50)})`).join(', ')}`);
    const text = shorten(parts.join('; '), 400);
    out.details.push(text);
    out.summary.push({ text, cites: [...idRefs, ...itemRefs, ...containerRefs.slice(0, 2), ...eventRefs.slice(0, 2)], priority: mandatory });
    return;
  }
  out.fields.name = item.name;
  if (item.namespace) out.fields.namespace = item.namespace;
  out.fields.status = item.status || null;
  out.summary.push({ text: head, cites: itemRefs, fields: ['status'], priority: mandatory });
  if (bad.length) {
    out.fields.containers = bad.map(containerText);
    out.summary.push({ text: `${plural(bad.length, 'container')} not healthy: ${bad.slice(0, 4).map(containerText).join('; ')}`, cites: containerRefs.slice(0, 4), fields: ['containers'], priority: mandatory });
  }
  if (falseConditions.length) {
    out.summary.push({ text: `conditions not met: ${falseConditions.map((c) => `${c.type}=${c.status}${c.rest ? ` ${shorten(c.rest, 80)}` : ''}`).join(', ')}`, cites: condRefs.slice(0, 4) });
  }
  if (groups.length) item.events.report(ref, { summary: out.summary, fields: out.fields, citations: out.citations });
}
