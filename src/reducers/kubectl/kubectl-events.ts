/**
 * `kubectl get events`, `kubectl events` (and `oc`): the event table in its new and old layouts
 * (`LAST SEEN  TYPE  REASON  OBJECT  MESSAGE`; `LAST SEEN  FIRST SEEN  COUNT  NAME  KIND ...`) and
 * `-o json` EventLists. Warning events are grouped by reason and object with their repeat counts
 * (`3m30s (x256 over 58m)`); Normal events are counted.
 * Docs: https://kubernetes.io/docs/reference/kubectl/generated/kubectl_events/
 */
import type { Bullet, CitationDraft, PacketParts, Reducer } from '../../core/types.js';
import { plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { distillJson } from '../generic/json.js';
import { isPlainObject, pointerJoin, renderJson } from '../generic/json-render.js';
import { arr, cell, eventRepeat, EventGrouper, isEventHeader, KubeErrors, num, obj, parseHeader, splitRow, str, type TableHeader } from './kube.js';
import { kubectlEventsClaims } from './kubectl-events.claims.js';

export const kubectlEventsReducer: Reducer = {
  ...kubectlEventsClaims,
  version: '1.1.1',
  wantsJson: true,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const errors = new KubeErrors();
    const grouper = new EventGrouper();
    let header: TableHeader | null = null;
    let json: { doc: unknown; style: 'compact' | 'spaced' } | null = null;
    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (errors.line(stream, n, text) || stream === 'stderr') return;
        if (text.trim() === '') return;
        const h = parseHeader(text, n);
        if (h && isEventHeader(h)) {
          header = h;
          return;
        }
        if (!header) return;
        const cells = splitRow(header, text);
        const object = cell(header, cells, 'OBJECT') ?? [cell(header, cells, 'KIND'), cell(header, cells, 'NAME')].filter(Boolean).join('/');
        const ns = cell(header, cells, 'NAMESPACE');
        grouper.add(cell(header, cells, 'TYPE') ?? '', cell(header, cells, 'REASON') ?? '', ns ? `${ns}/${object}` : object, eventRepeat(cell(header, cells, 'LAST SEEN'), cell(header, cells, 'COUNT')), cell(header, cells, 'MESSAGE') ?? '', stream, n);
      },
      json(doc, style) {
        json = { doc, style };
      },
      finish(exit) {
        const summary: Bullet[] = [];
        const fields: Record<string, unknown> = {};
        const citations: CitationDraft[] = [];
        const ref = (): string => digest.nextRef();
        if (json) {
          const parts = jsonEvents(json.doc, json.style, digest) ?? distillJson(json.doc, json.style, digest, (exit.code ?? 0) !== 0);
          errors.cite(ref, parts.citations, parts.summary, parts.fields as Record<string, unknown>);
          return parts;
        }
        if (grouper.events === 0) {
          const parts = digest.finish(exit);
          errors.cite(ref, parts.citations, parts.summary, parts.fields as Record<string, unknown>);
          if (errors.total > 0) parts.status = 'fail';
          return parts;
        }
        const types = Object.entries(grouper.byType).sort((a, b) => b[1] - a[1]);
        summary.push({ text: `${plural(grouper.events, 'event')}: ${types.map(([t, c]) => `${c} ${t}`).join(', ')}`, fields: ['events', 'eventTypes'] });
        grouper.report(ref, { summary, fields, citations });
        const omitted: PacketParts['omitted'] = [];
        if (grouper.overflow) omitted.push({ what: 'warning events past the group limit', count: grouper.overflow });
        errors.cite(ref, citations, summary, fields);
        const failed = (exit.code !== null && exit.code !== 0) || errors.total > 0;
        const warnings = grouper.groups.size > 0;
        return { status: failed || warnings ? 'fail' : 'ok', summary, fields: fields as PacketParts['fields'], citations, omitted, confidence: 0.85 };
      },
    };
  },
};

/** An EventList from `-o json`: Warning events grouped the same way, cited by pointer. */
export function jsonEvents(doc: unknown, style: 'compact' | 'spaced', refs: { nextRef(): string }): PacketParts | null {
  if (!isPlainObject(doc) || !Array.isArray(doc.items)) return null;
  const grouper = new EventGrouper();
  const pointers = new Map<number, number>();
  doc.items.forEach((item, i) => {
    const e = obj(item);
    if (str(e.kind) && e.kind !== 'Event') return;
    const involved = obj(e.involvedObject ?? e.regarding);
    const object = [str(involved.namespace), `${str(involved.kind) ?? '?'}/${str(involved.name) ?? '?'}`].filter(Boolean).join('/');
    const repeat = num(e.count) || num(obj(e.series).count) || 1;
    // The grouper cites lines; for JSON the item index stands in and is mapped to a pointer below.
    grouper.add(str(e.type) ?? '', str(e.reason) ?? '', object, repeat, str(e.message ?? e.note) ?? '', 'stdout', i + 1);
    pointers.set(i + 1, i);
  });
  if (grouper.events === 0) return null;
  const summary: Bullet[] = [];
  const fields: Record<string, unknown> = {};
  const lineCites: CitationDraft[] = [];
  const types = Object.entries(grouper.byType).sort((a, b) => b[1] - a[1]);
  summary.push({ text: `${plural(grouper.events, 'event')}: ${types.map(([t, c]) => `${c} ${t}`).join(', ')}`, fields: ['events', 'eventTypes'] });
  grouper.report(refs.nextRef.bind(refs), { summary, fields, citations: lineCites });
  const items = arr(doc.items);
  const citations: CitationDraft[] = lineCites.map((c) => {
    if (!('from' in c)) return c;
    const index = pointers.get(c.from) ?? 0;
    const e = obj(items[index]);
    const involved = obj(e.involvedObject ?? e.regarding);
    const view = { type: e.type, reason: e.reason, message: e.message ?? e.note, count: e.count, involvedObject: { kind: involved.kind, namespace: involved.namespace, name: involved.name }, lastTimestamp: e.lastTimestamp };
    return { ref: c.ref, stream: 'stdout', pointer: pointerJoin('/items', index), label: c.label ?? 'event', priority: c.priority, excerpt: [renderJson(view, { style, limit: 600, maxString: 300 })] };
  });
  return { status: grouper.groups.size > 0 ? 'fail' : 'ok', summary, fields: fields as PacketParts['fields'], citations, omitted: [], confidence: 0.85 };
}
