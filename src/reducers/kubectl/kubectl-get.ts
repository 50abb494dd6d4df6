/**
 * `kubectl get` / `oc get` in every common shape: the aligned table (`NAME READY STATUS RESTARTS AGE`,
 * `-o wide`, `-A`, `--show-labels`, several tables from `get all`), `-o json` (List or one object)
 * and `-o yaml` (streamed item by item). Counts by status; every pod not Running/ready, failing,
 * or restarted, with its reason; kubectl's own errors from stderr (`Error from server (Forbidden)`).
 * Docs: https://kubernetes.io/docs/reference/kubectl/generated/kubectl_get/
 */
import type { Bullet, CitationDraft, ExitInfo, JsonStyle, PacketParts, Reducer, RunContext } from '../../core/types.js';
import { commandWords } from '../../core/argv.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { isPlainObject } from '../generic/json-render.js';
import { JsonItemStream } from './kube-json-items.js';
import { jsonListParts } from './kube-json-list.js';
import { MAX_PROBLEMS, problemParts, rankRestarted, RESTARTED_LISTED, restartedParts, type Problem, type Restarted } from './kube-problems.js';
import { YamlItemStream, type YamlItem } from './kube-yaml.js';
import { arr, cell, conditionBad, describeObject, describePod, isGetHeader, isPodHeader, KubeErrors, obj, objectHealth, parseHeader, podHealth, rowHealth, splitRow, str, type TableHeader } from './kube.js';
import { kubectlGetClaims } from './kubectl-get.claims.js';

const MAX_STATUSES = 40;

type Mode = 'table' | 'json' | 'yaml' | null;

export const kubectlGetReducer: Reducer = {
  ...kubectlGetClaims,
  version: '1.1.1',
  wantsJson: true,
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
        const parts = jsonListParts(json.doc, json.style, digest, failedExit);
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

